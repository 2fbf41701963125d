"""What a fair game's commits record of its fairness (docs/fairness.md), beside its domain events, never handed to
the domain nor served in a history (as the seats record, service/games/repository.py):

- the first commit's `fairness` record: the generator's name, the commitment SHA-256(seed) and the contributions
  given at the creation (each a string from a client, or drawn by the server for a seat that gave none);
- a seat's first command records its `contribution` (the one its client sent, or one the server draws): every
  draw from that commit on depends on it;
- the commit that ends the game (any way) adds a `reveal` record: the seed, in hex.

And the chance a fair game's commit is decided with: `Draws` over the game's seed (read from the seed store only
when the command draws) for the version being written, ticking through the same generator every time.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from domain.rng import Rng
from domain.state import GameState
from service.fairness.draws import GENERATOR, Draws, commitment

if TYPE_CHECKING:
    from infra.seeds import SeedStore
    from infra.store import Event
    from service.games.aggregate import Aggregate

FAIRNESS_RECORD = "fairness"
CONTRIBUTION_RECORD = "contribution"
REVEAL_RECORD = "reveal"
RECORD_VERSION = 1
MAX_CONTRIBUTION = 128  # characters of one contribution


def fairness_record(seed: bytes, contributions: Sequence[str] = ()) -> Event:
    return {"type": FAIRNESS_RECORD, "v": RECORD_VERSION, "generator": GENERATOR, "commitment": commitment(seed),
            "contributions": list(contributions)}


def contribution_record(seat: int, value: str) -> Event:
    return {"type": CONTRIBUTION_RECORD, "v": RECORD_VERSION, "seat": seat, "value": value}


def reveal_record(seed: bytes) -> Event:
    return {"type": REVEAL_RECORD, "v": RECORD_VERSION, "seed": seed.hex()}


def ends(before: GameState, after: GameState) -> bool:
    return after.phase == "finished" and before.phase != "finished"


def _reader(seeds: SeedStore | None, game_id: str) -> Callable[[], bytes]:
    @cache
    def seed() -> bytes:
        found = seeds.get(game_id) if seeds is not None else None
        if found is None:
            raise LookupError(f"the seed of fair game {game_id} is missing")
        return found

    return seed


class Chance:
    """The chance of one attempt at a game's command: the given `rng` (tests, and games created before seeds were
    kept) or, for a fair game with a seed store, its draws over the contributions recorded so far."""

    def __init__(self, aggregate: Aggregate, rng: Rng | None, seeds: SeedStore | None,
                 fallback: Callable[[], Rng], seed: Callable[[], bytes] | None = None) -> None:
        """`seed`: the seed's reader of an earlier attempt at the same command (read at most once)."""
        self.fair = aggregate.fairness is not None and rng is None and seeds is not None
        self.contributions = aggregate.fairness.values() if aggregate.fairness is not None else ()
        self._rng = rng
        self._fallback = fallback
        self.seed = seed if seed is not None else _reader(seeds, aggregate.game_id)

    def at(self, version: int, adding: Sequence[str] = ()) -> Rng:
        """The chance of the commit at `version` (`adding`: the contribution that commit records)."""
        if self.fair:
            return Draws(self.seed, version, (*self.contributions, *adding))
        return self._rng if self._rng is not None else self._fallback()

    def contribution(self, aggregate: Aggregate, seat: int, given: str | None) -> str | None:
        """What the seat's command records as its contribution: the one its client sent, else one drawn here, on
        the seat's first command of a fair game; None once the seat has contributed (or the game is not fair)."""
        if not self.fair or aggregate.fairness is None or aggregate.fairness.contributed(seat):
            return None
        return given or secrets.token_hex(16)

    def reveal(self, before: GameState, after: GameState) -> list[Any]:
        """The records the commit from `before` to `after` adds: the seed, when it ends a fair game."""
        return [reveal_record(self.seed())] if self.fair and ends(before, after) else []
