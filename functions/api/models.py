"""The command routes' request bodies, derived from the domain's commands. POST /games's is in
functions/api/create_body.py; the replies' models are in functions/api/replies.py (the OpenAPI document's, never
imported by a function)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, create_model

from domain.commands import COMMAND_TYPES
from functions.api.json_body import MAX_COUNT

MAX_BODY_BYTES = 16 * 1024
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


class StrictBody(BaseModel):
    # Strict: a bool is not an int, "1" is not a number, 1.5 is not an int. (1.0 is: JSON cannot tell 1.0 from 1,
    # and functions/api/json_body.py reads every whole number as an int.) A client that sends the wrong type learns
    # it at once.
    # defer_build: a function validates one route's body; it is built on that route's first request.
    # regex_engine: the service's own (Python's re), so that a pattern the document declares means the same in the
    # body's validation as in the service (service/names.py).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True, regex_engine="python-re")


class CommandBody(StrictBody):
    """Fields every command route takes, besides the command's own."""

    type: str = Field(default="", description="Optional; if sent, the route's command type.")  # each body narrows it

    command_id: str = Field(
        min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$",
        description="Client-generated id (a UUID, say). Resending the same command with the same id for the "
                    "same seat never acts twice: it is answered with the game as it is now and the version the "
                    "first send wrote. The same id with another command: 409 command_id_reused.",
    )
    expected_version: int | None = Field(
        default=None, ge=1, le=MAX_COUNT,
        description="The version the decision was based on. If the game has moved on: 409 stale_version. "
                    "Without it the server re-decides on the newest version when another command wins a race.",
    )
    seat: int | None = Field(
        default=None, ge=0, le=4,
        description="Optional. The acting seat always comes from the token; if sent, it must be that seat (403).",
    )
    contribution: str | None = Field(
        default=None, min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$",
        description="Optional: a random string of your own (say 32 hex digits) that every later draw of a fair game "
                    "depends on, so that the server alone cannot have chosen them (docs/fairness.md). A seat's "
                    "first one counts; the server draws one for a seat that sends none.",
    )


def _as_json(annotation: Any) -> Any:
    """JSON has arrays, not tuples, and strict validation refuses a list for a tuple: a domain tuple is a
    list in the body (the domain command converts it back)."""
    args = get_args(annotation)
    if get_origin(annotation) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return list[args[0]]  # type: ignore[valid-type]
    return annotation


def _command_body(command: type[BaseModel]) -> type[CommandBody]:
    fields: dict[str, Any] = {
        name: (_as_json(info.annotation), copy.copy(info))
        for name, info in command.model_fields.items() if name != "seat"
    }
    model: type[CommandBody] = create_model(
        f"{command.__name__}Body", __base__=CommandBody, __doc__=command.__doc__, **fields
    )
    return model


@cache
def command_body(command_type: str) -> type[CommandBody]:
    """Built on first use: each Lambda serves one command route and needs only its own body model."""
    return _command_body(COMMAND_TYPES[command_type])


def to_command(body: CommandBody, seat: int) -> Any:
    """The domain command a validated body asks for, acting as `seat`."""
    command = COMMAND_TYPES[body.type]
    fields = body.model_dump(exclude={"command_id", "expected_version", "seat", "contribution"})
    return command.model_validate({**fields, "seat": seat})
