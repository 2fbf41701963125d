"""GET /players/me/games: the caller's games ("my games"), awaiting its move first; one Query of the table's
index for the caller's own entries (service/my_games.py), never a scan."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Query
from pydantic import BaseModel, Field

from functions import container
from functions.api.edge import json_response
from functions.observability import logger
from functions.players.routes import KEY_REQUIRED, TAGS, presented_key, responses
from infra.my_games import GameEntry
from service.clock import now_epoch
from service.my_games import DEFAULT_PAGE, MAX_PAGE


class MyGame(BaseModel):
    game_id: str
    status: Literal["lobby", "in_progress", "finished"]
    awaiting: bool = Field(description="You must act now: these come first.")
    seat: int | None = Field(description="Your seat (your slot in a lobby).")
    phase: str | None
    round: int | None
    version: int = Field(description="The game's version this entry is of (0: a lobby).")
    to_act: list[int] = Field(description="The seats that must act now: whose turn it is.")
    names: list[str] = Field(description="Each seat's name.")
    host: bool = Field(description="You host the lobby.")
    open_seats: int = Field(description="A lobby's seats still to claim.")
    scores: list[int] | None = Field(description="Once finished: each seat's final SP.")
    winners: list[int]
    updated_at: str
    seconds_left: list[float | None] | None = Field(
        default=None, description="A clocked game in progress: each seat's time left on its clock now, in seconds "
                                  "(null: its clock is not running); absent without a clock.")


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="Awaiting your move first, then lobbies and games waiting for others, "
                                            "then finished games; newest first within each.")
    cursor: str | None = Field(description="Send it back as ?cursor= for the next page; null: the last page.")


def game_view(entry: GameEntry) -> dict[str, Any]:
    return {
        "game_id": entry.game_id, "status": entry.status, "awaiting": entry.awaiting, "seat": entry.seat,
        "phase": entry.phase, "round": entry.round, "version": entry.version, "to_act": list(entry.to_act),
        "names": list(entry.names), "host": entry.host, "open_seats": entry.open_seats,
        "scores": None if entry.scores is None else list(entry.scores), "winners": list(entry.winners),
        "updated_at": entry.updated_at, **_time_left(entry),
    }


def _time_left(entry: GameEntry) -> dict[str, Any]:
    """Counted when served (the entry holds deadlines, written at the game's last commit)."""
    deadlines = entry.extra.get("deadlines")
    if not isinstance(deadlines, list):
        return {}
    now = now_epoch()
    return {"seconds_left": [None if d is None else round(max(0.0, float(d) - now), 1) for d in deadlines]}


def add_my_games(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/players/me/games", operation_id="myGames", tags=TAGS, summary="The caller's games, awaiting its move first",
        description="Lobbies, games in progress and finished games the key's player has a seat in, with whose turn "
                    f"it is; at most `limit` (default {DEFAULT_PAGE}, at most {MAX_PAGE}) a page. Kept from the "
                    "table's stream: a move shows here within seconds.",
        security=KEY_REQUIRED, responses=responses(200, MyGames, "The caller's games.", 401, 422),
    )
    def my_games(
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Entries per page.")] = DEFAULT_PAGE,
        cursor: Annotated[str | None, Query(max_length=200, pattern="^[A-Za-z0-9_-]+$",
                                            description="The previous page's cursor.")] = None,
    ) -> Response[MyGames]:
        listing = container.my_games().list(presented_key(app), limit, cursor)
        logger.append_keys(player_id=listing.player.player_id)
        return json_response({"games": [game_view(e) for e in listing.entries], "cursor": listing.cursor})


MY_GAMES_ROUTES = (add_my_games,)
