"""What the stream consumers (the notifier, the live broadcaster) read of a table stream record."""

from __future__ import annotations

from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
    DynamoDBRecordEventName,
)

GAME_PREFIX = "GAME#"  # infra.store.dynamodb.partition


def new_commit(record: DynamoDBRecord) -> tuple[str, int] | None:
    """(game id, version) of a newly written commit item; None for anything else."""
    if record.event_name is not DynamoDBRecordEventName.INSERT or record.dynamodb is None:
        return None
    image = record.dynamodb.new_image
    pk = image.get("pk")
    if image.get("kind") != "commit" or not isinstance(pk, str) or not pk.startswith(GAME_PREFIX):
        return None
    return pk.removeprefix(GAME_PREFIX), int(image["version"])
