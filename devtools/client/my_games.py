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


def left_text(seconds: float) -> str:
    """Time left on a clock, to the minute: "23 h 10 min left", "2 d 5 h left", "overdue"."""
    if seconds <= 0:
        return "overdue"
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return f"{days} d {hours} h left"
    if hours:
        return f"{hours} h {mins} min left"
    return f"{mins} min left" if mins else "under a minute left"


def _clock(game: dict[str, Any], seats: list[int], before: str) -> str:
    """before + "23 h 10 min left" for the first of `seats` whose clock runs (seconds_left: the API's, by seat);
    nothing in a game without a clock."""
    left = game.get("seconds_left") or []
    running = [left[s] for s in seats if s < len(left) and left[s] is not None]
    return f"{before}{left_text(running[0])}" if running else ""


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
        return f"YOUR MOVE  {gid}  {where}{_clock(game, [game['seat']], ': your move, ')}{also}"
    who = _who(game, game["to_act"]) or "nobody"
    return f"waiting    {gid}  {where}: {who} to act{_clock(game, game['to_act'], ', ')}"
