"""Every answer a test gets through the gateway (tests/service/gateway.py), checked against the reply model the
OpenAPI document gives its route (functions/api/replies.py). Functions do not validate their answers (it would
cost each cold start the whole view's validator): this is where an answer that drifts from the document fails.
"""

from __future__ import annotations

import json

from pydantic import BaseModel

from functions.api.replies import CommandReply, CreatedGame, ErrorReply, GameReply, History
from functions.links.models import NewLink, NewSession

GAME = "/games/{game_id}"
REPLIES: dict[str, type[BaseModel]] = {
    "POST /games": CreatedGame, f"GET {GAME}": GameReply, f"GET {GAME}/events": History,
    f"POST {GAME}/links": NewLink, "POST /sessions": NewSession,
}


def reply_model(route_key: str, status: int) -> type[BaseModel] | None:
    """The documented model of an answer; None where the route's own return type validates it (players',
    lobbies', the seat token reissue)."""
    if status >= 400:
        return ErrorReply
    if route_key in REPLIES:
        return REPLIES[route_key]
    if route_key.startswith(f"POST {GAME}/") and route_key.count("/") == 3:  # POST /games/{game_id}/{command}
        return CommandReply
    return None


def check_reply(route_key: str, status: int, text: str) -> None:
    """The answer is its model's, with nothing undeclared. (Validating it would also have served the fields
    left out at their defaults: another seat's own-only fields, null, which are now simply absent.)"""
    model = reply_model(route_key, status)
    if model is None or not text:
        return
    served = json.loads(text)
    assert model.model_validate_json(text).model_dump(mode="json", exclude_unset=True) == served, (route_key, status)
