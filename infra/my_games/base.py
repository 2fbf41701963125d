"""The "my games" read model's records and contract, shared by every implementation.

One entry per (player, game): pk `MYGAMES#<player_id>`, sk `GAME#<game_id>`, kept up to date from the table's
stream by the notifier. An entry carries the sparse index keys `gsi1pk = MYGAMES#<player_id>` and `gsi1sk =
<rank>#<newest first>#<game_id>`, rank 0 for "awaiting my move", 1 for a lobby or a game waiting for others, 2
for a finished game: listing a player's games is one Query of the index, awaiting first, never a scan.

Writes are ordered: a game entry replaces an entry only when its game version is higher; a lobby entry (version
0) only a lobby entry of a lower lobby revision. A late or repeated stream record therefore never brings an
entry back to an older state, whatever the order records come in. An entry that is no longer the player's (it
left a lobby) is kept as a tombstone without index keys, so that an older record cannot list it again.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from typing import Any, Literal, Protocol

from domain.records import field, record

ENTRY_PREFIX = "MYGAMES#"
ENTRY_SORT_PREFIX = "GAME#"
INDEX = "gsi1"  # shared with the open lobbies (infra/lobbies): its keys are generic
NEWEST_FIRST = 9_999_999_999  # epoch seconds subtracted from this sort newest first in an ascending key

Status = Literal["lobby", "in_progress", "finished", "left"]


@record(frozen=True)
class GameEntry:
    """A game as one of its players sees it in "my games": nothing a seat may not see (no token, no hand)."""

    player_id: str
    game_id: str
    status: Status
    updated_at: str  # ISO 8601, UTC: the commit (or the lobby) this entry was made from
    seat: int | None = None  # the player's seat (its slot in a lobby)
    version: int = 0  # the game's version; 0 for a lobby
    lobby_revision: int = 0  # a lobby entry's lobby revision
    awaiting: bool = False  # the player must act now
    phase: str | None = None
    round: int | None = None
    to_act: tuple[int, ...] = ()  # the seats that must act now
    names: tuple[str, ...] = ()  # each seat's name
    host: bool = False  # the player hosts the lobby the game came from
    open_seats: int = 0  # a lobby's seats still to claim
    scores: tuple[int, ...] | None = None  # once finished: each seat's final SP
    winners: tuple[int, ...] = ()
    expires_at: int | None = None  # a lobby's entry goes with the lobby (the table's TTL)
    extra: dict[str, Any] = field(default_factory=dict)  # room for later fields without a new shape

    @property
    def listed(self) -> bool:
        return self.status != "left"

    @property
    def rank(self) -> int:
        return 0 if self.awaiting else 2 if self.status == "finished" else 1

    def sort_key(self) -> str:
        return f"{self.rank}#{NEWEST_FIRST - epoch(self.updated_at):010d}#{self.game_id}"

    def newer_than(self, other: GameEntry) -> bool:
        """Whether this entry may replace `other` (the stored one)."""
        if self.version or other.version:
            return self.version > other.version
        return self.lobby_revision > other.lobby_revision


@record(frozen=True)
class Page:
    entries: list[GameEntry]
    cursor: str | None  # where the next page starts (opaque); None: this was the last


class MyGamesStore(Protocol):
    def put(self, entry: GameEntry) -> bool:
        """Write the entry unless the stored one is as new or newer (then nothing is written); whether it was."""
        ...

    def get(self, player_id: str, game_id: str) -> GameEntry | None:
        """The stored entry (tombstones included), strongly consistent."""
        ...

    def page(self, player_id: str, limit: int, after: str | None = None) -> Page:
        """The player's listed entries, awaiting first then newest first, at most `limit`, after the sort key
        `after` (a page's cursor). From the index: eventually consistent."""
        ...


def epoch(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def to_json(entry: GameEntry) -> str:
    return json.dumps(asdict(entry), separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def from_json(text: str) -> GameEntry:
    fields: dict[str, Any] = json.loads(text)
    for name in ("to_act", "names", "winners"):
        fields[name] = tuple(fields.get(name) or ())
    if fields.get("scores") is not None:
        fields["scores"] = tuple(fields["scores"])
    return GameEntry(**fields)


def check_entry(entry: GameEntry) -> None:
    if not entry.player_id or not entry.game_id:
        raise ValueError("an entry needs a player and a game")
    if entry.version < 0 or entry.lobby_revision < 0 or (entry.version == 0) == (entry.lobby_revision == 0):
        raise ValueError("an entry is a game's (version >= 1) or a lobby's (lobby revision >= 1)")
