"""Tiny Lambda handlers for tests/local/fake_template.yaml: enough to exercise the local server alone."""

from __future__ import annotations

import json
import os
from typing import Any

import boto3

_flaky_seen: set[str] = set()


def echo(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Returns the event it was given, plus what it saw of its context and environment."""
    return {"event": event, "function": context.function_name, "stage": os.environ.get("STAGE"),
            "remaining_ms": context.get_remaining_time_in_millis()}


def notes(event: dict[str, Any], context: Any) -> dict[str, Any]:
    table, note_id = os.environ["TABLE_NAME"], event["pathParameters"]["note_id"]
    dynamodb = boto3.client("dynamodb")
    if event["requestContext"]["http"]["method"] == "POST":
        dynamodb.put_item(TableName=table, Item={"pk": {"S": note_id}, "text": {"S": event.get("body", "")}})
        return {"statusCode": 201, "headers": {"content-type": "application/json"},
                "body": json.dumps({"note_id": note_id})}
    item = dynamodb.get_item(TableName=table, Key={"pk": {"S": note_id}}).get("Item")
    if item is None:
        return {"statusCode": 404, "body": json.dumps({"error": {"code": "no_note", "message": note_id}})}
    return {"statusCode": 200, "body": json.dumps({"note_id": note_id, "text": item["text"]["S"]})}


def notify(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Publishes one message per new note. "flaky" fails once, "poison" always (so it reaches the DLQ)."""
    sns, failures = boto3.client("sns"), []
    for record in event["Records"]:
        image = record["dynamodb"]["NewImage"]
        note, text = image["pk"]["S"], image["text"]["S"]
        if text == "poison" or (text == "flaky" and note not in _flaky_seen):
            _flaky_seen.add(note)
            failures.append({"itemIdentifier": record["dynamodb"]["SequenceNumber"]})
            continue
        message = {"game_id": note, "seat": 0, "text": f"note {text}", "arn": record["eventSourceARN"]}
        sns.publish(TopicArn=os.environ["TOPIC_ARN"], Message=json.dumps(message))
    return {"batchItemFailures": failures}
