"""`load(game, schema, since)`: the hint where the newest snapshot should be changes what a store reads, never what
it answers. Contract part on both stores (conftest: memory, and moto with a 4-item page), then DynamoDB's reads."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from infra.store import EventStore, Snapshot
from infra.store.dynamodb import MAX_VERSION, DynamoEventStore
from tests.infra.conftest import TABLE_NAME
from tests.infra.test_store_contract import fill, versions

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

HINTS = (-5, -1, 0, 1, 2, 7, 10, 14, 15, 16, 29, 30, 31, 44, 45, 46, 47, 60, 1000, MAX_VERSION - 1, MAX_VERSION, 10**30)


def layouts() -> list[tuple[int, list[tuple[int, int]]]]:
    """(last version, [(snapshot version, schema version)]): none, on the multiples, off them, stale schemas, and
    random ones."""
    rng = random.Random(11)
    fixed = [
        (9, []),
        (46, [(15, 1), (30, 1), (45, 1)]),
        (46, [(15, 1), (32, 1)]),  # a failed write at 30, retried at 32
        (46, [(15, 1), (30, 2), (45, 0)]),  # the newest usable one below stale ones
        (47, [(47, 1)]),  # the head itself
        (20, [(16, 2)]),  # only a stale schema: the whole history
    ]
    drawn = []
    for _ in range(4):
        last = rng.randint(1, 50)
        drawn.append((last, [(rng.randint(1, last), rng.choice((1, 1, 2))) for _ in range(rng.randint(0, 4))]))
    return fixed + drawn


@pytest.mark.parametrize(("last", "snapshots"), layouts())
def test_any_hint_gives_the_stream_without_one(store: EventStore, last: int, snapshots: list[tuple[int, int]]) -> None:
    fill(store, last)
    for version, schema in snapshots:
        store.put_snapshot(Snapshot("g1", version, schema, {"at": version, "schema": schema}))
    truth = store.load("g1", 1)
    for since in HINTS + tuple(range(last + 2)):
        assert store.load("g1", 1, since) == truth, since


def test_an_unknown_game_is_empty_whatever_the_hint(store: EventStore) -> None:
    for since in (0, 1, 15, 30):
        assert store.load("nope", 1, since).version == 0


def _counting(dynamo: DynamoEventStore) -> list[int]:
    """How many items each Query of this store's client returned (DynamoDB bills each one it reads)."""
    counts: list[int] = []

    def count(parsed: dict[str, Any], model: Any, **_: Any) -> None:
        if model.name == "Query":
            counts.append(int(parsed.get("Count", 0)))

    dynamo.client.meta.events.register("after-call.dynamodb.Query", count)
    return counts


def test_with_the_snapshot_at_the_hint_only_the_items_from_it_up_are_read(dynamodb: DynamoDBClient) -> None:
    dynamo = DynamoEventStore(TABLE_NAME, dynamodb, page_size=16)
    fill(dynamo, 34)
    for version in (15, 30):
        dynamo.put_snapshot(Snapshot("g1", version, 1, {"at": version}))
    counts = _counting(dynamo)
    dynamo.requests = 0
    stream = dynamo.load("g1", 1, since=30)
    assert stream.snapshot == Snapshot("g1", 30, 1, {"at": 30}) and versions(stream.commits) == [31, 32, 33, 34]
    assert dynamo.requests == 1 and counts == [5]  # commits 31-34 and the snapshot, none of the older commits
    counts.clear()
    assert dynamo.load("g1", 1) == stream
    assert counts == [16]  # without the hint: a whole page, eleven commits below the snapshot read for nothing


def test_a_hint_with_no_usable_snapshot_above_it_costs_one_more_read(dynamodb: DynamoDBClient) -> None:
    dynamo = DynamoEventStore(TABLE_NAME, dynamodb, page_size=16)
    fill(dynamo, 34)
    dynamo.put_snapshot(Snapshot("g1", 15, 1, {"at": 15}))
    dynamo.put_snapshot(Snapshot("g1", 31, 2, {"at": 31}))  # of another schema: read past
    dynamo.requests = 0
    stream = dynamo.load("g1", 1, since=30)
    assert stream.snapshot == Snapshot("g1", 15, 1, {"at": 15}) and versions(stream.commits) == list(range(16, 35))
    assert dynamo.requests == 3  # the hinted page, then the plain read (two pages of 16)


def test_a_hint_below_the_newest_snapshot_still_finds_it_first(dynamodb: DynamoDBClient) -> None:
    dynamo = DynamoEventStore(TABLE_NAME, dynamodb, page_size=4)
    fill(dynamo, 40)
    for version in (15, 30, 38):
        dynamo.put_snapshot(Snapshot("g1", version, 1, {"at": version}))
    dynamo.requests = 0
    stream = dynamo.load("g1", 1, since=15)  # a stale caller: read down from the head, the newest snapshot first
    assert stream.snapshot == Snapshot("g1", 38, 1, {"at": 38}) and versions(stream.commits) == [39, 40]
    assert dynamo.requests == 1
    assert dynamo.load("g1", 1, since=30) == stream
