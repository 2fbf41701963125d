"""The webhook queue -> signed HTTPS POSTs (service/notices/webhook/delivery.py), one message at a time.

A message that was delivered, re-queued with its delay, dead-lettered or dropped is done; one whose handling
failed (the player table or SQS unreachable) is reported alone (partial batch failure) and SQS delivers it
again after its visibility timeout, up to the queue's maxReceiveCount, then moves it to the dead-letter queue.
Nothing of a delivery is logged but its id, the attempt and the outcome: never the secret, the body's link
or the URL.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import count, logger, metrics

if TYPE_CHECKING:
    from service.notices.webhook.delivery import Sender

processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)
BACKOFF = "WEBHOOK_BACKOFF"  # optional: the delays in seconds, comma-separated (the local server's are short)
_sender: Sender | None = None


def use_sender(sender: Sender | None) -> None:
    """Send through `sender` (tests); None: built again from the environment on first use."""
    global _sender
    _sender = sender


def backoff() -> tuple[int, ...] | None:
    configured = os.environ.get(BACKOFF, "").strip()
    return tuple(int(s) for s in configured.split(",")) if configured else None


def sender() -> Sender:
    global _sender
    if _sender is None:
        import boto3

        from infra.budget import CLIENT_CONFIG, bound
        from infra.channels.webhook_http import post
        from infra.channels.webhook_queue import SqsWebhookQueue
        from infra.channels.webhook_state import DynamoWebhookState, MemoryWebhookState
        from infra.players.memory import InMemoryPlayerStore
        from service.notices.webhook.delivery import BACKOFF as DEFAULT_BACKOFF
        from service.notices.webhook.delivery import Sender
        from service.notices.webhook.settings import loopback_allowed

        sqs = bound(boto3.client("sqs", config=CLIENT_CONFIG), container.time_left)
        store = container.services().player_store
        state = MemoryWebhookState(store) if isinstance(store, InMemoryPlayerStore) else \
            DynamoWebhookState.from_env(container.dynamodb())
        _sender = Sender(store, state, SqsWebhookQueue(sqs, os.environ.get("WEBHOOK_QUEUE_URL", "")),
                         SqsWebhookQueue(sqs, os.environ.get("WEBHOOK_DLQ_URL", "")), post,
                         allow_loopback=loopback_allowed(), backoff=backoff() or DEFAULT_BACKOFF)
    return _sender


def record_handler(record: SQSRecord) -> str:
    message: dict[str, Any] = json.loads(record.body)
    outcome = sender().handle(message)
    logger.info("webhook", extra={"delivery": message.get("delivery"), "attempt": message.get("attempt"),
                                  "outcome": outcome})
    count(f"Webhooks{outcome.capitalize()}")
    return outcome


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    with container.invocation(context):
        return process_partial_response(event=event, record_handler=record_handler, processor=processor,
                                        context=context)


container.initialized()  # the end of the init phase: see functions/container.py
