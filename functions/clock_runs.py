"""What the tick and sweep functions do: tick a game at the time of the service clock, then move its schedule.

A tick for an unknown or finished game is a logged no-op that clears what is left of its schedule: the
schedule's retries and the sweep must not loop on it. Other failures raise (the tick function's invocation
fails: Lambda retries it, then its dead-letter queue keeps the event; the sweep logs it and goes on).

The sweep ticks every indexed game whose wake is more than GRACE_SECONDS past: a schedule that fired is gone
from the index by then (its tick moved the wake), so what the sweep finds is what a schedule missed. Each
game is started only while the invocation has time for a whole tick (tick_budget) and its answer.
"""

from __future__ import annotations

from typing import Any

from domain.records import field, record
from functions import container
from functions.observability import count, logger

GRACE_SECONDS = 300.0  # a schedule's own delivery and retries come first
SWEEP_LIMIT = 200  # games read from the index per run; the next run takes the rest
TICK_CALLS = 3  # a tick's load, its append and the schedule's writes: worst cases of infra/budget.py's call


@record(frozen=True)
class TickReport:
    game_id: str
    fired: tuple[str, ...] = ()  # "<kind>:<seat>", the seats only: no game data
    next_wake: float | None = None
    skipped: str | None = None  # "unknown", "bad_event": why nothing was ticked


def tick_game(game_id: str, now: float) -> TickReport:
    from service.clocks.tick import tick
    from service.games.pipeline import GameNotFound

    try:
        services = container.services()
        ticked = tick(container.store(), game_id, now, services.player_store, services.seeds)
    except GameNotFound:
        logger.info("tick for an unknown game: nothing to do", extra={"game_id": game_id})
        container.reactions().clock_schedule.schedules.clear(game_id)
        return TickReport(game_id, skipped="unknown")
    if ticked.version == 0:
        logger.info("tick for an unknown game: nothing to do", extra={"game_id": game_id})
        container.reactions().clock_schedule.schedules.clear(game_id)
        return TickReport(game_id, skipped="unknown")
    if ticked.fired or ticked.next_wake is not None:  # else: no clock, or already cleared when the game ended
        container.reactions().clock_schedule.follow(game_id, ticked.version, ticked.next_wake)
    fired = tuple(f"{f.kind}:{f.seat}" for f in ticked.fired)
    for one in ticked.fired:
        count("ClockFired", kind=one.kind)
    return TickReport(game_id, fired, ticked.next_wake)


def game_of(event: Any) -> str | None:
    game_id = event.get("game_id") if isinstance(event, dict) else None
    return game_id if isinstance(game_id, str) and 0 < len(game_id) <= 128 else None


@record
class SweepReport:
    found: int = 0
    ticked: list[str] = field(default_factory=list)
    failed: int = 0
    deferred: int = 0


def tick_budget() -> float:
    """Seconds a whole tick may take at worst, with the answer after it. (botocore, imported with the budget,
    is the runtime's own: not imported before a handler runs.)"""
    from infra.budget import RESERVE, WORST_CALL

    return TICK_CALLS * WORST_CALL + RESERVE


def sweep(now: float) -> SweepReport:
    report = SweepReport()
    budget = tick_budget()
    due = container.reactions().clock_schedule.index.due(now - GRACE_SECONDS, SWEEP_LIMIT)
    report.found = len(due)
    for found in due:
        if container.time_left() < budget:
            report.deferred = report.found - len(report.ticked) - report.failed
            break
        try:
            tick_game(found.game_id, now)
            report.ticked.append(found.game_id)
        except Exception:
            report.failed += 1
            count("ClockSweepFailures")
            logger.exception("sweep: tick failed", extra={"game_id": found.game_id})
    return report
