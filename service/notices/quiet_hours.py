"""Quiet hours: a daily window of wall-clock time, in the player's time zone, during which e-mail and push
notices are held (never the game). Pure: the instant is always passed in.

A window is [start, end): "22:00"-"08:00" wraps past midnight. Times are wall-clock times of the player's zone,
so the window follows daylight saving: on a day the clocks change it is an hour shorter or longer in real
time. An end that falls in a spring-forward gap (02:30 on a day 02:00 becomes 03:00) is read with the offset in
force before the change, which lands it just after the gap (03:30 in the new offset); an end repeated by a
fall-back is its first occurrence. Either way the release is after `now`.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from domain.records import record
from service.players.errors import InvalidField

_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
FIELD = "quiet_hours"


@record(frozen=True)
class QuietHours:
    start: time
    end: time

    def stored(self) -> str:
        """As the player record keeps it: "22:00-08:00"."""
        return f"{self.start:%H:%M}-{self.end:%H:%M}"

    def shown(self) -> dict[str, str]:
        return {"start": f"{self.start:%H:%M}", "end": f"{self.end:%H:%M}"}


def _clock(name: str, value: str) -> time:
    found = _CLOCK.fullmatch(value.strip()) if isinstance(value, str) else None
    if found is None:
        raise InvalidField(FIELD, "invalid_time", f"{name} must be a 24-hour time HH:MM, like 22:00")
    return time(int(found.group(1)), int(found.group(2)))


def valid_quiet_hours(start: str, end: str) -> QuietHours:
    quiet = QuietHours(_clock("start", start), _clock("end", end))
    if quiet.start == quiet.end:
        raise InvalidField(FIELD, "empty_window", "start and end must differ (null turns quiet hours off)")
    return quiet


def stored_quiet_hours(value: tuple[str, str] | None) -> str | None:
    """What a profile stores for the quiet hours a PATCH sends (None: none), validated."""
    return None if value is None else valid_quiet_hours(*value).stored()


def from_stored(value: str | None) -> QuietHours | None:
    """The record's text back as a window; None when off (or unreadable: a notice is never held by mistake)."""
    if not value:
        return None
    start, _, end = value.partition("-")
    try:
        return valid_quiet_hours(start, end)
    except InvalidField:
        return None


def _is_quiet(quiet: QuietHours, wall: time) -> bool:
    if quiet.start < quiet.end:
        return quiet.start <= wall < quiet.end
    return wall >= quiet.start or wall < quiet.end  # wraps past midnight


def release_at(quiet: QuietHours | None, time_zone: str, now: datetime) -> datetime | None:
    """When the quiet window `now` falls in ends (an aware UTC instant); None when `now` is not quiet."""
    if quiet is None:
        return None
    zone = ZoneInfo(time_zone)
    local = now.astimezone(zone)
    wall = local.time().replace(tzinfo=None)
    if not _is_quiet(quiet, wall):
        return None
    day: date = local.date()
    if quiet.start > quiet.end and wall >= quiet.start:  # before midnight: the window ends tomorrow
        day += timedelta(days=1)
    end = datetime.combine(day, quiet.end, tzinfo=zone).astimezone(UTC)
    return end if end > now else now + timedelta(minutes=1)
