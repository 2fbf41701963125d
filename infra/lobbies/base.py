"""The lobby store's records and contract, shared by every implementation.

A lobby is one item, pk `LOBBY#<game_id>`, sk `LOBBY`: the game that will be, before it exists. It lives in
its own partition, not the game's: the event store reads a game's partition newest first and takes every item
that is not a commit for a snapshot, so a lobby item there would be read (and billed) by every load of a young
game. It is written only by puts conditional on its `revision` (like a player), so two joins racing for the
last seat never both land. While a public lobby has a free seat its item carries the sparse index keys
`gsi1pk` / `gsi1sk` (OPEN_LOBBIES_KEY, newest first): listing open games is one Query of that index, never a
scan. Until it starts it carries `expires_at`, the table's TTL attribute.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any, Literal, Protocol

from domain.records import record

LOBBY_PREFIX = "LOBBY#"
LOBBY_KEY = "LOBBY"
INDEX = "gsi1"  # generic keys (gsi1pk, gsi1sk): "my games" items of a later part share the index
OPEN_LOBBIES_KEY = "LOBBIES#OPEN"

SlotKind = Literal["open", "player", "bot", "removed"]


@record(frozen=True)
class Slot:
    kind: SlotKind
    name: str | None = None  # a player's display name as it joined, or a bot's name
    player_id: str | None = None  # kind "player" only
    token_sha256: str | None = None  # kind "bot" only: the hash of the token the host was given for it
    contribution: str | None = None  # kind "player": what its client gave to the game's draws (docs/fairness.md)


@record(frozen=True)
class LobbyRecord:
    """A lobby as stored. The invite code and the bot seats' tokens appear only as SHA-256 hashes."""

    game_id: str
    host: str  # the host's player id
    slots: tuple[Slot, ...]
    options: dict[str, Any]
    invite_sha256: str
    public: bool
    created_at: str
    expires_at: int  # epoch seconds: a lobby not started by then is gone
    revision: int = 1
    started_at: str | None = None
    left: tuple[str, ...] = ()  # players who held a seat and lost it before the start ("my games" forgets them)

    @property
    def started(self) -> bool:
        return self.started_at is not None

    def free(self) -> list[int]:
        return [i for i, s in enumerate(self.slots) if s.kind == "open"]

    def listed(self) -> bool:
        """Whether the open-lobbies index holds it."""
        return self.public and not self.started and bool(self.free())


class LobbyExists(Exception):
    """A lobby (or game) with this id already exists: pick another id."""


class LobbyConflict(Exception):
    """The stored lobby is not at the revision this write was based on: nothing was written; re-read."""

    def __init__(self, game_id: str, revision: int) -> None:
        super().__init__(f"lobby {game_id!r} is no longer at revision {revision}")
        self.game_id, self.revision = game_id, revision


class LobbyStore(Protocol):
    def create(self, record: LobbyRecord) -> None:
        """Write a new lobby at revision 1; LobbyExists (and nothing written) if the id is taken."""
        ...

    def get(self, game_id: str) -> LobbyRecord | None:
        """The lobby as last written (a strongly consistent read), or None."""
        ...

    def replace(self, record: LobbyRecord) -> None:
        """Write `record` (revision n + 1) over revision n; LobbyConflict and nothing written otherwise."""
        ...

    def open_lobbies(self, limit: int) -> list[LobbyRecord]:
        """Public lobbies with a free seat, newest first (from the index: eventually consistent)."""
        ...


def check_record(record: LobbyRecord) -> None:
    if not record.game_id or not record.host or len(record.invite_sha256) != 64:
        raise ValueError("a lobby needs a game id, a host and an invite hash")
    if isinstance(record.revision, bool) or not isinstance(record.revision, int) or record.revision < 1:
        raise ValueError(f"revision must be an int >= 1, got {record.revision!r}")


def to_json(record: LobbyRecord) -> str:
    return json.dumps(asdict(record), separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def from_json(text: str) -> LobbyRecord:
    fields = json.loads(text)
    fields["slots"] = tuple(Slot(**s) for s in fields["slots"])
    fields["left"] = tuple(fields.get("left") or ())
    return LobbyRecord(**fields)


def index_sort_key(record: LobbyRecord) -> str:
    return f"{record.created_at}#{record.game_id}"
