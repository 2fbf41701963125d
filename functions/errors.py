"""Every failure becomes `{"error": {"code", "message", "details"}}` with its status, through one exception
handler that maps by exception type, never by message text. A client's mistake is never a 500."""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import ServiceError
from aws_lambda_powertools.event_handler.openapi.exceptions import (
    RequestUnsupportedContentType,
    RequestValidationError,
)
from pydantic import ValidationError

from domain.errors import RuleViolation
from domain.records import field, record
from functions.observability import count, logger
from infra.store import StoreError
from service.games.pipeline import CommandIdReused, Contention, GameNotFound, StaleVersion, TimedOut
from service.limits.errors import InvalidCursor, RateLimited
from service.lobbies.errors import (
    InvalidLobby,
    InviteRefused,
    LobbyContention,
    LobbyExpired,
    LobbyNotFound,
    LobbyRefused,
    NoSuchSeat,
    NoSuchSlot,
    NotHost,
    SeatTaken,
)
from service.players.errors import (
    RULE_KINDS,
    InvalidCode,
    InvalidField,
    PlayerContention,
    PlayerNotFound,
    StaleRevision,
    Unauthenticated,
)

MAX_REPORTED_ERRORS = 20
BEARER_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="distilled"'}
# One answer to every bad player key (absent, malformed, unknown, rotated): it never says which part is wrong.
PLAYER_KEY_REFUSED = "Send Authorization: Bearer <player key>, the newest key of a player."
CODE_REFUSED = {
    "invalid_code": "That is not the confirmation code of this player's e-mail address.",
    "code_expired": "The confirmation code has expired: set the e-mail address again for a new one.",
}
INVITE_REFUSED = {
    "invite_required": "This lobby is not public: join it with its invite link.",
    "invalid_invite": "That is not this lobby's invite code.",
}
RETRY_SOON = {"Retry-After": "1"}
MALFORMED_JSON = "The body is not valid JSON."


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None,
                 **details: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details
        self.headers = headers or {}


def unauthorized(message: str) -> ApiError:
    return ApiError(401, "unauthorized", message, headers=BEARER_CHALLENGE)


@record(frozen=True)
class Answer:
    status: int
    code: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


def _validation_details(errors: Any) -> dict[str, Any]:
    # loc, type and pydantic's message only: never the input (it can be large, or someone's secret).
    return {"errors": [
        {"loc": list(e.get("loc", ())), "type": e.get("type", ""), "message": str(e.get("msg", ""))}
        for e in list(errors)[:MAX_REPORTED_ERRORS]
    ]}


def _json_invalid(errors: Any) -> str | None:
    """Why the body is not JSON, if that is the error: the parser's reason names a rule or a position, never
    the body's content."""
    for e in errors:
        if e.get("type") == "json_invalid":
            return str((e.get("ctx") or {}).get("error", ""))
    return None


