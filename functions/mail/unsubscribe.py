"""POST /unsubscribe/{token}: RFC 8058 one-click unsubscribe (the body `List-Unsubscribe=One-Click`, from a
mailbox provider or the page's button). Every token gets the same answer: an unknown one writes nothing, and
nothing in the answer, its status or its headers tells the two apart. The token never reaches a log."""

from __future__ import annotations

import base64
import binascii
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.errors import early_response
from functions.mail.pages import html_response, language, page
from functions.observability import count, logger, metrics

ONE_CLICK = ("List-Unsubscribe", "One-Click")
MAX_BODY = 1024


def one_click(event: dict[str, Any]) -> bool:
    """Whether the body is the one-click form (`List-Unsubscribe=One-Click`, form-encoded or multipart)."""
    raw = event.get("body") or ""
    try:
        text = base64.b64decode(raw).decode() if event.get("isBase64Encoded") else str(raw)
    except (binascii.Error, UnicodeDecodeError):
        return False
    if len(text) > MAX_BODY:
        return False
    if ONE_CLICK[1] in parse_qs(text).get(ONE_CLICK[0], []):
        return True
    # multipart/form-data, which RFC 8058 also allows: the field's name and value, each on its own line
    return f'name="{ONE_CLICK[0]}"' in text and any(line.strip() == ONE_CLICK[1] for line in text.splitlines())


def handle(event: dict[str, Any]) -> dict[str, Any]:
    if not one_click(event):
        return early_response(HTTPStatus.BAD_REQUEST, "not_one_click",
                              "Send the body List-Unsubscribe=One-Click (RFC 8058).")
    token = str((event.get("pathParameters") or {}).get("token", ""))
    found = container.reactions().unsubscribes.unsubscribe(token)
    count("Unsubscribes" if found else "UnsubscribesUnknown")
    logger.info("one-click unsubscribe")
    return html_response(200, page(language(event.get("headers")), done=True))


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return handle(event)


lambda_handler = container.bounded(_handler)
container.initialized()
