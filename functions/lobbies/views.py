"""What each caller may see of a lobby: the host everything but secrets; anyone else the seats' states and
names, its own player id, never another's. Invite codes and tokens exist only as hashes, never shown."""

from __future__ import annotations

from typing import Any

from infra.lobbies import LobbyRecord
from service.times import iso_seconds as iso


def lobby_view(record: LobbyRecord, viewer: str | None) -> dict[str, Any]:
    host = viewer is not None and viewer == record.host
    seats, game_seat = [], 0
    host_name = next((s.name for s in record.slots if s.player_id == record.host), None)
    for i, slot in enumerate(record.slots):
        mine = viewer is not None and slot.player_id == viewer
        seat: dict[str, Any] = {"seat": i, "state": slot.kind, "name": slot.name, "you": mine,
                                "player_id": slot.player_id if host or mine else None, "game_seat": None}
        if record.started and slot.kind != "removed":
            seat["game_seat"], game_seat = game_seat, game_seat + 1
        seats.append(seat)
    return {
        "game_id": record.game_id, "status": "started" if record.started else "open", "public": record.public,
        "host": host, "host_name": host_name, "seats": seats, "free_seats": len(record.free()),
        "options": record.options, "revision": record.revision, "created_at": record.created_at,
        "expires_at": None if record.started else iso(record.expires_at), "started_at": record.started_at,
        "game": f"/games/{record.game_id}" if record.started else None,
    }


def bot_tokens(record: LobbyRecord, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": record.slots[seat].name or "", "token": token}
            for seat, token in sorted(tokens.items())]
