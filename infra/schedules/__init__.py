"""When each clocked game must next be looked at (its next reminder or deadline): one one-time schedule per game,
and an index of the games' wakes for the sweep that catches what a schedule missed.

`Schedules.set` creates or moves the game's one schedule; `clear` deletes it (absent is fine). Both are
idempotent: the notifier and the tick function may both set the same wake, and a retried record sets it again.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Protocol

SCHEDULE_PREFIX = "clock-"


class Schedules(Protocol):
    def set(self, game_id: str, at: float) -> None: ...

    def clear(self, game_id: str) -> None: ...


def schedule_name(game_id: str) -> str:
    """One name per game, so that creating it twice is a conflict rather than a second schedule."""
    return f"{SCHEDULE_PREFIX}{game_id}"


def game_of(name: str) -> str | None:
    return name[len(SCHEDULE_PREFIX):] if name.startswith(SCHEDULE_PREFIX) else None


def at_expression(at: float) -> str:
    """EventBridge Scheduler's one-time expression, in UTC, rounded up to the second: never before the wake."""
    when = datetime.fromtimestamp(math.ceil(at), UTC)
    return f"at({when.strftime('%Y-%m-%dT%H:%M:%S')})"


def at_epoch(expression: str) -> float | None:
    """The epoch of an `at(...)` expression (UTC); None for any other kind of expression."""
    if not (expression.startswith("at(") and expression.endswith(")")):
        return None
    try:
        return datetime.strptime(expression[3:-1], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None
