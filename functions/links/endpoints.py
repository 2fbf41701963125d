"""One resolver and one Lambda handler per link function, like the games' (functions/api/endpoints.py)."""

from __future__ import annotations

from collections.abc import Callable

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from functions import container
from functions.api.edge import Handler, entrypoint, new_app

Endpoint = tuple[APIGatewayHttpResolver, Handler]
FIRST_USE = ("infra.store.dynamodb", "infra.links.dynamodb")  # what the first request imports (with boto3)


def endpoint(add: Callable[[APIGatewayHttpResolver], None], *, token_required: bool = False) -> Endpoint:
    app = new_app()
    add(app)
    handler = entrypoint(app, token_required=token_required, with_metrics=True)
    container.initialized(*FIRST_USE)
    return app, container.bounded(handler)
