"""Notices on AWS: published to an SNS topic, marked as sent in the games table."""

from __future__ import annotations

import json
import time
from typing import Any

from infra.store.base import dump_json
from service.notices.plan import YOUR_TURN, Notice

# Markers get partitions of their own, not the game's: the event store reads a game partition as commits and
# snapshots, and the notifier's IAM grant lets it write only keys with this prefix (template.yaml).
MARKER_PREFIX = "NOTICE#"


def marker_key(notice: Notice) -> dict[str, dict[str, str]]:
    sort = f"V#{notice.version:010d}#S{notice.seat}" + ("" if notice.kind == YOUR_TURN else f"#{notice.kind}")
    return {"pk": {"S": f"{MARKER_PREFIX}{notice.game_id}"}, "sk": {"S": sort}}


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

    def sent(self, notice: Notice) -> bool:
        response = self.client.get_item(TableName=self.table, Key=marker_key(notice), ConsistentRead=True,
                                        ProjectionExpression="pk")
        return "Item" in response

    def mark(self, notice: Notice) -> None:
        item = {**marker_key(notice), "kind": {"S": "notice"}, "message": {"S": json.dumps(notice.message())},
                "expires_at": {"N": str(int(time.time()) + MARKER_TTL_SECONDS)}}
        self.client.put_item(TableName=self.table, Item=item)
