"""The webhook queue -> signed HTTPS POSTs (service/notices/webhook/delivery.py), one message at a time.

A message that was delivered, re-queued with its delay, dead-lettered or dropped is done; one whose handling
failed (the player table or SQS unreachable) is reported alone (partial batch failure) and SQS delivers it
again after its visibility timeout, up to the queue's maxReceiveCount, then moves it to the dead-letter queue.
Nothing of a delivery is logged but its id, the attempt and the outcome: never the secret, the body's link
or the URL.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import count, logger, metrics

processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)


def record_handler(record: SQSRecord) -> str:
    message: dict[str, Any] = json.loads(record.body)
    outcome = container.reactions().webhook_sender.handle(message)
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
