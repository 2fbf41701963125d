"""The game routes (create, view, history). Command routes are in functions/api/command_routes.py."""

from __future__ import annotations

import re
import time
from typing import Annotated

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Body, Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BeforeValidator, Field

from domain.options import SeatSpec
from functions import container
from functions.api.create_body import CreateGameBody
from functions.api.docs import TOKEN_OPTIONAL, responses
from functions.api.edge import (
    cache_headers,
    caller_seat,
    etag,
    game_reply,
    json_response,
    load_game,
    matches,
    not_modified,
)
from functions.observability import count, logger
from service.games.seat_history import redacted

MAX_HISTORY_PAGE = 500
MAX_WAIT = 20  # seconds of a long poll: well inside the function's Timeout and the API's integration timeout
# Seconds between two looks at the game while waiting: quick at first (a move often follows soon), then one
# strongly consistent GetItem a second at most.
POLL_PAUSES = (0.25, 0.5, 0.75, 1.0)
NOT_MODIFIED: dict[int, OpenAPIResponse] = {
    304: {"description": "If-None-Match names the current ETag: nothing changed (no body).", "content": {}}}

MAX_AFTER = 10**15  # far above any game's version, and exact as the document's (floating) maximum
_DIGITS = re.compile(r"[0-9]{1,18}")


def _digits(value: object) -> object:
    """A query value is text, and lax int parsing reads too much of it (" 1", "1_0", "+1", "1.0", other
    scripts' digits): only plain decimal digits are a number here. Put after a parameter's bounds in its
    Annotated (`Annotated[int, Field(ge=0), Digits, Query()]`): before them, the document loses the bounds."""
    if isinstance(value, str) and not _DIGITS.fullmatch(value):
        raise ValueError("expected a whole number in plain decimal digits")
    return value


Digits = BeforeValidator(_digits)

def add_create_game(app: APIGatewayHttpResolver) -> None:
    @app.post(
        "/games", operation_id="createGame", tags=["games"], summary="Create a game",
        description="Seats (1 for solo, up to 5; a display name, and optionally an e-mail address the seat's "
                    "notices go to while no player with a confirmed address sits there) and options. Answers the "
                    "game id and one secret token per seat: it is shown only this once.",
        responses=responses(app, 201, "CreatedGame", "The game, at version 1, and the seat tokens.",
                            400, 413, 415, 422, 429),
    )
    def create_game(body: Annotated[CreateGameBody, Body()]):  # no return type: see `responses`
        from functions.limits_edge import limits, source_ip  # the create function's alone: not at import

        limits().admit_game(source_ip(app), None)
        created = container.games().create([SeatSpec(name=s.name) for s in body.seats], body.game_options(),
                                         [s.contact() for s in body.seats],
                                         (body.contribution,) if body.contribution else ())
        game_id = created.aggregate.game_id
        logger.append_keys(game_id=game_id)
        logger.info("game created", extra={"seats": len(body.seats)})
        count("GamesCreated")
        seats = [{"seat": i, "name": s.name, "token": t}
                 for i, (s, t) in enumerate(zip(body.seats, created.tokens, strict=True))]
        return json_response({"game_id": game_id, "version": created.aggregate.version, "seats": seats}, 201,
                             {"Location": f"/games/{game_id}"})


def add_get_game(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/games/<game_id>", operation_id="getGame", tags=["games"], summary="The game as the caller may see it",
        description="With a seat token: that seat's view and legal actions. Without: the spectator view. "
                    "Answers an ETag; If-None-Match with it answers 304 while the game has not moved, and with "
                    "`wait` the answer waits (up to that many seconds) for the next move.",
        security=TOKEN_OPTIONAL,
        responses={**responses(app, 200, "GameReply", "The caller's view.", 401, 404, 422), **NOT_MODIFIED},
    )
    def get_game(
        game_id: str,
        wait: Annotated[int, Field(ge=0, le=MAX_WAIT), Digits, Query(
            description="Long poll: with If-None-Match, seconds to wait for the game to move before answering "
                        "304.")] = 0,
    ):
        aggregate = load_game(game_id)
        seat = caller_seat(app, aggregate, required=False)
        tag = etag("game", game_id, aggregate.version, seat)
        if wait and matches(app, tag) and _moved(game_id, aggregate.version, wait):
            aggregate = load_game(game_id)
            seat = caller_seat(app, aggregate, required=False)  # the token may have been reissued meanwhile
            tag = etag("game", game_id, aggregate.version, seat)
        elif matches(app, tag):  # (after a move the answer is the new view, even to `If-None-Match: *`)
            _looked(game_id, seat, aggregate.version)
            return not_modified(tag)
        _looked(game_id, seat, aggregate.version)
        return json_response(game_reply(aggregate, seat), headers=cache_headers(tag))


def _looked(game_id: str, seat: int | None, version: int) -> None:
    """A seat that reads its view has seen that version (its catch-up starts after it): docs/catch-up.md."""
    if seat is not None:
        from functions.api.catch_up_routes import looked

        looked(game_id, seat, version)


def _moved(game_id: str, version: int, wait: int) -> bool:
    """Whether the game gets past `version` within `wait` seconds (and the invocation's time)."""
    from infra.budget import RESERVE, WORST_CALL  # botocore's: imported by a long poll only, not at cold start

    # The invocation keeps time for its answer: one whole store call (the reload) and the reserve after it.
    deadline = time.monotonic() + min(wait, container.time_left() - WORST_CALL - RESERVE)
    looks = 0
    while (left := deadline - time.monotonic()) > 0:
        container.pause(min(POLL_PAUSES[min(looks, len(POLL_PAUSES) - 1)], left))
        looks += 1
        # One GetItem of the next commit's key (the store's `newer` probes first): no history is read.
        if container.store().newer(game_id, version):
            return True
    return False


def add_get_events(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/games/<game_id>/events", operation_id="getEvents", tags=["games"], summary="The history, redacted",
        description="Commits after version `after`, oldest first, each event as the caller may see it now "
                    "(spectator without a token). Page with next_after. Answers an ETag (If-None-Match: 304).",
        security=TOKEN_OPTIONAL,
        responses={**responses(app, 200, "History", "A page of the history.", 401, 404, 422), **NOT_MODIFIED},
    )
    def get_events(
        game_id: str,
        after: Annotated[int, Field(ge=0, le=MAX_AFTER), Digits, Query(
            description="Only commits above this version.")] = 0,
        limit: Annotated[int, Field(ge=1, le=MAX_HISTORY_PAGE), Digits,
                         Query(description="Commits per page.")] = 200,
    ):
        aggregate = load_game(game_id)
        seat = caller_seat(app, aggregate, required=False)
        tag = etag("events", game_id, aggregate.version, seat, after, limit)
        if matches(app, tag):
            return not_modified(tag)
        # Only what the loaded state has seen: redaction judges each event against that state.
        commits = container.games().history(aggregate, after)
        page = commits[:limit]
        # The whole span up to now is judged, not just the page: it tells where an open secret phase began.
        seen = redacted(commits, seat, aggregate.state)
        body = {
            "game_id": game_id, "version": aggregate.version, "seat": seat,
            "commits": [
                {"version": c.version, "seat": c.seat, "recorded_at": c.recorded_at, "events": events}
                for c, events in zip(page, seen, strict=False)
            ],
            "next_after": page[-1].version if len(commits) > limit else None,
        }
        return json_response(body, headers=cache_headers(tag))
