"""One resolver and one Lambda handler per players' function, like the games' (functions/api/endpoints.py)."""

from __future__ import annotations

from collections.abc import Callable

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from functions import container
from functions.api.edge import Handler, entrypoint, new_app

Endpoint = tuple[APIGatewayHttpResolver, Handler]


def endpoint(add: Callable[[APIGatewayHttpResolver], None], *, with_metrics: bool = True) -> Endpoint:
    app = new_app()
    add(app)
    return app, container.bounded(entrypoint(app, with_metrics=with_metrics))
