"""The game's one schedule over moto's EventBridge Scheduler, and the clock index over moto's DynamoDB."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber
from moto import mock_aws

from devtools.template import load_template, table_definition
from infra.schedules import at_epoch, at_expression, game_of, schedule_name
from infra.schedules.eventbridge import LEAD_SECONDS, EventBridgeSchedules, ScheduleError
from infra.schedules.index import SHARDS, DynamoClockIndex, MemoryClockIndex, shard
from tests.service.support import REGION, TABLE_NAME

GROUP, TICK = "clocks", "arn:aws:lambda:eu-west-1:123456789012:function:stack-clock-tick"
ROLE, DLQ = "arn:aws:iam::123456789012:role/clock-scheduler", "arn:aws:sqs:eu-west-1:123456789012:clock-dlq"
NOW = 1_800_000_000.0


@pytest.fixture
def scheduler() -> Iterator[Any]:
    with mock_aws():
        client = boto3.client("scheduler", region_name=REGION)
        client.create_schedule_group(Name=GROUP)
        yield client


def schedules(client: Any) -> EventBridgeSchedules:
    return EventBridgeSchedules(client, GROUP, TICK, ROLE, DLQ, now=lambda: NOW)


def test_the_at_expression_is_utc_to_the_second_and_never_early() -> None:
    assert at_expression(0) == "at(1970-01-01T00:00:00)"
    assert at_expression(86400.2) == "at(1970-01-02T00:00:01)"
    assert at_epoch(at_expression(NOW + 0.5)) == NOW + 1
    assert at_epoch("rate(15 minutes)") is None and at_epoch("at(yesterday)") is None
    assert game_of(schedule_name("g1")) == "g1" and game_of("other") is None


def test_set_creates_the_games_one_schedule_with_its_target_and_input(scheduler: Any) -> None:
    schedules(scheduler).set("g1", NOW + 3600)
    found = scheduler.get_schedule(Name="clock-g1", GroupName=GROUP)
    assert found["ScheduleExpression"] == at_expression(NOW + 3600)
    assert found["ScheduleExpressionTimezone"] == "UTC"
    assert found["ActionAfterCompletion"] == "DELETE"
    assert found["FlexibleTimeWindow"] == {"Mode": "OFF"}
    assert found["Target"]["Arn"] == TICK and found["Target"]["RoleArn"] == ROLE
    assert json.loads(found["Target"]["Input"]) == {"game_id": "g1"}
    assert found["Target"]["DeadLetterConfig"] == {"Arn": DLQ}


def test_set_again_moves_it_and_there_is_still_one(scheduler: Any) -> None:
    calendar = schedules(scheduler)
    calendar.set("g1", NOW + 3600)
    calendar.set("g1", NOW + 7200)
    calendar.set("g1", NOW + 7200)  # a retried record
    listed = scheduler.list_schedules(GroupName=GROUP)["Schedules"]
    assert [s["Name"] for s in listed] == ["clock-g1"]
    assert scheduler.get_schedule(Name="clock-g1", GroupName=GROUP)["ScheduleExpression"] == at_expression(NOW + 7200)


def test_a_wake_already_past_is_set_just_ahead(scheduler: Any) -> None:
    schedules(scheduler).set("g1", NOW - 600)
    expression = scheduler.get_schedule(Name="clock-g1", GroupName=GROUP)["ScheduleExpression"]
    assert at_epoch(expression) == NOW + LEAD_SECONDS


def test_clear_deletes_it_and_clearing_nothing_is_fine(scheduler: Any) -> None:
    calendar = schedules(scheduler)
    calendar.set("g1", NOW + 60)
    calendar.clear("g1")
    calendar.clear("g1")
    calendar.clear("never-scheduled")
    assert scheduler.list_schedules(GroupName=GROUP)["Schedules"] == []


def test_a_scheduler_failure_is_a_schedule_error_naming_only_the_code() -> None:
    client = boto3.client("scheduler", region_name=REGION)
    with Stubber(client) as stub:
        stub.add_client_error("update_schedule", "AccessDeniedException", "not allowed: clock-secret-game")
        stub.add_client_error("delete_schedule", "ThrottlingException", "slow down: clock-secret-game")
        calendar = EventBridgeSchedules(client, GROUP, TICK, ROLE, now=lambda: NOW)
        with pytest.raises(ScheduleError) as raised:
            calendar.set("secret-game", NOW + 60)
        assert "secret-game" not in str(raised.value) and "AccessDeniedException" in str(raised.value)
        with pytest.raises(ScheduleError, match="ThrottlingException"):
            calendar.clear("secret-game")


def test_a_create_racing_another_moves_the_schedule_instead(scheduler: Any) -> None:
    calendar = schedules(scheduler)
    real_update = scheduler.update_schedule
    calls: list[str] = []

    def update(**kwargs: Any) -> Any:
        calls.append("update")
        if len(calls) == 1:  # not there yet
            raise scheduler.exceptions.ResourceNotFoundException(
                {"Error": {"Code": "ResourceNotFoundException", "Message": "gone"}}, "UpdateSchedule")
        return real_update(**kwargs)

    scheduler.update_schedule = update
    scheduler_create = scheduler.create_schedule

    def create(**kwargs: Any) -> Any:
        # The other writer's create lands between our update and our create.
        scheduler_create(**{**kwargs, "ScheduleExpression": at_expression(NOW + 10)})
        return scheduler_create(**kwargs)  # ours: a conflict

    scheduler.create_schedule = create
    calendar.set("g1", NOW + 3600)
    assert calls == ["update", "update"]
    assert at_epoch(real_get(scheduler)["ScheduleExpression"]) == NOW + 3600


def real_get(client: Any) -> dict[str, Any]:
    found: dict[str, Any] = client.get_schedule(Name="clock-g1", GroupName=GROUP)
    return found


@pytest.fixture
def table() -> Iterator[DynamoClockIndex]:
    with mock_aws():
        client = boto3.client("dynamodb", region_name=REGION)
        client.create_table(TableName=TABLE_NAME, **table_definition(load_template()))
        yield DynamoClockIndex(TABLE_NAME, client)


@pytest.mark.parametrize("kind", ["memory", "dynamodb"])
def test_the_index_finds_the_games_due_earliest_first_across_shards(kind: str, table: DynamoClockIndex) -> None:
    index = MemoryClockIndex() if kind == "memory" else table
    games = [f"g{n}" for n in range(3 * SHARDS)]
    assert len({shard(g) for g in games}) > 1
    for n, game in enumerate(games):
        assert index.put(game, 1, NOW + n * 10)
    due = index.due(NOW + 55, limit=100)
    assert [d.game_id for d in due] == games[:6]
    assert [d.wake for d in due] == [NOW + n * 10 for n in range(6)]
    assert [d.game_id for d in index.due(NOW + 55, limit=2)] == games[:2]


@pytest.mark.parametrize("kind", ["memory", "dynamodb"])
def test_an_older_version_never_moves_the_wake_and_none_leaves_the_index(kind: str, table: DynamoClockIndex) -> None:
    index = MemoryClockIndex() if kind == "memory" else table
    assert index.put("g1", 5, NOW)
    assert not index.put("g1", 4, NOW - 1000), "a late record moved the wake back"
    assert index.put("g1", 5, NOW)  # the same state twice: a retry
    assert [d.game_id for d in index.due(NOW + 1, 10)] == ["g1"]
    assert index.put("g1", 6, None)
    assert index.due(NOW + 10**6, 10) == []
    assert not index.put("g1", 5, NOW), "a finished game's tombstone must keep older states out"
