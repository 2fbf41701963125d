"""The credential path of a page link: mint a link for one's own seat, exchange a link for a session.

No log line, error or path carries a link or session token: the token is in the reply's body (and in the page
link's fragment) only. Every bad link gets the one answer, 401 link_invalid.
"""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Body
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from functions import container
from functions.api.docs import TOKEN_REQUIRED
from functions.api.edge import Documenting, caller_seat, json_response, load_game
from functions.errors import ApiError
from functions.links.models import ExchangeBody, MintLinkBody, NewLink, NewSession
from functions.observability import count, logger
from service.links import LinkInvalid, admit_session, play_path
from service.times import iso_seconds as iso

JSON = "application/json"
TAGS = ["links"]
LINK_REFUSED = "This link is unknown, expired or no longer valid: ask for a new one."

_ERRORS = {
    400: "The body is not valid JSON.",
    401: "Mint: missing or unknown token (unauthorized). Exchange: link_invalid, whatever is wrong with the link "
         "(unknown, expired, malformed, voided by a reissued seat token).",
    404: "Unknown game.",
    413: "The body is over 16 KB.",
    415: "The body is not application/json.",
    422: "The body does not match the schema (invalid_request).",
    429: "rate_limited: too many sessions created lately from this source; retry after Retry-After.",
}


def responses(app: APIGatewayHttpResolver, ok: int, model: type[Any], description: str,
              *errors: int) -> dict[int, OpenAPIResponse]:
    """Like functions/api/docs.responses: only the documenting resolver's routes name their models."""
    if not isinstance(app, Documenting):
        return {status: {"description": text} for status, text in ((ok, description),
                                                                     *((e, _ERRORS[e]) for e in errors))}
    from functions.api.replies import ErrorReply

    out: dict[int, OpenAPIResponse] = {ok: {"description": description, "content": {JSON: {"model": model}}}}
    for status in errors:
        out[status] = {"description": _ERRORS[status], "content": {JSON: {"model": ErrorReply}}}
    return out


def add_mint_link(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/games/<game_id>/links", operation_id="mintLink", tags=TAGS, summary="A page link for the caller's seat",
        description="With a seat token, a session token or the key of a player seated in the game. Answers a link "
                    "token for the caller's own seat and its page path; the link can be exchanged (POST /sessions) "
                    "more than once until it expires (LINK_TTL_HOURS, 72 h), or until the seat's token is "
                    "reissued.",
        security=TOKEN_REQUIRED,
        responses=responses(app, 201, NewLink, "The link, shown once.", 400, 401, 404, 413, 415, 422),
    )
    def mint_link(game_id: str, body: Annotated[MintLinkBody | None, Body()] = None):  # no return type: see docs
        aggregate = load_game(game_id)
        seat = caller_seat(app, aggregate, required=True)
        assert seat is not None
        minted = container.links().mint(aggregate, seat)
        logger.info("link minted")
        count("LinksMinted")
        return json_response({"game_id": game_id, "seat": seat, "link_token": minted.token,
                              "expires_at": iso(minted.grant.expires_at), "path": play_path(game_id, minted.token)},
                             201)


def add_exchange_link(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/sessions", operation_id="exchangeLink", tags=TAGS, summary="A session for a page link",
        description="No token needed: the link token is the credential. Answers a session token for the link's "
                    "game and seat (valid SESSION_TTL_DAYS, 30 days, or until the seat's token is reissued), "
                    "accepted as `Authorization: Bearer` on that game's routes.",
        responses=responses(app, 201, NewSession, "The session, shown once.", 400, 401, 413, 415, 422, 429),
    )
    def exchange_link(body: Annotated[ExchangeBody, Body()]):  # no return type: see docs
        from functions.limits_edge import source_ip  # this function's alone: not at import

        source = source_ip(app)
        links = container.links()
        try:
            minted = links.exchange(body.link_token, container.games().load,
                                    admit=lambda: admit_session(container.limiter(), source, links.clock()))
        except LinkInvalid:
            count("LinksRefused")
            raise ApiError(401, "link_invalid", LINK_REFUSED) from None
        grant = minted.grant
        logger.append_keys(game_id=grant.game_id, seat=grant.seat)
        logger.info("session started")
        count("SessionsStarted")
        return json_response({"game_id": grant.game_id, "seat": grant.seat, "session_token": minted.token,
                              "expires_at": iso(grant.expires_at)}, 201)


LINK_ROUTES = (add_mint_link, add_exchange_link)
