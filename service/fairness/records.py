"""What a fair game's commits record of its fairness (docs/fairness.md), beside its domain events, never handed to
the domain nor served in a history (as the seats record, service/games/repository.py):

- the first commit's `fairness` record: the generator's name, the commitment SHA-256(seed) and the contributions
  given at the creation (each a string from a client, or drawn by the server for a seat that gave none);
- the commit that ends the game (any way) adds a `reveal` record: the seed, in hex.

And the chance a fair game's commit is decided with: `Draws` over the game's seed (read from the seed store only
when the command draws) for the version being written, ticking through the same generator every time.
"""

from __future__ import annotations

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
REVEAL_RECORD = "reveal"
RECORD_VERSION = 1
MAX_CONTRIBUTION = 128  # characters of one contribution


def fairness_record(seed: bytes, contributions: Sequence[str] = ()) -> Event:
    return {"type": FAIRNESS_RECORD, "v": RECORD_VERSION, "generator": GENERATOR, "commitment": commitment(seed),
            "contributions": list(contributions)}


def reveal_record(seed: bytes) -> Event:
    return {"type": REVEAL_RECORD, "v": RECORD_VERSION, "seed": seed.hex()}


def ends(before: GameState, after: GameState) -> bool:
    return after.phase == "finished" and before.phase != "finished"


class Chance:
    """The chance of one game's commands, attempt after attempt: the given `rng` (tests, and games created before
    seeds were kept) or, for a fair game with a seed store, its draws; the seed read at most once."""

    def __init__(self, aggregate: Aggregate, rng: Rng | None, seeds: SeedStore | None,
                 fallback: Callable[[], Rng]) -> None:
        self.fair = aggregate.fairness is not None and rng is None and seeds is not None
        self.contributions = aggregate.fairness.contributions if aggregate.fairness is not None else ()
        self._rng = rng
        self._fallback = fallback
        game_id = aggregate.game_id

        @cache
        def seed() -> bytes:
            found = seeds.get(game_id) if seeds is not None else None
            if found is None:
                raise LookupError(f"the seed of fair game {game_id} is missing")
            return found

        self.seed = seed

    def at(self, version: int) -> Rng:
        """The chance of the commit at `version`."""
        if self.fair:
            return Draws(self.seed, version, self.contributions)
        return self._rng if self._rng is not None else self._fallback()

    def reveal(self, before: GameState, after: GameState) -> list[Any]:
        """The records the commit from `before` to `after` adds: the seed, when it ends a fair game."""
        return [reveal_record(self.seed())] if self.fair and ends(before, after) else []
