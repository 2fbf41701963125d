"""The local SQS event source (devtools/local/queues.py): the template's SQS events found, Lambda's event shape,
messages the function took deleted, those it reported failed left for their visibility timeout to expire."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from devtools.local.queues import QueuePoller, QueueSource, queue_sources, webhook_environment
from devtools.local.sam import functions
from devtools.template import TEMPLATE_PATH, load_template


@pytest.fixture
def sqs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        yield boto3.client("sqs", region_name="us-east-1")


def test_the_templates_webhook_queue_feeds_the_sender_with_partial_failures() -> None:
    specs = functions(load_template(TEMPLATE_PATH), TEMPLATE_PATH.parent)
    assert queue_sources(specs) == [QueueSource("WebhookSenderFunction", "WebhookQueue", 5, True)]
    assert webhook_environment(specs["WebhookSenderFunction"].environment) == {
        "WEBHOOKS_ALLOW_LOOPBACK": "1", "WEBHOOK_BACKOFF": "1,2,3,4"}
    assert webhook_environment(specs["UpdateMeFunction"].environment) == {"WEBHOOKS_ALLOW_LOOPBACK": "1"}


def test_taken_messages_are_deleted_and_failed_ones_kept(sqs: Any) -> None:
    url = sqs.create_queue(QueueName="hooks")["QueueUrl"]
    for n in range(3):
        sqs.send_message(QueueUrl=url, MessageBody=json.dumps({"n": n}))
    events: list[dict[str, Any]] = []

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        events.append(event)
        failed = [r["messageId"] for r in event["Records"] if json.loads(r["body"])["n"] == 1]
        return {"batchItemFailures": [{"itemIdentifier": i} for i in failed]}

    poller = QueuePoller(QueueSource("F", "Q", 10, True), url, "arn:aws:sqs:us-east-1:123456789012:hooks", sqs,
                         invoke, "us-east-1")
    assert poller.poll_once() == 3 and poller.delivered == 2
    (event,) = events
    assert {r["eventSource"] for r in event["Records"]} == {"aws:sqs"}
    assert all(r["receiptHandle"] and r["messageId"] for r in event["Records"])
    attributes = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["All"])["Attributes"]
    assert attributes["ApproximateNumberOfMessagesNotVisible"] == "1"  # the failed one, until its timeout
    assert attributes["ApproximateNumberOfMessages"] == "0"
    assert poller.poll_once() == 0  # nothing visible: nothing invoked
    assert len(events) == 1
