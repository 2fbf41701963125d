"""The local scheduler fires the embedded AWS's one-time schedules when the local clock passes them, and the
template's rate events every period; the clock moves only forward, through its local page."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from devtools.local.clock import LocalClock, clock_page
from devtools.local.resources import LocalResources
from devtools.local.scheduler import LocalScheduler, Rate, function_arns, rate_seconds, rates, schedule_groups
from devtools.template import load_template
from infra.schedules.eventbridge import EventBridgeSchedules
from tests.local.process import eventually

REGION, GROUP = "us-east-1", "distilled-local-ClockScheduleGroup"
TICK = "arn:aws:lambda:us-east-1:123456789012:function:distilled-local-clock-tick"
T0 = 1_800_000_000.0


@pytest.fixture
def client() -> Iterator[Any]:
    with mock_aws():
        yield boto3.client("scheduler", region_name=REGION)


def scheduler(client: Any, clock: LocalClock, fired: list[tuple[str, dict[str, Any]]],
              rate: list[Rate] | None = None) -> LocalScheduler:
    def invoke(function: str, event: dict[str, Any]) -> None:
        fired.append((function, event))

    local = LocalScheduler(client, [GROUP], {TICK: "ClockTickFunction"}, rate or [], invoke, clock,
                           threading.RLock(), echo=lambda line: None)
    local.create_groups()
    return local


def test_a_schedule_fires_once_when_the_clock_passes_it_and_is_deleted(client: Any) -> None:
    clock, fired = LocalClock(lambda: T0), []
    local = scheduler(client, clock, fired)
    EventBridgeSchedules(client, GROUP, TICK, "role", now=clock.now).set("g1", T0 + 3600)
    assert local.fire_due() == 0 and [s["at"] for s in local.pending()] == [T0 + 3600]
    clock.advance(3599)
    assert local.fire_due() == 0
    clock.advance(1)
    assert local.fire_due() == 1
    assert fired == [("ClockTickFunction", {"game_id": "g1"})]
    assert local.pending() == [] and local.fire_due() == 0


def test_a_target_that_sets_the_next_schedule_keeps_it(client: Any) -> None:
    clock, fired = LocalClock(lambda: T0), []
    calendar = EventBridgeSchedules(client, GROUP, TICK, "role", now=clock.now)

    def tick(function: str, event: dict[str, Any]) -> None:
        fired.append((function, event))
        calendar.set(event["game_id"], clock.now() + 600)  # what the tick function does

    local = LocalScheduler(client, [GROUP], {TICK: "ClockTickFunction"}, [], tick, clock, threading.RLock())
    local.create_groups()
    calendar.set("g1", T0 + 60)
    clock.advance(100)
    assert local.fire_due() == 1
    assert [s["at"] for s in local.pending()] == [T0 + 700]


def test_rates_fire_every_period_of_the_local_clock(client: Any) -> None:
    clock, fired = LocalClock(lambda: T0), []
    local = scheduler(client, clock, fired, [Rate("ClockSweepFunction", 900, T0 + 900)])
    clock.advance(899)
    assert local.fire_due() == 0
    clock.advance(86400)  # a day at once is one run, not 96
    assert local.fire_due() == 1 and local.fire_due() == 0
    assert fired == [("ClockSweepFunction", {})]


def test_the_thread_fires_as_soon_as_the_clock_moves(client: Any) -> None:
    clock, fired = LocalClock(lambda: T0), []
    local = scheduler(client, clock, fired)
    local.idle = 3600.0  # only the clock's move can wake it in time
    EventBridgeSchedules(client, GROUP, TICK, "role", now=clock.now).set("g1", T0 + 7200)
    local.start()
    try:
        assert eventually(lambda: local.passes >= 1)
        clock.advance(7200)
        assert eventually(lambda: fired)
        assert fired == [("ClockTickFunction", {"game_id": "g1"})]
    finally:
        local.stop()
    assert not local.is_alive()


def test_the_template_gives_the_scheduler_its_group_target_and_sweep() -> None:
    res = LocalResources(load_template(), REGION)
    res.refs["ClockTickFunction"] = "x"
    for logical_id in res.resources("AWS::Serverless::Function"):
        res.attrs[(logical_id, "Arn")] = res.arn("lambda", f"function:{res.stack}-{logical_id}")
    res.refs["ClockScheduleGroup"] = GROUP
    assert schedule_groups(res) == [GROUP]
    assert function_arns(res)[TICK] == "ClockTickFunction"
    assert [(r.function, r.period) for r in rates(res, T0)] == [("ClockSweepFunction", 900)]
    assert rate_seconds("rate(1 hour)") == 3600 and rate_seconds("cron(0 * * * ? *)") is None


def test_the_clock_page_moves_time_forward_only_and_refuses_bad_bodies() -> None:
    clock = LocalClock(lambda: T0)
    page = clock_page(clock, "POST", b'{"advance_seconds": 90}', dict)
    assert page.status == 200 and json.loads(page.body)["now"] == T0 + 90
    for body in (b'{"advance_seconds": -1}', b'{"advance_seconds": "9"}', b"{", b'{"advance_seconds": true}', b"[]"):
        refused = clock_page(clock, "POST", body, dict)
        assert refused.status == 400 and "error" in json.loads(refused.body)
    assert clock.now() == T0 + 90, "a refused request moved the clock"
    assert clock_page(clock, "DELETE", b"", dict).status == 405
    assert json.loads(clock_page(clock, "GET", b"", lambda: {"fired": 3}).body) == \
        {"now": T0 + 90, "offset_seconds": 90.0, "fired": 3}


def test_the_thread_sleeps_until_the_next_due_time_and_a_write_wakes_it(client: Any) -> None:
    clock, fired = LocalClock(lambda: T0), []
    local = scheduler(client, clock, fired, [Rate("ClockSweepFunction", 900, T0 + 900)])
    local.idle = 3600.0
    calendar = EventBridgeSchedules(client, GROUP, TICK, "role", now=clock.now)
    calendar.set("g1", T0 + 7200)
    local.start()
    try:
        assert eventually(lambda: local.passes >= 1)
        assert local.next_due == T0 + 900 and local.pause == 900.0, "asleep until the sweep is due"
        calendar.set("g2", T0 + 60)  # a move sets its game's deadline: the server wakes the scheduler
        local.wake()
        assert eventually(lambda: local.passes >= 2)
        assert local.next_due == T0 + 60 and local.pause == 60.0
        clock.advance(60)
        assert eventually(lambda: fired)
        assert fired == [("ClockTickFunction", {"game_id": "g2"})]
        assert eventually(lambda: local.next_due == T0 + 900)
    finally:
        local.stop()
    assert not local.is_alive()


def test_with_nothing_scheduled_the_thread_sleeps_its_longest_wait(client: Any) -> None:
    local = scheduler(client, LocalClock(lambda: T0), [])
    assert local.fire_due() == 0 and local.next_due is None and local.next_pause() == local.idle >= 30
