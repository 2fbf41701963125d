"""Quiet hours: the pure time window (midnight wrap, daylight saving days, invalid windows)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service.notices.quiet_hours import from_stored, release_at, valid_quiet_hours
from service.players.errors import InvalidField

NIGHT = valid_quiet_hours("22:00", "08:00")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def test_a_window_wrapping_midnight_holds_until_the_next_morning() -> None:
    assert release_at(NIGHT, "UTC", utc(2026, 5, 1, 23, 30)) == utc(2026, 5, 2, 8, 0)
    assert release_at(NIGHT, "UTC", utc(2026, 5, 2, 3, 0)) == utc(2026, 5, 2, 8, 0)
    assert release_at(NIGHT, "UTC", utc(2026, 5, 1, 22, 0)) == utc(2026, 5, 2, 8, 0)  # start is inside


def test_outside_the_window_nothing_is_held() -> None:
    assert release_at(NIGHT, "UTC", utc(2026, 5, 1, 8, 0)) is None  # end is outside
    assert release_at(NIGHT, "UTC", utc(2026, 5, 1, 12, 0)) is None
    assert release_at(NIGHT, "UTC", utc(2026, 5, 1, 21, 59)) is None
    assert release_at(None, "UTC", utc(2026, 5, 1, 23, 0)) is None


def test_a_daytime_window_does_not_wrap() -> None:
    lunch = valid_quiet_hours("12:00", "14:00")
    assert release_at(lunch, "UTC", utc(2026, 5, 1, 13, 0)) == utc(2026, 5, 1, 14, 0)
    assert release_at(lunch, "UTC", utc(2026, 5, 1, 23, 0)) is None


def test_the_window_is_the_players_wall_clock() -> None:
    # 23:30 in Seoul (UTC+9) is 14:30 UTC: quiet, until 08:00 in Seoul = 23:00 UTC.
    assert release_at(NIGHT, "Asia/Seoul", utc(2026, 5, 1, 14, 30)) == utc(2026, 5, 1, 23, 0)
    assert release_at(NIGHT, "Asia/Seoul", utc(2026, 5, 1, 3, 0)) is None  # noon in Seoul


def test_on_the_spring_forward_night_the_morning_comes_an_hour_sooner() -> None:
    # Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST. 23:00 CET = 22:00 UTC; 08:00 CEST = 06:00 UTC.
    assert release_at(NIGHT, "Europe/Paris", utc(2026, 3, 28, 22, 0)) == utc(2026, 3, 29, 6, 0)


def test_on_the_fall_back_night_the_morning_comes_an_hour_later() -> None:
    # Paris, 25 October 2026: 03:00 CEST becomes 02:00 CET. 23:00 CEST = 21:00 UTC; 08:00 CET = 07:00 UTC.
    assert release_at(NIGHT, "Europe/Paris", utc(2026, 10, 24, 21, 0)) == utc(2026, 10, 25, 7, 0)


def test_an_end_inside_the_spring_gap_is_released_just_after_it() -> None:
    early = valid_quiet_hours("01:00", "02:30")  # 02:30 does not exist in Paris on 29 March 2026
    released = release_at(early, "Europe/Paris", utc(2026, 3, 29, 0, 30))  # 01:30 CET
    assert released == utc(2026, 3, 29, 1, 30)  # 03:30 CEST: after the gap, never before `now`


@pytest.mark.parametrize(("start", "end", "kind"), [
    ("22:00", "22:00", "empty_window"), ("24:00", "08:00", "invalid_time"), ("7:00", "08:00", "invalid_time"),
    ("22:00", "08:60", "invalid_time"), ("22h", "08:00", "invalid_time"),
])
def test_invalid_windows_are_refused_by_name(start: str, end: str, kind: str) -> None:
    with pytest.raises(InvalidField) as refused:
        valid_quiet_hours(start, end)
    assert refused.value.field == "quiet_hours" and refused.value.kind == kind


def test_the_stored_text_round_trips_and_garbage_means_off() -> None:
    assert from_stored(NIGHT.stored()) == NIGHT and NIGHT.stored() == "22:00-08:00"
    assert from_stored(None) is None and from_stored("nonsense") is None
