"""Vacations (docs/adr/0016-turn-clocks.md): while a player is away its seats' turn clocks pause instead of
running out (service.clocks.tick.tick pauses them, by an event, so a replay stays exact).

A player has VACATION_DAYS a calendar year (UTC). Setting `vacation_until` takes the days it spans, counted
from now and rounded up, out of this year's allowance; ending a vacation early, or moving its end, gives back
the days not yet begun. A vacation longer than what is left is refused, naming the days left.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

from infra.players import PlayerRecord
from service.players.errors import InvalidField
from service.times import iso_seconds

VACATION_DAYS = 21
DAY = 86400


def _year(epoch: float) -> int:
    return datetime.fromtimestamp(epoch, UTC).year


def days_used(record: PlayerRecord, now: float) -> int:
    """This year's days taken (a new year starts with none)."""
    if record.vacation_year != _year(now):
        return 0
    return record.vacation_days_used or 0


def _running(record: PlayerRecord, now: float) -> int | None:
    until = record.vacation_until
    return until if until is not None and until > now else None


def _parse(value: str) -> float:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidField("vacation_until", "datetime", "must be an ISO 8601 date and time") from None
    if parsed.tzinfo is None:
        raise InvalidField("vacation_until", "datetime", "must name its time zone (Z for UTC)")
    return parsed.timestamp()


def vacation_fields(record: PlayerRecord, value: str | None, now: float) -> dict[str, Any]:
    """The record's vacation fields after a PATCH of `vacation_until` (None ends a running vacation)."""
    used = days_used(record, now)
    running = _running(record, now)
    if running is not None:
        used = max(0, used - math.ceil((running - now) / DAY))  # the days not begun come back
    if value is None:
        return {"vacation_until": None, "vacation_year": _year(now), "vacation_days_used": used}
    until = _parse(value)
    if until <= now:
        raise InvalidField("vacation_until", "past", "must be in the future")
    days = math.ceil((until - now) / DAY)
    if used + days > VACATION_DAYS:
        raise InvalidField("vacation_until", "allowance",
                           f"is {days} day(s) away; {VACATION_DAYS - used} day(s) of vacation are left this year")
    return {"vacation_until": int(until), "vacation_year": _year(now), "vacation_days_used": used + days}


def vacation_view(record: PlayerRecord, now: float) -> dict[str, Any]:
    """The profile's vacation, as its player sees it."""
    running = _running(record, now)
    until = None if running is None else iso_seconds(running)
    return {"until": until, "days_left": VACATION_DAYS - days_used(record, now), "days_per_year": VACATION_DAYS}
