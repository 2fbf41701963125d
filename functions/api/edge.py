"""The HTTP edge shared by every API function: the resolver, the Lambda entry point, access to a game."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from domain import view
from functions import container
from functions.api import json_body
from functions.api.models import GAME_ID_PATTERN, MAX_BODY_BYTES
from functions.errors import BEARER_CHALLENGE, MALFORMED_JSON, early_response, install, unauthorized
from functions.observability import logger, metrics
from infra.auth import authorization, bearer_token, seat_for
from service.games.pipeline import GameNotFound
from service.games.repository import Aggregate

Handler = Callable[[dict[str, Any], LambdaContext], dict[str, Any]]
_GAME_ID = re.compile(GAME_ID_PATTERN)


class Documenting(APIGatewayHttpResolver):
    """The resolver the OpenAPI document is made from (functions/openapi.py): its routes carry their replies'
    models (functions/api/replies.py). A function's routes carry the replies' descriptions only."""


def new_app(*, documenting: bool = False) -> APIGatewayHttpResolver:
    # Powertools parses each body with this: what it refuses becomes 400 malformed_json, never a 500.
    kind = Documenting if documenting else APIGatewayHttpResolver
    app = kind(enable_validation=True, json_body_deserializer=json_body.loads)
    install(app)
    return app


def _precheck(event: dict[str, Any], token_required: bool) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What can be refused before parsing anything: oversized, non-JSON or non-UTF-8 bodies, a missing token.

    Also answers the event to resolve: its body as text, whether or not API Gateway base64-encoded it.
    """
    try:
        raw = json_body.body_bytes(event.get("body") or "", bool(event.get("isBase64Encoded")), MAX_BODY_BYTES)
    except json_body.TooLarge:
        return event, early_response(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "body_too_large",
                                     f"The body is over {MAX_BODY_BYTES} bytes.")
    except json_body.BadBody as bad:
        return event, _malformed(bad)
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    content_type = headers.get("content-type", "")
    method = str(event.get("requestContext", {}).get("http", {}).get("method", "")).upper()
    # Anything but JSON would reach powertools' form and multipart parsers: refuse it up front.
    if (raw or method in ("POST", "PUT", "PATCH")) and content_type \
            and not content_type.lower().startswith("application/json"):
        return event, early_response(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                                     "Send the body as application/json.")
    try:
        text = json_body.body_text(raw)
    except json_body.BadBody as bad:
        return event, _malformed(bad)
    if token_required and "authorization" not in headers:
        return event, early_response(HTTPStatus.UNAUTHORIZED, "unauthorized",
                                     "Send Authorization: Bearer <seat token>.", BEARER_CHALLENGE)
    if raw:  # a copy: the caller's event is not ours to change
        event = {**event, "body": text, "isBase64Encoded": False}
    return event, None


def _malformed(bad: json_body.BadBody) -> dict[str, Any]:
    return early_response(HTTPStatus.BAD_REQUEST, "malformed_json", MALFORMED_JSON, details={"reason": str(bad)})


