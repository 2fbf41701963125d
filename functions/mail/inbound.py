"""SES receipt rule -> here: a reply to a "your turn" e-mail (service/replies/inbound.py). The rule stored the raw
mail in S3 first; its receipt carries the verdicts. An event may carry the mail itself (`content`, base64, as an
SES SNS action's notification does: the local server's way). Never logs an address, a token or a line."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import count, logger, metrics
from service.replies.inbound import verdicts_of


def _raw(record: dict[str, Any], message_id: str) -> bytes | None:
    content = record.get("content")
    if isinstance(content, str):
        try:
            return base64.b64decode(content, validate=True)
        except (binascii.Error, ValueError):
            return None
    return container.reactions().raw_mail.get(message_id)


def handle(event: dict[str, Any]) -> dict[str, int]:
    inbound = container.reactions().inbound
    done: dict[str, int] = {}
    for record in event.get("Records") or []:
        ses = record.get("ses") if isinstance(record, dict) else None
        if not isinstance(ses, dict):
            continue
        mail, receipt = ses.get("mail") or {}, ses.get("receipt") or {}
        raw = _raw(ses, str(mail.get("messageId") or "")) if inbound is not None else None
        outcome = "off" if inbound is None else "missing" if raw is None else \
            inbound.receive(raw, verdicts_of(receipt), [str(r) for r in receipt.get("recipients") or []])
        done[outcome] = done.get(outcome, 0) + 1
        count("RepliesReceived", outcome=outcome)
    logger.info("replies received", extra={"done": done})
    return done


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: LambdaContext) -> dict[str, int]:
    return handle(event)


lambda_handler = container.bounded(_handler)
container.initialized()
