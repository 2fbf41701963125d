"""Keeps a clocked game's one schedule and its entry in the clock index in step with the game.

Followed by the notifier's clock reaction (with the newest aggregate it folded), by the tick function after
each tick (a tick that fires nothing commits nothing, so no stream record would move the schedule) and by the
sweep. The index write goes first and is conditional on the game's version: a writer holding an older state (a
late or retried record) loses there and leaves the schedule alone, so the schedule only ever follows the
newest state seen. A game without a clock writes nothing and calls nothing.
"""

from __future__ import annotations

from typing import Any

from domain.records import record
from infra.schedules import Schedules
from infra.schedules.index import ClockIndex
from service.games.repository import Aggregate


def clocked(aggregate: Aggregate) -> bool:
    """Whether the game was created with a clock (options.clock); games without one never schedule."""
    options: Any = getattr(aggregate.state, "options", None)
    return getattr(options, "clock", None) is not None


@record
class ClockSchedule:
    index: ClockIndex
    schedules: Schedules

    def follow(self, game_id: str, version: int, wake: float | None) -> bool:
        """Index and schedule the game's next wake (None: clear both); False when a newer state was there first."""
        if not self.index.put(game_id, version, wake):
            return False
        if wake is None:
            self.schedules.clear(game_id)
        else:
            self.schedules.set(game_id, wake)
        return True

    def keep(self, aggregate: Aggregate) -> None:
        """After a commit: the game's schedule follows its newest state."""
        if not aggregate.exists or not clocked(aggregate):
            return
        from service.clocks.tick import next_wake

        self.follow(aggregate.game_id, aggregate.version, next_wake(aggregate))
