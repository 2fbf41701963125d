"""The OpenAPI document of the whole HTTP API, generated from the same route code the functions run.

Regenerate the committed copy with:  python -m functions.openapi > openapi.json
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.models import HTTPBearer

from domain.commands import COMMAND_TYPES
from functions.api.catch_up_routes import add_get_catch_up
from functions.api.command_routes import add_command
from functions.api.docs import SEAT_TOKEN
from functions.api.edge import new_app
from functions.api.game_routes import add_create_game, add_get_events, add_get_game
from functions.api.proof_routes import add_get_proof
from functions.api.refusals import document_refusals
from functions.links.routes import LINK_ROUTES
from functions.lobbies.routes import LOBBY_ROUTES
from functions.players.device_routes import DEVICE_ROUTES
from functions.players.games_routes import MY_GAMES_ROUTES
from functions.players.routes import PLAYER_KEY, PLAYER_ROUTES

TITLE = "Distilled Online"
API_VERSION = "1.0.0"
DESCRIPTION = (
    "An asynchronous, turn-based service for the board game Distilled. Every move is a command posted to "
    "/games/{game_id}/{type} with a seat token; every answer is the caller's view of the game. Errors are "
    '{"error": {"code", "message", "details"}}.'
)


def api() -> APIGatewayHttpResolver:
    """Every route on one resolver (deployed, each function carries only its own)."""
    app = new_app(documenting=True)
    add_create_game(app)
    add_get_game(app)
    add_get_events(app)
    add_get_proof(app)
    add_get_catch_up(app)
    for command_type in COMMAND_TYPES:
        add_command(app, command_type)
    for add_player_route in (*PLAYER_ROUTES, *MY_GAMES_ROUTES, *DEVICE_ROUTES):
        add_player_route(app)
    for add_lobby_route in LOBBY_ROUTES:
        add_lobby_route(app)
    for add_link_route in LINK_ROUTES:
        add_link_route(app)
    return app


def document() -> dict[str, Any]:
    schema = api().get_openapi_json_schema(
        title=TITLE, version=API_VERSION, description=DESCRIPTION,
        security_schemes={SEAT_TOKEN: HTTPBearer(description="The seat token POST /games returned."),
                          PLAYER_KEY: HTTPBearer(description="The player key POST /players (or POST "
                                                             "/players/me/key) returned.")},
    )
    loaded: dict[str, Any] = json.loads(schema)
    document_refusals(loaded)
    _drop_unused_schemas(loaded)
    return loaded


def _drop_unused_schemas(doc: dict[str, Any]) -> None:
    """powertools always adds its own validation-error schemas; this API answers ErrorReply instead."""
    schemas: dict[str, Any] = doc.get("components", {}).get("schemas", {})
    while True:
        text = json.dumps({k: v for k, v in doc.items() if k != "components"}) + json.dumps(schemas)
        unused = [name for name in schemas if f'"#/components/schemas/{name}"' not in text]
        if not unused:
            return
        for name in unused:
            del schemas[name]


def render() -> str:
    return json.dumps(document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
