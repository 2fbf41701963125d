"""The players' routes. A player key (`Authorization: Bearer <player key>`) acts as its player on /players/me;
the confirmation link needs no key (its code is the credential). Keys, codes and contacts never reach a log."""

from __future__ import annotations

import os
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from functions import container
from functions.api.edge import json_response
from functions.api.replies import ErrorReply
from functions.observability import count, logger
from functions.players.models import (
    CODE_PATTERN,
    ConfirmBody,
    CreatedPlayer,
    CreatePlayerBody,
    EmailConfirmed,
    NewKey,
    NewWebhookSecret,
    PlayerProfile,
    UpdatedProfile,
    UpdatePlayerBody,
    confirmed_reply,
)
from infra.auth import authorization, bearer_token
from infra.players import PlayerRecord
from service.players.profiles import own_profile

PLAYER_KEY = "playerKey"
KEY_REQUIRED: list[dict[str, list[str]]] = [{PLAYER_KEY: []}]
JSON = "application/json"
TAGS = ["players"]
PUBLIC_URL = "PUBLIC_URL"  # optional: the base of the links in messages; else the URL the request came to

_ERRORS = {
    400: "The body is not valid JSON.",
    401: "Missing, malformed, unknown or replaced player key (one answer for all).",
    404: "No such player.",
    409: "stale_revision: the profile moved past expected_revision; contention: retry.",
    413: "The body is over 16 KB.",
    415: "The body is not application/json.",
    422: "A field is invalid (invalid_request, its name in details.errors[].loc), or the code is wrong "
         "(invalid_code) or expired (code_expired).",
    429: "rate_limited: too many players created lately from this source; retry after Retry-After.",
}


def responses(ok: int, model: type[Any], description: str, *errors: int) -> dict[int, OpenAPIResponse]:
    out: dict[int, OpenAPIResponse] = {ok: {"description": description, "content": {JSON: {"model": model}}}}
    for status in errors:
        out[status] = {"description": _ERRORS[status], "content": {JSON: {"model": ErrorReply}}}
    return out


def presented_key(app: APIGatewayHttpResolver) -> str | None:
    value = authorization(app.current_event.headers)
    return bearer_token(value) if value is not None else None


def link_base(app: APIGatewayHttpResolver) -> str:
    """Where a link in a message should point: PUBLIC_URL, or the API this request came through."""
    configured = os.environ.get(PUBLIC_URL)
    if configured:
        return configured.rstrip("/")
    event = app.current_event
    headers = {k.lower(): v for k, v in (event.headers or {}).items()}
    context = event.raw_event.get("requestContext") or {}
    host = headers.get("host") or context.get("domainName") or "localhost"
    scheme = headers.get("x-forwarded-proto", "https").split(",")[0].strip()
    stage = context.get("stage") or "$default"
    return f"{scheme}://{host}" + ("" if stage == "$default" else f"/{stage}")


def _acting(record: PlayerRecord) -> None:
    logger.append_keys(player_id=record.player_id)


def add_create_player(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/players", operation_id="createPlayer", tags=TAGS, summary="Create a player",
        description="A player outlives games: a display name and a time zone now, contacts with PATCH "
                    "/players/me. No account needed: the answer holds the player's key, shown only this once.",
        responses=responses(201, CreatedPlayer, "The new player and its key.", 400, 413, 415, 422, 429),
    )
    def create_player(body: Annotated[CreatePlayerBody, Body()]) -> Response[CreatedPlayer]:
        from functions.limits_edge import limits, source_ip

        source = source_ip(app)
        created = container.players().create(body.name, body.time_zone, admit=lambda: limits().admit_player(source))
        _acting(created.record)
        logger.info("player created")
        count("PlayersCreated")
        return json_response({"player_id": created.record.player_id, "key": created.key,
                              "profile": own_profile(created.record)}, 201, {"Location": "/players/me"})


def add_get_me(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/players/me", operation_id="getMe", tags=TAGS, summary="The caller's own profile",
        description="Name, time zone and contacts (each e-mail address with whether it is confirmed).",
        security=KEY_REQUIRED, responses=responses(200, PlayerProfile, "The profile.", 401, 422),
    )
    def get_me() -> Response[PlayerProfile]:
        record = container.players().authenticate(presented_key(app))
        _acting(record)
        return json_response(own_profile(record))


