"""An SQS event source mapping on a laptop: receive from the queue, shape Lambda's event, delete what the
function did not report as failed (ReportBatchItemFailures); a failed message comes back after its visibility
timeout, as in Lambda. Webhooks use it (functions/webhook_sender.py), together with the local-only settings
below: loopback URLs allowed (http://127.0.0.1:<port>/ reaches a test receiver, docs/webhooks.md) and a short
backoff, so retries and disabling can be watched in seconds rather than in the deployed 25 minutes."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from devtools.local.sam import FunctionSpec

LOCAL_BACKOFF = "1,2,3,4"  # seconds before attempts 2..5 (deployed: 30 s, 2, 8 and 15 min)
LOCAL_VISIBILITY = 5  # seconds before a message whose handling failed is received again


@dataclass(frozen=True)
class QueueSource:
    function: str
    queue: str  # logical id of the queue
    batch_size: int
    report_failures: bool


def queue_sources(specs: dict[str, FunctionSpec]) -> list[QueueSource]:
    found = []
    for spec in specs.values():
        for name, event in spec.events.items():
            if event.get("Type") != "SQS":
                continue
            props = event.get("Properties") or {}
            queue = props.get("Queue")
            if not (isinstance(queue, dict) and "Fn::GetAtt" in queue):
                raise ValueError(f"{spec.logical_id}.{name}: Queue must be !GetAtt <Queue>.Arn locally")
            found.append(QueueSource(spec.logical_id, str(queue["Fn::GetAtt"][0]), int(props.get("BatchSize", 10)),
                                     "ReportBatchItemFailures" in (props.get("FunctionResponseTypes") or [])))
    return found


def webhook_environment(variables: dict[str, Any]) -> dict[str, str]:
    """The local-only webhook settings: loopback for every function (the profile's PATCH checks the URL, the
    sender the address), the short backoff for the one that declares the queue it re-queues to."""
    local = {"WEBHOOKS_ALLOW_LOOPBACK": "1"}
    if "WEBHOOK_DLQ_URL" in variables:
        local["WEBHOOK_BACKOFF"] = LOCAL_BACKOFF
    return local


def sqs_event(messages: list[dict[str, Any]], arn: str, region: str) -> dict[str, Any]:
    return {"Records": [{
        "messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"], "body": m["Body"],
        "attributes": {k: str(v) for k, v in (m.get("Attributes") or {}).items()},
        "messageAttributes": {}, "md5OfBody": m.get("MD5OfBody", ""), "eventSource": "aws:sqs",
        "awsRegion": region, "eventSourceARN": arn} for m in messages]}


class QueuePoller:
    """Feeds one function from one queue (the stream poller's thread runs it between its stream polls)."""

    def __init__(self, source: QueueSource, url: str, arn: str, client: Any,
                 invoke: Callable[[dict[str, Any]], Any], region: str,
                 lock: AbstractContextManager[Any] | None = None) -> None:
        self.source, self.url, self.arn, self.client = source, url, arn, client
        self.invoke, self.region = invoke, region
        self.lock: AbstractContextManager[Any] = lock if lock is not None else nullcontext()
        self.delivered = 0

    def poll_once(self) -> int:
        with self.lock:
            messages = self.client.receive_message(
                QueueUrl=self.url, MaxNumberOfMessages=min(self.source.batch_size, 10),
                VisibilityTimeout=LOCAL_VISIBILITY, AttributeNames=["All"]).get("Messages", [])
        if not messages:
            return 0
        try:
            result = self.invoke(sqs_event(messages, self.arn, self.region))
        except Exception as error:  # a crashed invocation: every message comes back after its visibility timeout
            print(f"[queue] {self.source.function}: {type(error).__name__}", flush=True)
            return len(messages)
        failures = result.get("batchItemFailures", []) if self.source.report_failures and isinstance(result, dict) \
            else []
        failed = {f.get("itemIdentifier") for f in failures}
        with self.lock:
            for message in messages:
                if message["MessageId"] not in failed:
                    self.client.delete_message(QueueUrl=self.url, ReceiptHandle=message["ReceiptHandle"])
                    self.delivered += 1
        return len(messages)
