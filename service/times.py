"""Every way the service writes a time, in one place: ISO 8601 in UTC (to the second, or to the millisecond as
the commits record it) for what programs read, and a short UTC form for what people read in a message."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def iso_seconds(epoch: float) -> str:
    """"2026-05-02T08:00:00Z": profiles, links, quiet hours, vacations."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def iso_millis(epoch: float) -> str:
    """The commits' form of a time: ISO 8601 in UTC, to the millisecond."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def iso_utc(moment: datetime) -> str:
    """A moment (of any time zone) in UTC, to the second: its text order is its time order."""
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def utc_minutes(epoch: Any) -> str:
    """What a message says of a time: "2027-01-16 08:00 UTC" ("?" for no time)."""
    if not isinstance(epoch, int | float):
        return "?"
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")
