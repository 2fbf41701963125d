"""Notice markers: one per (game, version, seat), outside the game's partition, removed by DynamoDB's TTL."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from infra.channels.base import Notice
from infra.channels.sns import MARKER_TTL_SECONDS, DynamoMarkers
from infra.store.dynamodb import DynamoEventStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

NOTICE = Notice("g1", 7, 2, "market", 3, ("buy", "pass"))


def test_a_marked_notice_is_sent_and_expires(dynamodb: DynamoDBClient, table_name: str) -> None:
    markers = DynamoMarkers(dynamodb, table_name)
    assert not markers.sent(NOTICE)
    markers.mark(NOTICE)
    assert markers.sent(NOTICE)
    assert not markers.sent(Notice("g1", 7, 3, "market", 3, ("buy",)))
    (item,) = dynamodb.scan(TableName=table_name)["Items"]
    expires = int(item["expires_at"]["N"])
    assert time.time() + MARKER_TTL_SECONDS - 60 < expires <= time.time() + MARKER_TTL_SECONDS
    assert DynamoEventStore(table_name, dynamodb).commits("g1") == ()  # never read as part of the game


def test_the_table_expires_items_by_expires_at(template: dict[str, Any]) -> None:
    ttl = template["Resources"]["GamesTable"]["Properties"]["TimeToLiveSpecification"]
    assert ttl == {"AttributeName": "expires_at", "Enabled": True}
