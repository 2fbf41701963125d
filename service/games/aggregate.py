"""The folded aggregate of one game: its state and what the service keeps beside it (the command ids processed,
the seats' token hashes, contacts and players). Folded and snapshotted by service/games/repository.py; kept
warm by service/games/recent.py, which is why it stands apart from both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from domain.records import field, record
from domain.state import GameState
from service.games.seen import Seen


def command_key(seat: int | None, command_id: str) -> str:
    """Command ids are scoped to a seat: one seat can neither replay nor block another seat's id."""
    return f"{'-' if seat is None else seat}:{command_id}"


class Processed(NamedTuple):
    """What a processed command id wrote, and the digest of the command it carried."""

    version: int
    digest: str | None = None  # None: written before commits kept a digest

    def same_command(self, digest: str) -> bool:
        # Without a digest the two cannot be told apart: answer as before digests were kept (a resend).
        return self.digest is None or self.digest == digest


Resolve = Callable[[str], "Processed | None"]


class Contribution(NamedTuple):
    """A contribution to a fair game's draws: recorded by the commit at `version` (1: the creation's), for a seat
    (None: the creator's)."""

    version: int
    seat: int | None
    value: str


@record(frozen=True)
class Fairness:
    """What a fair game's records say (service/fairness/records.py): the generator, the commitment to the seed,
    the contributions in the order recorded, and the seed (hex) once the commit that ended the game revealed it."""

    generator: str
    commitment: str
    contributions: tuple[Contribution, ...] = ()
    seed: str | None = None

    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.contributions)

    def contributed(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.contributions)


@record(frozen=True)
class Aggregate:
    game_id: str
    state: GameState = field(default_factory=GameState)
    version: int = 0
    # By command_key: every command since the snapshot the aggregate was loaded from (all, without one) ...
    processed: Mapping[str, Processed] = field(default_factory=dict)
    token_hashes: tuple[str, ...] = ()
    contacts: tuple[Mapping[str, str] | None, ...] = ()
    snapshot_version: int = 0  # the newest snapshot known to exist (0: none)
    seen: Seen = field(default_factory=Seen)  # ... and a filter of the keys before that snapshot
    # Looks a key the filter may hold up in the store's commits; set by `load` (the store is not game data).
    resolve: Resolve | None = field(default=None, compare=False, repr=False)
    # By seat: the player seated by a lobby, whose key plays it (empty: every seat plays by its token). Last, so
    # that positional construction stays as it was.
    players: tuple[str | None, ...] = ()
    fairness: Fairness | None = None  # None: a game created before seeds were kept (or with a given rng)
    head: str | None = None  # the newest commit's hash (service/fairness/chain.py); None: an unchained game

    @property
    def exists(self) -> bool:
        return self.version > 0

    def written_by(self, seat: int | None, command_id: str) -> Processed | None:
        """What a command id already wrote, or None if it was never processed."""
        key = command_key(seat, command_id)
        found = self.processed.get(key)
        if found is not None or not self.seen.might_hold(key):
            return found
        if self.resolve is None:
            raise LookupError("an aggregate restored from a snapshot needs its store to tell old command ids")
        return self.resolve(key)
