"""`GET /players/me/games` for the command line, and its lines: "your move" first, as the service sorts them."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from devtools.client.http import ApiClient

MAX_PAGES = 20  # a player with more than 2000 games sees the first 2000


def my_games(client: ApiClient, key: str, page_size: int = 100) -> list[dict[str, Any]]:
    """Every entry, page after page."""
    games: list[dict[str, Any]] = []
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        query = {"limit": str(page_size)} | ({"cursor": cursor} if cursor else {})
        page: dict[str, Any] = client.request("GET", f"/players/me/games?{urlencode(query)}", token=key)
        games += page["games"]
        cursor = page.get("cursor")
        if not cursor:
            break
    return games


def _who(game: dict[str, Any], seats: list[int]) -> str:
    names = game["names"]
    return ", ".join(("you" if s == game["seat"] else names[s] if s < len(names) else f"seat {s}") for s in seats)


def game_line(game: dict[str, Any]) -> str:
    """One line: state, game id, and whose turn it is (or who won)."""
    gid, status = game["game_id"], game["status"]
    if status == "lobby":
        role = "host" if game["host"] else f"seat {game['seat']}"
        return f"lobby      {gid}  {game['open_seats']} open seat(s), you are {role}"
    where = f"{game['phase']}, round {game['round']}"
    if status == "finished":
        scores = game.get("scores") or []
        table = ", ".join(f"{n} {s}" for n, s in zip(game["names"], scores, strict=False))
        won = _who(game, game["winners"]) or "nobody"
        return f"finished   {gid}  won by {won} ({table})"
    if game["awaiting"]:
        others = [s for s in game["to_act"] if s != game["seat"]]
        also = f"; also waiting for {_who(game, others)}" if others else ""
        return f"YOUR MOVE  {gid}  {where}{also}"
    return f"waiting    {gid}  {where}: {_who(game, game['to_act']) or 'nobody'} to act"
