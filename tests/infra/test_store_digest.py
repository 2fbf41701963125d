"""The commit's command digest, in both stores: kept when there is one, absent (not null) when there is none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.store import Commit, EventStore
from infra.store.dynamodb import DynamoEventStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


def commit(version: int, digest: str | None) -> Commit:
    return Commit("g1", version, f"cmd-{version}", 0, ({"type": "Ticked", "v": 1},), "2025-03-01T12:00:00Z", digest)


def test_a_digest_round_trips_and_older_commits_have_none(store: EventStore) -> None:
    store.append(commit(1, None))
    store.append(commit(2, "q5yZ0B5m3v1Yg3QZ3hZrQw"))
    assert [c.digest for c in store.commits("g1")] == [None, "q5yZ0B5m3v1Yg3QZ3hZrQw"]
    assert [c.digest for c in store.load("g1", 1).commits] == [None, "q5yZ0B5m3v1Yg3QZ3hZrQw"]
    assert store.newer("g1", 1) == (commit(2, "q5yZ0B5m3v1Yg3QZ3hZrQw"),)


@pytest.mark.parametrize("digest", ["", "x" * 65])
def test_a_malformed_digest_is_refused(store: EventStore, digest: str) -> None:
    with pytest.raises(ValueError):
        store.append(commit(1, digest))
    assert not bool(store.commits("g1"))


def test_dynamo_keeps_the_digest_as_one_short_attribute(dynamo: DynamoEventStore, dynamodb: DynamoDBClient,
                                                        table_name: str) -> None:
    dynamo.append(commit(1, None))
    dynamo.append(commit(2, "q5yZ0B5m3v1Yg3QZ3hZrQw"))
    items = [dynamodb.get_item(TableName=table_name, Key={"pk": {"S": "GAME#g1"}, "sk": {"S": f"V#000000000{v}#C"}})
             ["Item"] for v in (1, 2)]
    assert "digest" not in items[0]
    assert items[1]["digest"] == {"S": "q5yZ0B5m3v1Yg3QZ3hZrQw"}
