"""GET /play/{game_id}, GET /assets/{path+} and GET /: the web page (web/serving.py)."""

import os
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import logger
from web.serving import handle


@logger.inject_lambda_context(clear_state=True)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return handle(event, os.environ.get("LIVE_URL", ""))


container.initialized()  # the end of the init phase: see functions/container.py