def entrypoint(app: APIGatewayHttpResolver, *, token_required: bool = False, with_metrics: bool = False) -> Handler:
    """The Lambda handler of one API function."""

    def handle(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        event, refused = _precheck(event, token_required)
        if refused is not None:
            return refused
        return app.resolve(event, context)

    handler: Handler = metrics.log_metrics(handle) if with_metrics else handle
    wrapped: Handler = logger.inject_lambda_context(
        handler, correlation_id_path=correlation_paths.API_GATEWAY_HTTP, clear_state=True
    )
    return wrapped


def load_game(game_id: str, near: int | None = None) -> Aggregate:
    """The game, or GameNotFound; `near` (a command's expected_version) only guides the read."""
    if not _GAME_ID.fullmatch(game_id):
        raise GameNotFound(game_id)
    aggregate = container.games().load(game_id, near)
    if not aggregate.exists:
        raise GameNotFound(game_id)
    logger.append_keys(game_id=game_id)
    return aggregate


def caller_seat(app: APIGatewayHttpResolver, aggregate: Aggregate, *, required: bool) -> int | None:
    """The seat the bearer token belongs to; None for a spectator (no token, where that is allowed)."""
    value = authorization(app.current_event.headers)
    if value is None:
        if required:
            raise unauthorized("Send Authorization: Bearer <seat token>.")
        return None
    token = bearer_token(value)
    seat = seat_for(token, aggregate.token_hashes) if token else None
    if seat is None and token and "." in token and any(aggregate.players):  # a player key: no seat token has a dot
        seat = player_seat(token, aggregate)
    if seat is None and token and token.startswith("s~"):  # a session's shape (service/links.py): no `~` elsewhere
        seat = session_seat(token, aggregate)
    if seat is None:
        raise unauthorized("The token is not a seat token, a session or a player key of this game.")
    logger.append_keys(seat=seat)
    return seat


def player_seat(key: str, aggregate: Aggregate) -> int | None:
    """The seat of this game the key's player was seated at by a lobby (one GetItem of the player); imported
    on first use, so that seat-token games pay nothing for it at cold start."""
    from service.players.errors import Unauthenticated

    try:
        player_id = container.players().authenticate(key).player_id
    except Unauthenticated:
        return None
    return aggregate.players.index(player_id) if player_id in aggregate.players else None


def session_seat(token: str, aggregate: Aggregate) -> int | None:
    """The seat of this game a session acts for (one consistent GetItem); imported on first use, like
    player_seat."""
    from service.links import is_session_token

    return container.links().session_seat(token, aggregate) if is_session_token(token) else None


def game_reply(aggregate: Aggregate, seat: int | None) -> dict[str, Any]:
    seen = view(aggregate.state, seat)
    reply: dict[str, Any] = {
        "game_id": aggregate.game_id, "version": aggregate.version, "phase": seen["phase"],
        "round": seen["round"], "to_act": seen["to_act"], "seat": seat, "view": seen,
    }
    if aggregate.head is not None:  # the chain's head (docs/fairness.md): keep it to prove this moment later
        reply["head"] = {"version": aggregate.version, "hash": aggregate.head}
    if aggregate.fairness is not None:
        reply["commitment"] = aggregate.fairness.commitment
    return reply


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(status_code=status, content_type=content_types.APPLICATION_JSON, body=body, headers=headers)


# Bumped when an answer's shape changes at the same game version (a deploy): a copy held by a client must not
# match any more.
ETAG_REVISION = "3"  # 3: a resigned seat places last in view.result
CACHE_HEADERS = {"Vary": "Authorization", "Cache-Control": "private, no-cache"}


def etag(*parts: object) -> str:
    """A strong ETag of what a caller would be answered: the answer is a function of these parts alone (the
    game, its version, the caller's seat, the query), so the tag changes exactly when the answer does. Hashed:
    an ETag is echoed by caches and proxies, and says nothing that way."""
    text = "\x1f".join(str(p) for p in (ETAG_REVISION, *parts))
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


def matches(app: APIGatewayHttpResolver, tag: str) -> bool:
    """Whether the request's If-None-Match names this representation (RFC 9110 §13.1.2: a list, `*`, and the
    weak comparison, so a proxy's W/ prefix still matches)."""
    sent = app.current_event.headers.get("if-none-match") or ""
    candidates = {c.strip().removeprefix("W/") for c in sent.split(",")}
    return "*" in candidates or tag in candidates


def cache_headers(tag: str) -> dict[str, str]:
    """Revalidate every time (`no-cache`), in the caller's cache only (`private`): the answer depends on the
    token, hence Vary."""
    return {"ETag": tag, **CACHE_HEADERS}


def not_modified(tag: str) -> Response:
    # No content type and a None body: powertools then sends no body at all (a JSON one would be "null").
    return Response(status_code=HTTPStatus.NOT_MODIFIED, body=None, headers=cache_headers(tag))
