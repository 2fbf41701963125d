"""The lobbies' routes for the command line, and what a lobby's game leaves in the state file: the game, with
the sentinel PLAYER_SEAT as the token of the seat the saved player plays (the saved player's key is sent for it,
the newest one even after `distilled player rotate-key`) and, for the host, the bots' tokens."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from devtools.client.clocks import clock_line
from devtools.client.http import ApiClient, ClientError
from devtools.client.saved import PLAYER_SEAT, SavedGames


def parse_invite(text: str) -> tuple[str | None, str, str | None]:
    """(API base URL or None, game id, invite code or None) of an invite link `<base>/lobbies/<id>#invite=<code>`
    or a bare game id (a public lobby)."""
    if "/" not in text and "#" not in text:
        return None, text, None
    parts = urlsplit(text)
    path = parts.path.rstrip("/")
    head, _, game_id = path.rpartition("/lobbies/")
    if not game_id or "/" in game_id:
        raise ClientError(f"not an invite link: expected <url>/lobbies/<game id>#invite=<code>, got {text!r}")
    code = parts.fragment.removeprefix("invite=") if parts.fragment.startswith("invite=") else None
    base = f"{parts.scheme}://{parts.netloc}{head}" if parts.scheme and parts.netloc else None
    return base, game_id, code


def create_lobby(client: ApiClient, key: str, seats: int | list[dict[str, Any]], public: bool,
                 options: dict[str, Any]) -> dict[str, Any]:
    # A contribution of this machine's own to the game's draws, kept with the host's seat (docs/fairness.md).
    body = {"seats": seats, "public": public, "options": options, "contribution": secrets.token_hex(16)}
    result: dict[str, Any] = client.request("POST", "/lobbies", body, key, idempotent=False)
    return result


def lobby(client: ApiClient, game_id: str, key: str | None) -> dict[str, Any]:
    result: dict[str, Any] = client.request("GET", f"/lobbies/{game_id}", token=key)
    return result


def join(client: ApiClient, game_id: str, key: str, invite: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"invite": invite} if invite else {}
    body["contribution"] = secrets.token_hex(16)  # this machine's own, to the game's draws (docs/fairness.md)
    result: dict[str, Any] = client.request("POST", f"/lobbies/{game_id}/join", body, key)
    return result


def start(client: ApiClient, game_id: str, key: str) -> dict[str, Any]:
    result: dict[str, Any] = client.request("POST", f"/lobbies/{game_id}/start", None, key, idempotent=False)
    return result


def remember_lobby(saved: SavedGames, view: dict[str, Any], url: str,
                   bot_tokens: list[dict[str, Any]] | None = None) -> None:
    """Save (or bring up to date) the lobby's game: once started, the seats this machine plays, by game seat."""
    game_id = view["game_id"]
    entry = saved.data["games"].get(game_id) or {"url": url, "names": [], "tokens": [], "seat": 0, "lobby": True}
    bots = dict(entry.get("bot_tokens") or {})
    bots.update({str(t["seat"]): t["token"] for t in bot_tokens or []})
    entry["bot_tokens"] = bots
    if view["status"] == "started":
        seated = [s for s in view["seats"] if s["game_seat"] is not None]
        entry["names"] = [s["name"] for s in seated]
        entry["tokens"] = [PLAYER_SEAT if s["you"] else bots.get(str(s["seat"])) for s in seated]
        mine = [s["game_seat"] for s in seated if s["you"]]
        entry["seat"] = mine[0] if mine else next((i for i, t in enumerate(entry["tokens"]) if t), 0)
        entry.pop("bot_tokens")  # now in `tokens`, by game seat
    saved.data["games"][game_id] = entry
    saved.data["last_game"] = game_id
    saved.save()


def lobby_lines(view: dict[str, Any]) -> list[str]:
    state = f"started: play it as game {view['game_id']}" if view["status"] == "started" else (
        f"open, {view['free_seats']} free seat(s), expires {view['expires_at']}")
    lines = [f"lobby {view['game_id']} ({'public' if view['public'] else 'by invite'}): {state}"]
    clock = clock_line((view.get("options") or {}).get("clock"))
    lines += [f"  {clock}"] if clock else []
    for seat in view["seats"]:
        who = {"open": "(open)", "removed": "(removed)"}.get(seat["state"], seat["name"] or "")
        kind = " (bot)" if seat["state"] == "bot" else ""
        game_seat = f" -> game seat {seat['game_seat']}" if seat["game_seat"] is not None else ""
        lines.append(f"  seat {seat['seat']}: {who}{kind}{' (you)' if seat['you'] else ''}{game_seat}")
    return lines
