"""POST /games/{game_id}/{type}: one route per player command, all over the one pipeline.

No `from __future__ import annotations` here: the route's body type is chosen at run time, and
powertools reads it from the function's annotations.
"""

from typing import Annotated

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Body

from domain.commands import COMMAND_TYPES
from functions import container
from functions.api.docs import TOKEN_REQUIRED, responses
from functions.api.edge import caller_seat, game_reply, json_response, load_game
from functions.api.models import CommandBody, command_body, to_command
from functions.errors import ApiError
from functions.observability import count, logger

# The handler module of each command type: `pass` is a keyword, so its module is pass_turn.
COMMAND_MODULES: dict[str, str] = {t: "pass_turn" if t == "pass" else t for t in COMMAND_TYPES}


def summary(command_type: str) -> str:
    """The route's summary is the command's docstring's first line (one place to write it)."""
    command = COMMAND_TYPES[command_type]
    return (command.__doc__ or command.__name__).strip().splitlines()[0].rstrip(".")


def add_command(app: APIGatewayHttpResolver, command_type: str) -> None:
    body_model = command_body(command_type)
    command_class = COMMAND_TYPES[command_type]
    Payload = Annotated[body_model, Body()]  # type: ignore[valid-type]

    def command(game_id: str, body: Payload):  # no return type: see docs.responses
        return _run(app, game_id, body)

    command.__name__ = f"post_{COMMAND_MODULES[command_type]}"
    app.post(
        f"/games/<game_id>/{command_type}", operation_id=f"post_{COMMAND_MODULES[command_type]}",
        tags=["commands"], summary=summary(command_type), security=TOKEN_REQUIRED,
        description=f"Acts as the token's seat with a {command_class.__name__} command. Answers the caller's view "
                    "after it. Every entry of view.legal_actions of this type can be posted here as-is, plus a "
                    "command_id.",
        responses=responses(app, 200, "CommandReply", "Accepted (or a repeat of an accepted command_id).",
                            400, 401, 403, 404, 409, 413, 415, 422),
    )(command)


def _run(app: APIGatewayHttpResolver, game_id: str, body: CommandBody) -> Response:
    aggregate = load_game(game_id, body.expected_version)
    seat = caller_seat(app, aggregate, required=True)
    assert seat is not None
    logger.append_keys(command_id=body.command_id)
    if body.seat is not None and body.seat != seat:
        raise ApiError(403, "wrong_seat", "This token acts for another seat.", seat=seat)
    outcome = container.games().handle(game_id, seat, to_command(body, seat), body.expected_version,
                                     command_id=body.command_id, loaded=aggregate, contribution=body.contribution)
    count("CommandsReplayed" if outcome.replayed else "CommandsAccepted")
    logger.info("command replayed" if outcome.replayed else "command accepted", extra={
        "command": body.type, "version": outcome.version,
        "command_version": outcome.command_version, "conflicts": outcome.conflicts,
        "snapshot": outcome.snapshot_written,
    })
    return json_response({**game_reply(outcome.aggregate, seat), "command_version": outcome.command_version})
