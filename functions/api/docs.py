"""What the routes document besides their bodies: who may call them (security) and what they answer."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from functions.api.edge import Documenting

SEAT_TOKEN = "seatToken"
TOKEN_REQUIRED: list[dict[str, list[str]]] = [{SEAT_TOKEN: []}]
TOKEN_OPTIONAL: list[dict[str, list[str]]] = [{}, {SEAT_TOKEN: []}]
JSON = "application/json"

_ERRORS = {
    400: "The body is not valid JSON.",
    401: "Missing, malformed or unknown seat token.",
    403: "A seat token acting as another seat.",
    404: "Unknown game or route.",
    409: "stale_version: expected_version is not the newest version; command_id_reused: this seat already sent "
         "that command_id with another command; contention: retry; timed_out: the seat's turn clock ran out "
         "first and the rules played its move: reload; game_not_finished: a proof is served once the game is over.",
    413: "The body is over 16 KB.",
    415: "The body is not application/json.",
    422: "The body does not match the schema (invalid_request), or the rules refuse the move (its rule code).",
    429: "rate_limited: too many created lately from this source or by this player; retry after Retry-After.",
}


def responses(app: APIGatewayHttpResolver, ok: int, reply: str, description: str,
              *errors: int) -> dict[int, OpenAPIResponse]:
    """A route's answers: `reply` names its model in functions/api/replies.py; errors answer ErrorReply.

    Only the documenting resolver's routes carry the models (what the OpenAPI document shows). Powertools
    builds a validator for every model a route names, at its first request; no answer goes through them, so
    a function's routes name none (and no route has a return annotation: powertools would validate the whole
    view against it on every answer). Tests check the served answers against the models.
    """
    if not isinstance(app, Documenting):
        return {status: {"description": text} for status, text in ((ok, description), *_errors(errors))}
    from functions.api import replies

    out: dict[int, OpenAPIResponse] = {ok: {"description": description,
                                            "content": {JSON: {"model": getattr(replies, reply)}}}}
    for status, text in _errors(errors):
        out[status] = {"description": text, "content": {JSON: {"model": replies.ErrorReply}}}
    return out


def _errors(statuses: tuple[int, ...]) -> list[tuple[int, str]]:
    return [(status, _ERRORS[status]) for status in statuses]
