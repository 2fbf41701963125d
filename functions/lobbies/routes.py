"""The lobbies' routes, and the host's reissue of a game's seat token. Every write acts as the player whose key
(`Authorization: Bearer <player key>`) it carries; a lobby's view needs none. An invite code travels in a body,
never in a path or query (so never in an access log), and no log line carries it, a key or a token."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Path, Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import Field

from functions import container
from functions.api.edge import json_response
from functions.api.game_routes import Digits
from functions.api.replies import ErrorReply
from functions.lobbies.models import (
    CreatedLobby,
    CreateLobbyBody,
    JoinBody,
    LobbyChanged,
    LobbyView,
    OpenLobbies,
    ReissuedToken,
    ReplaceSeatBody,
)
from functions.lobbies.views import bot_tokens, lobby_view
from functions.observability import count, logger
from functions.players.routes import KEY_REQUIRED, PLAYER_KEY, link_base, presented_key
from service.games.seat_tokens import host_reissue
from service.lobbies.service import MAX_SEATS, Change

JSON = "application/json"
TAGS = ["lobbies"]
KEY_OPTIONAL: list[dict[str, list[str]]] = [{}, {PLAYER_KEY: []}]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS), Digits, Path(description="The lobby's seat, from 0.")]

_ERRORS = {
    400: "The body is not valid JSON.",
    401: "Missing, malformed, unknown or replaced player key (one answer for all).",
    403: "not_host: only the host may do this; invite_required / invalid_invite: a private lobby needs its code.",
    404: "lobby_not_found, game_not_found or seat_not_found.",
    409: "lobby_full, lobby_started, already_seated, last_seat, seat_claimed, contention (retry).",
    410: "lobby_expired: never started in time.",
    413: "The body is over 16 KB.",
    415: "The body is not application/json.",
    422: "The request does not match the schema, or the seats cannot make a game (invalid_request).",
    429: "rate_limited: too many games created lately by this player or from this source; retry after "
         "Retry-After.",
}


def responses(ok: int, model: type[Any], description: str, *errors: int) -> dict[int, OpenAPIResponse]:
    out: dict[int, OpenAPIResponse] = {ok: {"description": description, "content": {JSON: {"model": model}}}}
    for status in errors:
        out[status] = {"description": _ERRORS[status], "content": {JSON: {"model": ErrorReply}}}
    return out


def _changed(change: Change, viewer: str) -> dict[str, Any]:
    logger.append_keys(game_id=change.record.game_id)
    return {"lobby": lobby_view(change.record, viewer), "started": change.record.started,
            "bot_tokens": bot_tokens(change.record, change.tokens)}


def add_create_lobby(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/lobbies", operation_id="createLobby", tags=TAGS, summary="Open a lobby: a game with seats to claim",
        description="As the key's player, the host. Answers the invite link (its code shown only this once) and "
                    "the tokens of bot seats. A lobby not started within 14 days expires.",
        security=KEY_REQUIRED,
        responses=responses(201, CreatedLobby, "The lobby.", 400, 401, 413, 415, 422, 429),
    )
    def create_lobby(body: Annotated[CreateLobbyBody, Body()]) -> Response[CreatedLobby]:
        from functions.limits_edge import limits, source_ip

        source = source_ip(app)
        made = container.lobbies().create(presented_key(app), body.specs(), body.game_options(), body.public,
                                          admit=lambda player_id: limits().admit_game(source, player_id),
                                          contribution=body.contribution)
        record, invite = made.record, made.invite or ""
        logger.append_keys(game_id=record.game_id, player_id=record.host)
        logger.info("lobby created", extra={"seats": len(record.slots), "public": record.public})
        count("LobbiesCreated")
        link = f"{link_base(app)}/lobbies/{record.game_id}#invite={invite}"
        reply = {"game_id": record.game_id, "invite": invite, "invite_link": link,
                 "lobby": lobby_view(record, record.host), "bot_tokens": bot_tokens(record, made.tokens)}
        return json_response(reply, 201, {"Location": f"/lobbies/{record.game_id}"})


def add_get_lobby(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/lobbies/<game_id>", operation_id="getLobby", tags=TAGS, summary="A lobby as the caller may see it",
        description="Seats, who holds them and the state. The host (its key) also sees the players' ids.",
        security=KEY_OPTIONAL, responses=responses(200, LobbyView, "The lobby.", 401, 404, 422),
    )
    def get_lobby(game_id: str) -> Response[LobbyView]:
        key = presented_key(app)
        viewer = container.lobbies().viewer(key) if key is not None else None
        record = container.lobbies().get(game_id)
        logger.append_keys(game_id=game_id)
        return json_response(lobby_view(record, viewer.player_id if viewer else None))


def add_list_lobbies(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/lobbies", operation_id="listLobbies", tags=TAGS, summary="Public lobbies with a free seat",
        description="Newest first, at most 50 (a secondary index: never a scan). Join one with POST "
                    "/lobbies/{game_id}/join and no invite.",
        responses=responses(200, OpenLobbies, "The open lobbies.", 422),
    )
    def list_lobbies(
        open: Annotated[str, Query(pattern="^true$", description="Only open lobbies (the only listing).")] = "true",
    ) -> Response[OpenLobbies]:
        return json_response({"lobbies": [lobby_view(r, None) for r in container.lobbies().open_lobbies()]})


def add_join_lobby(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/lobbies/<game_id>/join", operation_id="joinLobby", tags=TAGS, summary="Claim the next free seat",
        description="As the key's player, with the invite code (or `{}` for a public lobby). The join that "
                    "takes the last free seat starts the game.",
        security=KEY_REQUIRED,
        responses=responses(200, LobbyChanged, "Seated.", 400, 401, 403, 404, 409, 410, 413, 415, 422),
    )
    def join_lobby(game_id: str, body: Annotated[JoinBody, Body()]) -> Response[LobbyChanged]:
        change = container.lobbies().join(game_id, presented_key(app), body.invite, body.contribution)
        logger.info("lobby joined", extra={"started": change.record.started})
        count("LobbiesJoined")
        return json_response(_changed(change, change.by))


def add_remove_seat(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/lobbies/<game_id>/seats/<seat>/remove", operation_id="removeLobbySeat", tags=TAGS,
        summary="Remove a seat before the start (host)", security=KEY_REQUIRED,
        description="The seat (and whoever held it) is left out of the game.",
        responses=responses(200, LobbyChanged, "Removed.", 401, 403, 404, 409, 410, 422),
    )
    def remove_seat(game_id: str, seat: Seat) -> Response[LobbyChanged]:
        change = container.lobbies().remove(game_id, presented_key(app), seat)
        logger.info("lobby seat removed", extra={"seat": seat})
        return json_response(_changed(change, change.record.host))


def add_replace_seat(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/lobbies/<game_id>/seats/<seat>/replace", operation_id="replaceLobbySeat", tags=TAGS,
        summary="Open a seat again, or give it to a bot, before the start (host)", security=KEY_REQUIRED,
        description="`{open: true}`: whoever held it is out and it can be claimed again; `{bot: true, name?}`: a "
                    "bot's, its token answered once.",
        responses=responses(200, LobbyChanged, "Replaced.", 400, 401, 403, 404, 409, 410, 413, 415, 422),
    )
    def replace_seat(game_id: str, seat: Seat, body: Annotated[ReplaceSeatBody, Body()]) -> Response[LobbyChanged]:
        kind = "bot" if body.bot else "open"
        change = container.lobbies().replace(game_id, presented_key(app), seat, kind, body.name)
        logger.info("lobby seat replaced", extra={"seat": seat, "kind": kind})
        return json_response(_changed(change, change.record.host))


def add_start_lobby(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/lobbies/<game_id>/start", operation_id="startLobby", tags=TAGS, summary="Start the game (host)",
        description="Seats still open are given to bots (their tokens answered once). Starting a started game "
                    "changes nothing.",
        security=KEY_REQUIRED, responses=responses(200, LobbyChanged, "Started.", 401, 403, 404, 409, 410, 422),
    )
    def start_lobby(game_id: str) -> Response[LobbyChanged]:
        change = container.lobbies().start(game_id, presented_key(app))
        logger.info("lobby started", extra={"already": change.already})
        count("LobbiesStarted")
        return json_response(_changed(change, change.record.host))


def add_reissue_token(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/games/<game_id>/seats/<seat>/token", operation_id="reissueSeatToken", tags=TAGS,
        summary="A new token for a bot's seat (host)", security=KEY_REQUIRED,
        description="By the host of the lobby the game started from. The old token is refused from now on. A "
                    "player's seat has no token (its player plays with its key): 409 seat_claimed.",
        responses=responses(200, ReissuedToken, "The new token, shown once.", 401, 403, 404, 409, 422),
    )
    def reissue_token(game_id: str,
                      seat: Annotated[int, Field(ge=0, lt=MAX_SEATS), Digits, Path()]) -> Response[ReissuedToken]:
        services = container.services()
        token, after = host_reissue(services.players, services.lobby_store, services.store, game_id,
                                    presented_key(app), seat, services.recent)
        logger.append_keys(game_id=game_id, seat=seat)
        logger.info("seat token reissued", extra={"version": after.version})
        count("SeatTokensReissued")
        return json_response({"game_id": game_id, "seat": seat, "token": token, "version": after.version})


LOBBY_ROUTES = (add_create_lobby, add_get_lobby, add_list_lobbies, add_join_lobby, add_remove_seat, add_replace_seat,
                add_start_lobby, add_reissue_token)
