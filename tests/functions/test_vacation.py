"""Vacations over PATCH /players/me: bounded by the yearly allowance, given back when ended early, shown to the
player in its profile (service/clocks/vacation.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.clock import iso, use_clock
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld

T0 = 1_800_000_000.0  # 2027-01-15T08:00:00Z
DAY = 86400.0


@pytest.fixture
def gw(memory: MemoryWorld) -> Iterator[Gateway]:
    now = [T0]
    use_clock(lambda: now[0])
    yield Gateway()
    use_clock(None)


def test_a_vacation_takes_its_days_from_the_allowance_and_gives_back_what_it_did_not_take(gw: Gateway) -> None:
    key = gw.post("/players", {"name": "Ada"}).body["key"]
    assert gw.get("/players/me", token=key).body["vacation"] == {"until": None, "days_left": 21, "days_per_year": 21}
    away = gw.request("PATCH", "/players/me", {"vacation_until": iso(T0 + 4.5 * DAY)}, token=key)
    assert away.status == 200, away.text
    assert away.body["vacation"] == {"until": "2027-01-19T20:00:00Z", "days_left": 16, "days_per_year": 21}
    too_long = gw.request("PATCH", "/players/me", {"vacation_until": iso(T0 + 30 * DAY)}, token=key)
    assert (too_long.status, too_long.code) == (422, "allowance")
    (error,) = too_long.body["error"]["details"]["errors"]
    assert error["loc"] == ["body", "vacation_until"] and error["type"] == "allowance"
    assert "21 day(s) of vacation are left" in error["message"]  # the running one's days would come back first
    back = gw.request("PATCH", "/players/me", {"vacation_until": None}, token=key)
    assert back.body["vacation"] == {"until": None, "days_left": 21, "days_per_year": 21}


@pytest.mark.parametrize(("value", "kind"), [("tomorrow", "datetime"), ("2027-01-20T08:00:00", "datetime"),
                                             ("2027-01-01T00:00:00Z", "past")])
def test_a_vacation_end_that_cannot_be_is_refused(gw: Gateway, value: str, kind: str) -> None:
    key = gw.post("/players", {"name": "Ada"}).body["key"]
    reply = gw.request("PATCH", "/players/me", {"vacation_until": value}, token=key)
    assert (reply.status, reply.body["error"]["details"]["errors"][0]["type"]) == (422, kind)
    assert gw.get("/players/me", token=key).body["revision"] == 1
