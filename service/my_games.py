""""My games": each player's games (lobbies, games in progress, finished games) with whose turn it is, "awaiting
my move" first, as a read model (infra/my_games) kept from the table's stream by the notifier.

An entry is made from the newest state the notifier folded (a game) or from the lobby item the stream carries
(a lobby): it holds what every seat of the game may see (phase, round, who must act, the seats' names, the final
scores), never a token, a hand or another player's id. Reading is one Query of the table's index for the
caller's own entries; a page holds at most MAX_PAGE entries, with a cursor for the next.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from typing import Any

from domain import to_act
from domain.records import record
from domain.state import GameState
from infra.lobbies import LobbyRecord
from infra.my_games import GameEntry, MyGamesStore, Page
from infra.my_games.base import Status
from infra.players import PlayerRecord
from service.games.repository import Aggregate
from service.limits.errors import InvalidCursor

__all__ = ["DEFAULT_PAGE", "MAX_PAGE", "InvalidCursor", "Listing", "MyGames", "game_entries", "lobby_entries"]

DEFAULT_PAGE = 50
MAX_PAGE = 100
_SORT_KEY = re.compile(r"[0-2]#[0-9]{10}#[A-Za-z0-9_-]{1,64}")


def _clock_extra(state: GameState) -> dict[str, Any]:
    """A clocked game's deadlines by seat (epoch s; None: not running), for "time left"; nothing without a clock."""
    if not state.clocks or state.phase == "finished":
        return {}
    return {"deadlines": [c.deadline for c in state.clocks]}


def game_entries(aggregate: Aggregate, recorded_at: str) -> list[GameEntry]:
    """One entry per seat a player holds (by a lobby), from the game as it is after its newest commit."""
    state = aggregate.state
    waiting = tuple(to_act(state))
    finished = state.phase == "finished"
    names = tuple(p.name for p in state.players)
    scores = tuple((p.score or {}).get("sp", 0) for p in state.players) if finished else None
    return [
        GameEntry(player_id, aggregate.game_id, "finished" if finished else "in_progress", recorded_at, seat=seat,
                  version=aggregate.version, awaiting=seat in waiting, phase=state.phase, round=state.round,
                  to_act=waiting, names=names, scores=scores, winners=tuple(state.winners) if finished else (),
                  extra=_clock_extra(state))
        for seat, player_id in enumerate(aggregate.players) if player_id
    ]


def lobby_entries(record: LobbyRecord) -> list[GameEntry]:
    """A lobby not started yet: an entry per seated player, a tombstone per player who lost its seat. A started
    lobby makes none: its game's version 1 (written by the same start) makes them, and outranks any lobby's."""
    if record.started:
        return []
    names = tuple(s.name or "Open seat" for s in record.slots if s.kind != "removed")
    seated = {s.player_id: i for i, s in enumerate(record.slots) if s.kind == "player" and s.player_id}

    def entry(player_id: str, status: Status, seat: int | None) -> GameEntry:
        return GameEntry(player_id, record.game_id, status, record.created_at, seat=seat,
                         lobby_revision=record.revision, names=names, host=player_id == record.host,
                         open_seats=len(record.free()), expires_at=record.expires_at)

    return [entry(p, "lobby", seat) for p, seat in seated.items()] + [
        entry(p, "left", None) for p in record.left if p not in seated]


def encode_cursor(sort_key: str | None) -> str | None:
    return None if sort_key is None else base64.urlsafe_b64encode(sort_key.encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> str | None:
    if cursor is None:
        return None
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise InvalidCursor() from None
    if not _SORT_KEY.fullmatch(text):
        raise InvalidCursor()
    return text


@record(frozen=True)
class Listing:
    player: PlayerRecord
    entries: list[GameEntry]
    cursor: str | None


@record
class MyGames:
    store: MyGamesStore
    authenticate: Callable[[str | None], PlayerRecord]

    def list(self, key: str | None, limit: int = DEFAULT_PAGE, cursor: str | None = None) -> Listing:
        player = self.authenticate(key)
        after = decode_cursor(cursor)
        page: Page = self.store.page(player.player_id, max(1, min(limit, MAX_PAGE)), after)
        return Listing(player, page.entries, encode_cursor(page.cursor))
