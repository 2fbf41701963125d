"""The live socket's `$default` route (functions/live/routes.py)."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.live.routes import default
from functions.observability import logger


@logger.inject_lambda_context(clear_state=True)
@container.bounded
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return default(event)


container.initialized()  # the end of the init phase: see functions/container.py
