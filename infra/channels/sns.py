"""Notices on AWS: published to an SNS topic, marked as sent in the games table."""

from __future__ import annotations

import time
from typing import Any

from infra.channels.base import MarkerKey, Notice
from infra.store.base import dump_json

# Markers get partitions of their own, not the game's: the event store reads a game partition as commits and
# snapshots, and the notifier's IAM grant lets it write only keys with this prefix (template.yaml).
MARKER_PREFIX = "NOTICE#"


def marker_key(key: MarkerKey) -> dict[str, dict[str, str]]:
    return {"pk": {"S": f"{MARKER_PREFIX}{key.game_id}"}, "sk": {"S": key.sort_key}}


class SnsPublisher:
    def __init__(self, client: Any, topic_arn: str) -> None:
        self.client, self.topic_arn = client, topic_arn

    def publish(self, notice: Notice) -> None:
        self.client.publish(
            TopicArn=self.topic_arn,
            Message=dump_json(notice.message()),
            # For subscription filter policies: a seat's device or inbox subscribes to its own notices.
            MessageAttributes={
                "game_id": {"DataType": "String", "StringValue": notice.game_id},
                "seat": {"DataType": "Number", "StringValue": str(notice.seat)},
                "kind": {"DataType": "String", "StringValue": notice.kind},
            },
        )


# A marker only has to outlive the stream's retries (records live 24 hours); DynamoDB's TTL then removes it.
MARKER_TTL_SECONDS = 7 * 24 * 3600


class DynamoMarkers:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def sent(self, key: MarkerKey) -> bool:
        response = self.client.get_item(TableName=self.table, Key=marker_key(key), ConsistentRead=True,
                                        ProjectionExpression="pk")
        return "Item" in response

    def mark(self, key: MarkerKey) -> None:
        item = {**marker_key(key), "kind": {"S": "notice"},
                "expires_at": {"N": str(int(time.time()) + MARKER_TTL_SECONDS)}}
        self.client.put_item(TableName=self.table, Item=item)
