"""Test worlds for the service: environment, the in-memory and the moto-backed back ends, hidden values."""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

REGION = "eu-west-1"
TABLE_NAME = "games-service-test"
TOPIC_ARN = f"arn:aws:sns:{REGION}:123456789012:turns"

# Before any handler is imported: powertools reads these at import, boto3 at client creation.
ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_SECURITY_TOKEN": "testing",
    "AWS_SESSION_TOKEN": "testing", "AWS_DEFAULT_REGION": REGION, "AWS_REGION": REGION,
    "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled",
    "POWERTOOLS_SERVICE_NAME": "distilled-test", "POWERTOOLS_METRICS_NAMESPACE": "DistilledTest",
    "POWERTOOLS_TRACE_DISABLED": "1", "POWERTOOLS_LOG_LEVEL": "INFO",
    "TABLE_NAME": TABLE_NAME, "TOPIC_ARN": TOPIC_ARN,
}


def set_environment() -> None:
    os.environ.update(ENVIRONMENT)
    os.environ.pop("AWS_PROFILE", None)


set_environment()

import boto3  # noqa: E402
from moto import mock_aws  # noqa: E402

from devtools.template import load_template, table_definition  # noqa: E402
from functions import container  # noqa: E402
from infra.channels.memory import MemoryMarkers, Outbox  # noqa: E402
from infra.limits import MemoryLimiter  # noqa: E402
from infra.links import InMemoryLinkStore  # noqa: E402
from infra.lobbies import InMemoryLobbyStore  # noqa: E402
from infra.my_games import InMemoryMyGamesStore  # noqa: E402
from infra.players import InMemoryPlayerStore  # noqa: E402
from infra.store import EventStore, InMemoryEventStore  # noqa: E402
from infra.store.dynamodb import DynamoEventStore  # noqa: E402
from service.bootstrap import Given  # noqa: E402


@dataclass
class MemoryWorld:
    store: InMemoryEventStore = field(default_factory=InMemoryEventStore)
    outbox: Outbox = field(default_factory=Outbox)
    markers: MemoryMarkers = field(default_factory=MemoryMarkers)
    players: InMemoryPlayerStore = field(default_factory=InMemoryPlayerStore)
    lobbies: InMemoryLobbyStore = field(default_factory=InMemoryLobbyStore)
    my_games: InMemoryMyGamesStore = field(default_factory=InMemoryMyGamesStore)
    limiter: MemoryLimiter = field(default_factory=MemoryLimiter)
    links: InMemoryLinkStore = field(default_factory=InMemoryLinkStore)
    game: Any = None  # a test's game, kept across the examples of a property test

    def given(self, seed: int = 7, **fakes: Any) -> Given:
        """The composition root's fakes: this world's stores (and `fakes`, e.g. an e-mail sender)."""
        return Given(store=self.store, rng=random.Random(seed), publisher=self.outbox, markers=self.markers,
                     player_store=self.players, lobby_store=self.lobbies, my_games_store=self.my_games,
                     limiter=self.limiter, link_store=self.links, **fakes)

    def commit_count(self) -> int:
        with self.store.table.lock:
            return sum(len(v) for v in self.store.table.commits.values())


def give(**fakes: Any) -> None:
    """Hand in `fakes` beside the fakes installed (`container.install` forgets everything built). The AWS clients
    built so far are handed in with them, so that what watches a client (an operation log on the DynamoDB one)
    still sees its calls."""
    built, given = vars(container.services()), container.given()
    clients = {name: built[name] for name in ("dynamodb", "sns", "sqs")
               if name in built and getattr(given, name) is None and name not in fakes}
    container.install(replace(given, **clients, **fakes))


def forget_finished() -> None:
    """A new world: the notifier's memory of a failed record's finished reactions (by stream event id) is another
    world's; a test's records, whose ids repeat across tests, must not skip reactions because of it."""
    notifier = sys.modules.get("functions.notifier")
    if notifier is not None:
        notifier._finished.clear()


def memory_world(seed: int = 7) -> Iterator[MemoryWorld]:
    world = MemoryWorld()
    forget_finished()
    container.install(world.given(seed))
    yield world
    container.reset()


@dataclass
class AwsWorld:
    dynamodb: Any
    sqs: Any
    queue_url: str

    @property
    def store(self) -> EventStore:
        return container.store()

    def commit_count(self) -> int:
        pages = self.dynamodb.get_paginator("scan").paginate(
            TableName=TABLE_NAME, FilterExpression="#k = :c", ExpressionAttributeNames={"#k": "kind"},
            ExpressionAttributeValues={":c": {"S": "commit"}}, Select="COUNT",
        )
        return sum(page["Count"] for page in pages)

    def messages(self) -> list[dict[str, Any]]:
        """Everything the notifier published, drained from an SQS queue subscribed to the topic."""
        out = []
        while True:
            got = self.sqs.receive_message(QueueUrl=self.queue_url, MaxNumberOfMessages=10)
            if not got.get("Messages"):
                return out
            for message in got["Messages"]:
                out.append(json.loads(message["Body"]))
                self.sqs.delete_message(QueueUrl=self.queue_url, ReceiptHandle=message["ReceiptHandle"])


def aws_world(seed: int = 7) -> Iterator[AwsWorld]:
    with mock_aws():
        dynamodb = boto3.client("dynamodb", region_name=REGION)
        dynamodb.create_table(TableName=TABLE_NAME, **table_definition(load_template()))
        sns, sqs = boto3.client("sns", region_name=REGION), boto3.client("sqs", region_name=REGION)
        topic = sns.create_topic(Name="turns")["TopicArn"]
        assert topic == TOPIC_ARN
        queue_url = sqs.create_queue(QueueName="inbox")["QueueUrl"]
        queue_arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        sns.subscribe(TopicArn=topic, Protocol="sqs", Endpoint=queue_arn, Attributes={"RawMessageDelivery": "true"})
        forget_finished()
        container.install(Given(rng=random.Random(seed)))
        yield AwsWorld(dynamodb, sqs, queue_url)
        container.reset()


def dynamo_store() -> DynamoEventStore:
    store = container.store()
    assert isinstance(store, DynamoEventStore)
    return store
