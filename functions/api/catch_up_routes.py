"""GET /games/{game_id}/catch-up: what happened since the caller's seat last looked (service/catch_up.py,
docs/catch-up.md); and the look a seat's read of its view records (GET /games/{game_id})."""

from __future__ import annotations

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Query

from functions import container
from functions.api.docs import responses
from functions.api.edge import caller_seat, json_response, load_game
from functions.observability import logger
from service.catch_up import catch_up
from service.clock import iso, now_epoch


def looked(game_id: str, seat: int, version: int) -> None:
    """The seat saw `version`: recorded, or, if the table refuses now, only logged (the view is answered all the
    same; the next read records it)."""
    try:
        container.looks().looked(game_id, seat, version, iso(now_epoch()))
    except Exception:
        logger.warning("look not recorded", extra={"game_id": game_id})


def add_get_catch_up(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/games/<game_id>/catch-up", operation_id="getCatchUp", tags=["games"],
        summary="What happened since you last looked",
        description="For the caller's seat (its token, session or player key): the commits since the seat last "
                    "read its view or acted (`since`; null: it never did, and all of them), as GET "
                    "/games/{id}/events serves them to it, and each event in words (`lines`, in `language`). "
                    "Reading it records nothing: reading the view does.",
        responses=responses(app, 200, "CatchUp", "What happened since.", 401, 404, 422),
    )
    def get_catch_up(
        game_id: str,
        language: Annotated[Literal["en", "es", "ko"], Query(description="The words' language.")] = "en",
    ):
        aggregate = load_game(game_id)
        seat = caller_seat(app, aggregate, required=True)
        assert seat is not None
        since = container.looks().since(game_id, seat)
        commits = container.games().history(aggregate, since.version if since else 0)
        return json_response(catch_up(aggregate, commits, seat, since, language),
                             headers={"Cache-Control": "private, no-store"})
