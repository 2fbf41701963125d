"""SES bounce and complaint events, from the configuration set's event destination through the feedback topic
(service/notices/email/feedback.py): permanent bounces and complaints turn the address off, transient ones are counted.

A message that is not an SES event is dropped (logged by its type only); a failing store fails the invocation,
so that SNS's asynchronous invoke tries it again (each write is idempotent). Addresses never reach a log.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import count, logger, metrics
from service.notices.email.feedback import FeedbackHandler, feedback


def messages(event: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for record in event.get("Records") or []:
        try:
            message = json.loads(record["Sns"]["Message"])
        except (KeyError, TypeError, ValueError):
            count("EmailFeedbackUnreadable")
            continue
        if isinstance(message, dict):
            found.append(message)
    return found


def handle(event: dict[str, Any]) -> dict[str, int]:
    handler = FeedbackHandler(container.reactions().mail_state, container.services().player_store)
    metrics.add_metric(name="EmailFeedbackRecords", unit=MetricUnit.Count, value=len(event.get("Records") or []))
    done: Counter[str] = Counter()
    for message in messages(event):
        for item in feedback(message):
            done[handler.handle(item)] += 1
            count("EmailFeedback", outcome=item.outcome)
    logger.info("e-mail feedback handled", extra={"done": dict(done)})
    return dict(done)


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: LambdaContext) -> dict[str, int]:
    return handle(event)


lambda_handler = container.bounded(_handler)
container.initialized()
