"""The event store's messages and contract, shared by every implementation."""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Protocol

from pydantic_core import from_json

Event = dict[str, Any]


class Commit(NamedTuple):
    """Everything one accepted command wrote: its events, at one version of one game.

    A NamedTuple rather than a frozen dataclass: a load builds one per commit, and a frozen dataclass's
    `__init__` (one `object.__setattr__` a field) cost a fifth of the whole load path."""

    game_id: str
    version: int
    command_id: str
    seat: int | None
    events: tuple[Event, ...]
    recorded_at: str
    # A short fingerprint of the command (infra.serialization.command_digest), so that a command id sent
    # again with another command is told apart from a resend. None in commits written before it was kept.
    digest: str | None = None
    # The hash of the commit before it (service/fairness/chain.py; the first commit's: the genesis), and this
    # commit's secret salt in its own hash (12 random bytes, hex: no one can test a guess of a hidden choice
    # against a hash before the game ends). Both hex text; None in games created before the chain.
    prev: str | None = None
    salt: str | None = None


class Snapshot(NamedTuple):  # named tuples, as Commit: made in a sixth of a frozen dataclass's time at a cold start
    game_id: str
    version: int
    schema_version: int
    payload: dict[str, Any]


class Stream(NamedTuple):
    """The newest usable snapshot (if any) and the commits after it, ascending."""

    snapshot: Snapshot | None
    commits: tuple[Commit, ...]

    @property
    def version(self) -> int:
        if self.commits:
            return self.commits[-1].version
        return self.snapshot.version if self.snapshot else 0


class StoreError(Exception):
    """The store could not do what was asked, for a reason other than a concurrency conflict."""


class ConcurrencyConflict(Exception):
    """Another commit already holds this version: reload and decide again."""

    def __init__(self, game_id: str, version: int) -> None:
        super().__init__(f"game {game_id!r} already has a commit at version {version}")
        self.game_id = game_id
        self.version = version


class EventStore(Protocol):
    def append(self, commit: Commit) -> None:
        """Write the commit if its version is free, else raise ConcurrencyConflict and write nothing.

        Callers append `stream.version + 1`: the conditional write then doubles as the gap check,
        since any other number either collides or was never read by anyone.
        """
        ...

    def load(self, game_id: str, snapshot_schema_version: int, since: int = 0) -> Stream:
        """The newest snapshot of that schema version plus every later commit.

        Snapshots of another schema version are skipped; with no usable one, the whole history.
        `since` is a hint, never a filter: the newest snapshot is likely at version `since` or above, so a
        store may read from there first (the answer is the same whatever the hint).
        """
        ...

    def commits(self, game_id: str, after: int = 0) -> tuple[Commit, ...]:
        """Every commit with a version above `after`, ascending."""
        ...

    def put_snapshot(self, snapshot: Snapshot) -> None:
        """Write or overwrite a snapshot; never part of the concurrency check."""
        ...

    def newer(self, game_id: str, known: int) -> tuple[Commit, ...]:
        """The commits after version `known`, for a caller that already holds the game up to `known`.
        Same answer as `commits(game_id, after=known)`; a store may probe first, since such a caller is
        usually current."""
        ...



def check_commit(commit: Commit) -> None:
    """Refuse what no correct caller sends, identically in every store."""
    if isinstance(commit.version, bool) or not isinstance(commit.version, int) or commit.version < 1:
        raise ValueError(f"commit version must be an int >= 1, got {commit.version!r}")
    if not commit.game_id or not commit.command_id:
        raise ValueError("commit needs a game_id and a command_id")
    if commit.digest is not None and (not isinstance(commit.digest, str) or not 0 < len(commit.digest) <= 64):
        raise ValueError(f"a commit's digest is a short str, got {commit.digest!r}")
    if commit.prev is not None and (not isinstance(commit.prev, str) or not 0 < len(commit.prev) <= 64):
        raise ValueError(f"a commit's prev is a short str, got {commit.prev!r}")
    if (commit.salt is None) != (commit.prev is None) or (commit.salt is not None and len(commit.salt) != 24):
        raise ValueError(f"a chained commit has a prev and a 24-character salt, got {commit.salt!r}")
    for event in commit.events:
        if not isinstance(event.get("type"), str) or not isinstance(event.get("v"), int):
            raise ValueError(f"stored events need a str 'type' and an int 'v': {event!r}")


def check_snapshot(snapshot: Snapshot) -> None:
    if snapshot.version < 1 or not snapshot.game_id:
        raise ValueError(f"snapshot needs a game_id and a version >= 1, got {snapshot.version!r}")


def dump_json(value: object) -> str:
    # Compact UTF-8 rather than \u escapes: item size is what DynamoDB bills.
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def load_json(text: str | bytes) -> Any:
    """`json.loads` of what `dump_json` wrote, by pydantic's Rust parser: 3-4 times faster on commit-sized
    documents, and the load path parses one per commit. Anything it refuses gets `json.loads`'s own answer."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)
