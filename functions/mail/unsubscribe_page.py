"""GET /unsubscribe/{token}: the page with the one-click button. It writes nothing and reads nothing: mail
scanners and link previews fetch every URL in a message, and must not unsubscribe anyone."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.mail.pages import html_response, language, page
from functions.observability import logger


@logger.inject_lambda_context(clear_state=True)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return html_response(200, page(language(event.get("headers")), done=False))


container.initialized()  # the end of the init phase: see functions/container.py
