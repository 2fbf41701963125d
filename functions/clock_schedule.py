"""Keeps a clocked game's one schedule and its entry in the clock index in step with the game.

Called by the notifier once per game per batch (with the newest aggregate it folded), by the tick function
after each tick (a tick that fires nothing commits nothing, so no stream record would move the schedule) and by
the sweep. The index write goes first and is conditional on the game's version: a writer holding an older
state (a late or retried record) loses there and leaves the schedule alone, so the schedule only ever follows
the newest state seen. A game without a clock writes nothing and calls nothing.

Configuration (template.yaml): CLOCK_SCHEDULE_GROUP, CLOCK_TICK_ARN, CLOCK_SCHEDULER_ROLE_ARN and optionally
CLOCK_DEAD_LETTER_ARN. Tests and the local server install their own with `use(...)`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from functions import container

if TYPE_CHECKING:
    from infra.schedules import Schedules
    from infra.schedules.index import ClockIndex
    from service.games.repository import Aggregate

_schedules: Schedules | None = None
_index: ClockIndex | None = None


def use(schedules: Schedules | None = None, index: ClockIndex | None = None) -> None:
    """Use these (tests, the local server); None: built from the environment again on first use."""
    global _schedules, _index
    _schedules, _index = schedules, index


def schedules() -> Schedules:
    global _schedules
    if _schedules is None:
        import boto3

        from infra.budget import CLIENT_CONFIG, bound
        from infra.schedules.eventbridge import EventBridgeSchedules
        from service.bootstrap import setting
        from service.clock import now_epoch

        client = bound(boto3.client("scheduler", config=CLIENT_CONFIG), container.time_left)
        _schedules = EventBridgeSchedules(client, setting("CLOCK_SCHEDULE_GROUP"), setting("CLOCK_TICK_ARN"),
                                          setting("CLOCK_SCHEDULER_ROLE_ARN"),
                                          os.environ.get("CLOCK_DEAD_LETTER_ARN") or None, now_epoch)
    return _schedules


def index() -> ClockIndex:
    global _index
    if _index is None:
        from infra.schedules.index import DynamoClockIndex

        _index = DynamoClockIndex.from_env(container.dynamodb())
    return _index


def clocked(aggregate: Aggregate) -> bool:
    """Whether the game was created with a clock (options.clock); games without one never schedule."""
    options: Any = getattr(aggregate.state, "options", None)
    return getattr(options, "clock", None) is not None


def follow(game_id: str, version: int, wake: float | None) -> bool:
    """Index and schedule the game's next wake (None: clear both); False when a newer state was there first."""
    if not index().put(game_id, version, wake):
        return False
    if wake is None:
        schedules().clear(game_id)
    else:
        schedules().set(game_id, wake)
    return True


def keep(aggregate: Aggregate) -> None:
    """After a commit: the game's schedule follows its newest state."""
    if not aggregate.exists or not clocked(aggregate):
        return
    from service.clocks.tick import next_wake

    follow(aggregate.game_id, aggregate.version, next_wake(aggregate))