def add_update_me(app: APIGatewayHttpResolver) -> None:
    @app.patch(
        "/players/me", operation_id="updateMe", tags=TAGS, summary="Change the caller's profile",
        description="Only the fields sent change; null clears one. A new e-mail address is pending until its "
                    "confirmation link (sent to that address, valid 24 h) is opened. A webhook URL set for the "
                    "first time answers its signing secret, this once (docs/webhooks.md).",
        security=KEY_REQUIRED,
        responses=responses(200, UpdatedProfile, "The profile after the change.", 400, 401, 409, 413, 415, 422),
    )
    def update_me(body: Annotated[UpdatePlayerBody, Body()]) -> Response[UpdatedProfile]:
        updated = container.players().update_profile(presented_key(app), body.changes(), link_base(app),
                                                     body.expected_revision)
        record = updated.record
        _acting(record)
        logger.info("profile changed", extra={"fields": sorted(body.model_fields_set), "revision": record.revision})
        count("ProfilesChanged")
        shown = {"webhook_secret": updated.webhook_secret} if updated.webhook_secret else {}
        return json_response({**own_profile(record), **shown})


def add_rotate_key(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/players/me/key", operation_id="rotateKey", tags=TAGS, summary="Replace the caller's key",
        description="Answers a new key, shown only this once; the key this request was sent with is refused "
                    "(401) from now on.",
        security=KEY_REQUIRED, responses=responses(200, NewKey, "The new key.", 401, 409, 422),
    )
    def rotate_key() -> Response[NewKey]:
        created = container.players().rotate_key(presented_key(app))
        _acting(created.record)
        logger.info("key rotated", extra={"revision": created.record.revision})
        count("PlayerKeysRotated")
        return json_response({"player_id": created.record.player_id, "key": created.key})


def add_rotate_webhook_secret(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/players/me/webhook-secret", operation_id="rotateWebhookSecret", tags=TAGS,
        summary="Replace the caller's webhook secret",
        description="Answers a new signing secret for the webhook, shown only this once; deliveries are signed "
                    "with it from now on (a receiver should accept both while it switches). 422 without a "
                    "webhook URL.",
        security=KEY_REQUIRED, responses=responses(200, NewWebhookSecret, "The new secret.", 401, 409, 422),
    )
    def rotate_webhook_secret() -> Response[NewWebhookSecret]:
        updated = container.players().rotate_webhook_secret(presented_key(app))
        _acting(updated.record)
        logger.info("webhook secret rotated", extra={"revision": updated.record.revision})
        count("WebhookSecretsRotated")
        return json_response({"player_id": updated.record.player_id, "webhook_secret": updated.webhook_secret})


def add_confirm_own(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/players/me/email/confirm", operation_id="confirmEmail", tags=TAGS, summary="Confirm the e-mail address",
        description="With the code of the confirmation message. Sending a code that already confirmed the "
                    "address again changes nothing.",
        security=KEY_REQUIRED,
        responses=responses(200, EmailConfirmed, "Confirmed.", 400, 401, 409, 413, 415, 422),
    )
    def confirm_email(body: Annotated[ConfirmBody, Body()]) -> Response[EmailConfirmed]:
        confirmed = container.players().confirm_own(presented_key(app), body.code)
        _acting(confirmed.record)
        logger.info("e-mail address confirmed", extra={"already": confirmed.already})
        count("EmailsConfirmed")
        return json_response(confirmed_reply(confirmed.record.player_id, confirmed.already))


def add_confirm_link(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/players/<player_id>/confirm-email", operation_id="confirmEmailLink", tags=TAGS,
        summary="Confirm an e-mail address from its link",
        description="What the confirmation message's link opens: no key needed, the code is the credential. "
                    "Opening it again changes nothing.",
        responses=responses(200, EmailConfirmed, "Confirmed.", 404, 409, 422),
    )
    def confirm_email_link(
        player_id: str,
        code: Annotated[str, Query(pattern=CODE_PATTERN, description="The code the link carries.")],
    ) -> Response[EmailConfirmed]:
        confirmed = container.players().confirm(player_id, code)
        _acting(confirmed.record)
        logger.info("e-mail address confirmed by link", extra={"already": confirmed.already})
        count("EmailsConfirmed")
        return json_response(confirmed_reply(confirmed.record.player_id, confirmed.already))


PLAYER_ROUTES = (add_create_player, add_get_me, add_update_me, add_rotate_key, add_confirm_own, add_confirm_link,
                 add_rotate_webhook_secret)
