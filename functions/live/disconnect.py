"""The live socket's `$disconnect` route (functions/live/routes.py)."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.live.routes import disconnect
from functions.observability import logger


@logger.inject_lambda_context(clear_state=True)
@container.bounded
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return disconnect(event)


# The end of the init phase (functions/container.py); the stores (boto3) are imported by the first invocation.
container.initialized("infra.store.dynamodb", "infra.connections.dynamodb")
