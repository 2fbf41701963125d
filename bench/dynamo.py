"""Games played into moto's DynamoDB through the real pipeline and store, and DynamoDB's item size rule."""

from __future__ import annotations

import math
import os
import random
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from devtools.bots import random_bot
from domain import to_act
from domain.options import SeatSpec
from infra.store.dynamodb import DynamoEventStore
from service.games import pipeline
from service.games.repository import Aggregate

TABLE = "bench-replay"
FAKE_AWS = {"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": "eu-west-1",
            "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled"}


@contextmanager
def moto_table() -> Iterator[Any]:
    """A DynamoDB client over a moto table defined as template.yaml defines it."""
    import boto3
    from moto import mock_aws

    from devtools.template import load_template, table_definition

    saved = {k: os.environ.get(k) for k in FAKE_AWS}
    os.environ.update(FAKE_AWS)
    try:
        with mock_aws():
            client = boto3.client("dynamodb", region_name="eu-west-1")
            client.create_table(TableName=TABLE, **table_definition(load_template()))
            yield client
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def play(store: DynamoEventStore, players: int, seed: int) -> Aggregate:
    """A whole game of random bots through the pipeline; each command's id a uuid4-like 36 characters."""
    rng = random.Random(seed)
    seats = [SeatSpec(name=f"Player {i + 1}") for i in range(players)]
    aggregate = pipeline.create_game(store, seats, rng=rng).aggregate
    while aggregate.state.phase != "finished":
        seat = rng.choice(to_act(aggregate.state))
        command = random_bot(aggregate.state, seat, rng)
        command_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        aggregate = pipeline.handle(store, aggregate.game_id, seat, command, rng=rng, loaded=aggregate,
                                    command_id=command_id).aggregate
    return aggregate


def partition_items(client: Any, game_id: str) -> list[dict[str, Any]]:
    """Every item of a game, newest first (as a descending Query reads them)."""
    pages = client.get_paginator("query").paginate(
        TableName=TABLE, KeyConditionExpression="pk = :pk", ScanIndexForward=False, ConsistentRead=True,
        ExpressionAttributeValues={":pk": {"S": f"GAME#{game_id}"}})
    return [item for page in pages for item in page["Items"]]


def item_bytes(item: dict[str, Any]) -> int:
    """DynamoDB's item size: each attribute's UTF-8 name plus its value (S: UTF-8 bytes, B: raw bytes,
    N: 1 byte per 2 significant digits + 1)."""
    size = 0
    for name, value in item.items():
        (kind, raw), = value.items()
        size += len(name.encode())
        if kind == "S":
            size += len(raw.encode())
        elif kind == "B":
            size += len(raw)
        elif kind == "N":
            size += math.ceil(len(raw.lstrip("-").replace(".", "").strip("0") or "0") / 2) + 1
        else:
            raise ValueError(f"no size rule for attribute type {kind}")
    return size
