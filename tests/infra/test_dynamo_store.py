"""The DynamoDB store beyond the shared contract (tests/infra/test_store_contract.py): its requests, pages,
item layout and errors, under moto."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.store import Snapshot, StoreError
from infra.store.dynamodb import DynamoEventStore
from tests.infra.test_store_contract import commit, fill, versions

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


def test_dynamo_load_is_one_request_when_a_fresh_snapshot_is_on_the_first_page(
    dynamo: DynamoEventStore,
) -> None:
    fill(dynamo, 30)
    dynamo.put_snapshot(Snapshot("g1", 25, 1, {}))
    dynamo.put_snapshot(Snapshot("g1", 28, 0, {}))  # stale: read past, on the same page
    dynamo.requests = 0
    assert versions(dynamo.load("g1", 1).commits) == [26, 27, 28, 29, 30]
    assert dynamo.requests == 1
    dynamo.append(commit(31))
    assert dynamo.requests == 2


def test_dynamo_load_pages_through_a_history_without_snapshot(dynamo: DynamoEventStore) -> None:
    fill(dynamo, 25)
    dynamo.requests = 0
    assert versions(dynamo.load("g1", 1).commits) == list(range(1, 26))
    assert dynamo.requests == 3


def test_dynamo_item_layout(dynamo: DynamoEventStore, dynamodb: DynamoDBClient, table_name: str) -> None:
    dynamo.append(commit(7, seat=None, events=({"type": "Named", "v": 2, "name": "Glen Ø"},)))
    key = {"pk": {"S": "GAME#g1"}, "sk": {"S": "V#0000000007#C"}}
    assert dynamodb.get_item(TableName=table_name, Key=key)["Item"] == {
        **key,
        "kind": {"S": "commit"},
        "version": {"N": "7"},
        "command_id": {"S": "cmd-7"},
        "events": {"S": '[{"type":"Named","v":2,"name":"Glen Ø"}]'},
        "recorded_at": {"S": "2025-03-01T12:00:07Z"},
    }


def test_dynamo_failures_other_than_conflicts_are_store_errors(dynamodb: DynamoDBClient) -> None:
    store = DynamoEventStore("no-such-table", dynamodb)
    with pytest.raises(StoreError):
        store.append(commit(1))
    with pytest.raises(StoreError):
        store.load("g1", 1)


def test_dynamo_from_env_builds_its_client_on_first_use(
    dynamodb: DynamoDBClient, table_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLE_NAME", table_name)
    store = DynamoEventStore.from_env()
    store.append(commit(1))
    assert bool(store.commits("g1"))
    monkeypatch.delenv("TABLE_NAME")
    with pytest.raises(StoreError):
        DynamoEventStore.from_env()
