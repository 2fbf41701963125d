"""Push end to end under moto: a device registered on an SNS platform application, the notifier pushing to it
once per notice however often the stream delivers, a disabled endpoint pruned, quiet hours holding the push
until the release function sends it; every DynamoDB call within the functions' grants."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import pytest

from domain.options import SeatSpec
from functions import container, notifier, release_held
from functions.players.device_routes import devices
from service.games import pipeline
from service.players.service import Changes
from tests.service.gateway import FakeContext
from tests.service.iam import OperationLog, assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import REGION, TABLE_NAME, AwsWorld, give

NOTIFIER = "functions/notifier.lambda_handler"
RELEASE = "functions/release_held.lambda_handler"
TOKEN = "cd" * 32


class PushWorld:
    def __init__(self, aws: AwsWorld) -> None:
        self.aws, self.sns = aws, boto3.client("sns", region_name=REGION)
        self.log = OperationLog()
        self.log.watch(container.dynamodb())
        self.stream = StreamReader(aws.dynamodb)
        created = container.players().create("Ada")
        self.player_id, self.key = created.record.player_id, created.key
        _, device = devices().register(self.key, "apns", TOKEN)
        self.endpoint = device.endpoint_arn

    def game(self) -> str:
        made = pipeline.create_game(container.store(), [SeatSpec(name="Ada"), SeatSpec(name="Bob")],
                                    players=[self.player_id, None], rng=random.Random(1))
        return str(made.aggregate.game_id)

    def notify(self, records: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        with self.log.running(NOTIFIER):
            handled = notifier.lambda_handler({"Records": self.stream.read() if records is None else records},
                                              FakeContext())
        assert handled == {"batchItemFailures": []}
        return self.pushed()

    def pushed(self) -> list[dict[str, Any]]:
        from moto.backends import get_backend

        endpoint = get_backend("sns")["123456789012"][REGION].platform_endpoints.get(self.endpoint)
        return [json.loads(json.loads(m)["APNS"]) for m in endpoint.messages.values()] if endpoint else []

    def devices(self) -> list[Any]:
        record = container.services().player_store.get(self.player_id)
        assert record is not None
        return json.loads(record.devices or "[]")


@pytest.fixture
def world(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[PushWorld]:
    sns = boto3.client("sns", region_name=REGION)
    app = sns.create_platform_application(Name="distilled", Platform="APNS", Attributes={})
    monkeypatch.setenv("APNS_APPLICATION_ARN", app["PlatformApplicationArn"])
    yield PushWorld(aws)


def test_the_seats_player_is_pushed_once_however_often_the_record_comes(world: PushWorld) -> None:
    game = world.game()
    records = world.stream.read()
    first = world.notify(records)
    assert len(first) == 1 and first[0]["game_id"] == game and first[0]["seat"] == "0"
    assert first[0]["aps"]["alert"]["title"] == "Your turn"
    assert TOKEN not in json.dumps(first)
    assert world.notify(records) == first  # delivered again: pushed once
    assert_within_policies(world.log)


def test_a_disabled_endpoint_is_deleted_and_its_device_pruned(world: PushWorld) -> None:
    world.sns.set_endpoint_attributes(EndpointArn=world.endpoint, Attributes={"Enabled": "false"})
    world.game()
    world.notify()
    assert world.devices() == []
    arns = world.sns.list_endpoints_by_platform_application(
        PlatformApplicationArn=world.endpoint.replace(":endpoint/", ":app/").rsplit("/", 1)[0])["Endpoints"]
    assert arns == []
    updates = [c for c in world.log.used[NOTIFIER] if c.action == "dynamodb:UpdateItem"]
    assert updates and all(c.leading_keys == (f"PLAYER#{world.player_id}",) for c in updates)
    assert_within_policies(world.log)


def test_quiet_hours_hold_the_push_until_the_release_function_sends_it(world: PushWorld) -> None:
    container.players().update(world.key, Changes(quiet_hours=("22:00", "08:00")), "https://api.example")
    give(wall_clock=lambda: datetime(2026, 5, 1, 23, 0, tzinfo=UTC).timestamp())
    world.game()
    assert world.notify() == []
    held = world.aws.dynamodb.scan(TableName=TABLE_NAME, FilterExpression="begins_with(pk, :h)",
                                   ExpressionAttributeValues={":h": {"S": "HELD#"}})["Items"]
    assert len(held) == 1 and held[0]["release_at"]["S"] == "2026-05-02T08:00:00Z"
    with world.log.running(RELEASE):
        assert release_held.lambda_handler({}, FakeContext())["due"] == 0  # still night: nothing due
    give(wall_clock=lambda: datetime(2026, 5, 2, 8, 5, tzinfo=UTC).timestamp())
    with world.log.running(RELEASE):
        figures = release_held.lambda_handler({}, FakeContext())
    assert figures == {"due": 1, "sent": 1, "dropped": 0, "still_quiet": 0, "answers": 0}
    assert len(world.pushed()) == 1
    with world.log.running(RELEASE):
        assert release_held.lambda_handler({}, FakeContext())["due"] == 0  # released once
    assert_within_policies(world.log)
