"""One resolver and one Lambda handler per players' function, like the games' (functions/api/endpoints.py).

A route that needs a player key refuses a request without one, or with one that cannot be a player key, before
its body is even read, with the very answer the service gives a wrong key. A route with a body also checks the
key itself first (one more GetItem, on rare writes): whatever is wrong with a key, and whatever else is wrong
with the request, the caller learns only that the key is not accepted."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.api.edge import Handler, entrypoint, new_app
from functions.errors import BEARER_CHALLENGE, PLAYER_KEY_REFUSED, early_response
from infra.auth import authorization, bearer_token
from service.players.errors import Unauthenticated
from service.players.service import split_key

Endpoint = tuple[APIGatewayHttpResolver, Handler]
PLAYER_STORE = "infra.players.dynamodb"  # what a players' function's first request imports (with boto3)


def _key(event: dict[str, Any]) -> str | None:
    value = authorization(event.get("headers") or {})
    token = bearer_token(value) if value is not None else None
    return token if token is not None and split_key(token) is not None else None


def _accepted(key: str | None, check: bool) -> bool:
    if key is None:
        return False
    if not check:
        return True
    try:
        container.players().authenticate(key)
    except Unauthenticated:
        return False
    except Exception:  # a failing store: the handler meets it again and answers it in the API's shape (503)
        return True
    return True


def endpoint(add: Callable[[APIGatewayHttpResolver], None], *, with_metrics: bool = True,
             key_required: bool = False, key_before_body: bool = False) -> Endpoint:
    app = new_app()
    add(app)
    handler = entrypoint(app, with_metrics=with_metrics)
    container.initialized(PLAYER_STORE)  # the end of the init phase, as the game functions end theirs
    if not key_required:
        return app, container.bounded(handler)

    def keyed(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        if not _accepted(_key(event), key_before_body):
            return early_response(HTTPStatus.UNAUTHORIZED, "unauthorized", PLAYER_KEY_REFUSED, BEARER_CHALLENGE)
        return handler(event, context)

    return app, container.bounded(keyed)
