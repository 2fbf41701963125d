"""One resolver and one Lambda handler per API function: each function serves only its own route."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from functions import container
from functions.api.command_routes import add_command
from functions.api.edge import Handler, entrypoint, new_app

Endpoint = tuple[APIGatewayHttpResolver, Handler]


GAME_STORE = "infra.store.dynamodb"  # what a game route's first request imports (container.initialized)


def _ready(app: APIGatewayHttpResolver, handler: Handler, *first_use: str) -> Endpoint:
    """The handler module's last step: its endpoint is built, the container's init phase is over."""
    container.initialized(*first_use)
    return app, container.bounded(handler)


def command_endpoint(command_type: str) -> Endpoint:
    app = new_app()
    add_command(app, command_type)
    return _ready(app, entrypoint(app, token_required=True, with_metrics=True), GAME_STORE)


# The game routes are imported by their own functions only: a command function has no use for them (or for
# the create-game body, history redaction and the validating event decoder they bring).
def create_game_endpoint() -> Endpoint:
    from functions.api.game_routes import add_create_game

    app = new_app()
    add_create_game(app)
    return _ready(app, entrypoint(app, with_metrics=True), GAME_STORE)


def get_game_endpoint() -> Endpoint:
    from functions.api.game_routes import add_get_game

    app = new_app()
    add_get_game(app)
    return _ready(app, entrypoint(app), GAME_STORE)


def get_events_endpoint() -> Endpoint:
    from functions.api.game_routes import add_get_events

    app = new_app()
    add_get_events(app)
    return _ready(app, entrypoint(app), GAME_STORE)


def get_proof_endpoint() -> Endpoint:
    from functions.api.proof_routes import add_get_proof

    app = new_app()
    add_get_proof(app)
    return _ready(app, entrypoint(app), GAME_STORE)


def get_catch_up_endpoint() -> Endpoint:
    from functions.api.catch_up_routes import add_get_catch_up

    app = new_app()
    add_get_catch_up(app)
    return _ready(app, entrypoint(app), GAME_STORE)


def not_found_endpoint() -> Endpoint:
    """The API's $default route: any other request gets the JSON 404, not API Gateway's own."""
    app = new_app()
    return _ready(app, entrypoint(app))