def answer(error: Exception) -> Answer:
    """The HTTP answer to an exception raised while handling a request."""
    match error:
        case RequestValidationError() if (reason := _json_invalid(error.errors())) is not None:
            return Answer(400, "malformed_json", MALFORMED_JSON, {"reason": reason})
        case RequestValidationError():
            return Answer(422, "invalid_request", "The request does not match the API schema.",
                          _validation_details(error.errors()))
        case ValidationError():
            return Answer(422, "invalid_request", "The command is not well formed.",
                          _validation_details(error.errors()))
        case RequestUnsupportedContentType():
            return Answer(415, "unsupported_media_type", "Send the body as application/json.")
        case TimedOut():  # before RuleViolation, which it is: a write that landed first, as a stale version
            return Answer(409, error.code, error.message, error.details)
        case RuleViolation():
            return Answer(422, error.code, error.message, error.details)
        case GameNotFound():
            return Answer(404, "game_not_found", "There is no such game.")
        case StaleVersion():
            return Answer(409, "stale_version", str(error),
                          {"expected_version": error.expected, "version": error.current})
        case CommandIdReused():
            return Answer(409, "command_id_reused", str(error), {"command_version": error.version})
        case Contention():
            return Answer(409, "contention", str(error), {"attempts": error.attempts}, RETRY_SOON)
        case ApiError():
            return Answer(error.status, error.code, error.message, error.details, error.headers)
        case Unauthenticated():
            return Answer(401, "unauthorized", PLAYER_KEY_REFUSED, headers=BEARER_CHALLENGE)
        case InvalidField():
            return Answer(422, error.kind if error.kind in RULE_KINDS else "invalid_request",
                          "A profile field cannot be stored as sent.",
                          {"errors": [{"loc": ["body", error.field], "type": error.kind, "message": error.message}]})
        case InvalidCode():
            return Answer(422, error.code, CODE_REFUSED.get(error.code, CODE_REFUSED["invalid_code"]))
        case PlayerNotFound():
            return Answer(404, "player_not_found", "There is no such player.")
        case StaleRevision():
            return Answer(409, "stale_revision", str(error),
                          {"expected_revision": error.expected, "revision": error.current})
        case PlayerContention():
            return Answer(409, "contention", "Other changes to this player kept landing first; retry.",
                          headers=RETRY_SOON)
        case LobbyNotFound() | LobbyExpired() | NotHost() | InviteRefused() | LobbyRefused() | NoSuchSlot() \
                | NoSuchSeat() | SeatTaken() | InvalidLobby() | LobbyContention():
            return lobby_answer(error)
        case RateLimited():
            return Answer(429, "rate_limited", f"Too many {error.what} created lately; retry later.",
                          {"retry_after": error.retry_after}, {"Retry-After": str(error.retry_after)})
        case InvalidCursor():
            return Answer(422, "invalid_cursor", "That cursor is not one this listing answered.")
        case ServiceError() if error.status_code == HTTPStatus.NOT_FOUND:  # no route matched
            return Answer(404, "not_found", "There is no such route.")
        case ServiceError():
            status = HTTPStatus(error.status_code)
            return Answer(status, status.phrase.lower().replace(" ", "_"), str(error.msg))
        case StoreError():
            logger.exception("event store failure")
            return Answer(503, "store_unavailable", "The game store is unavailable; try again shortly.",
                          headers=RETRY_SOON)
    logger.exception("unhandled error")
    return Answer(500, "internal", "Something went wrong on our side.")


def lobby_answer(error: Exception) -> Answer:
    """The lobbies' refusals (service/lobbies/errors.py). None names an invite code, a key or a token."""
    match error:
        case LobbyNotFound():
            return Answer(404, "lobby_not_found", "There is no such lobby.")
        case LobbyExpired():
            return Answer(410, "lobby_expired", "This lobby was never started and has expired.")
        case NotHost():
            return Answer(403, "not_host", "Only the lobby's host may do this.")
        case InviteRefused():
            return Answer(403, error.code, INVITE_REFUSED.get(error.code, INVITE_REFUSED["invalid_invite"]))
        case LobbyRefused():
            return Answer(409, error.code, error.message)
        case NoSuchSlot() | NoSuchSeat():
            return Answer(404, "seat_not_found", f"There is no seat {error.seat}.", {"seat": error.seat})
        case SeatTaken():
            return Answer(409, "seat_claimed", "A player plays this seat with its own key: it has no token.",
                          {"seat": error.seat})
        case InvalidLobby():
            return Answer(422, error.code, "These seats cannot make a game.",
                          {"errors": [{"loc": ["body", error.field], "type": "invalid", "message": error.message}]})
    return Answer(409, "contention", "Other changes to this lobby kept landing first; retry.", headers=RETRY_SOON)


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    # Details come from rules and validators: make sure they are plain JSON before they leave.
    safe = json.loads(json.dumps(details or {}, default=str))
    return {"error": {"code": code, "message": message, "details": safe}}


def install(app: APIGatewayHttpResolver) -> None:
    """The resolver's one exception handler (unknown routes included)."""

    @app.exception_handler(Exception)
    def handle(error: Exception) -> Response:
        found = answer(error)
        count("Rejected")
        count("Rejected", code=found.code)
        return Response(status_code=found.status, content_type=content_types.APPLICATION_JSON,
                        body=error_body(found.code, found.message, found.details), headers=found.headers)


def early_response(status: HTTPStatus, code: str, message: str, headers: dict[str, str] | None = None,
                   details: dict[str, Any] | None = None) -> dict[str, Any]:
    """An API Gateway (payload 2.0) answer given before the resolver runs."""
    count("Rejected")
    count("Rejected", code=code)
    return {
        "statusCode": int(status),
        "headers": {"Content-Type": content_types.APPLICATION_JSON, **(headers or {})},
        "body": json.dumps(error_body(code, message, details), separators=(",", ":")),
        "isBase64Encoded": False,
    }
