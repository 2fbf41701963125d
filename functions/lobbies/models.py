"""Request and response bodies of the lobbies' routes, strict like every body of this API."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from domain.options import Options
from functions.api.create_body import OptionsIn
from service.lobbies.service import MAX_SEATS, SeatSpecIn
from service.names import MAX_NAME, NAME_PATTERN

INVITE_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


def _exactly_one(*kinds: str) -> dict[str, Any]:
    """The document's words for "exactly one of these is true" (the models' validators below), and a name only
    with a bot."""
    def branch(kind: str) -> dict[str, Any]:
        others = {k: {"type": "null"} for k in kinds if k != kind}
        name = {} if kind == "bot" else {"name": {"type": "null"}}
        return {"required": [kind], "properties": {kind: {"const": True}, **others, **name}}
    return {"oneOf": [branch(k) for k in kinds]}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, regex_engine="python-re")


class LobbySeatIn(_Body):
    """One seat: exactly one of `host` (the host's own seat), `open` (to be claimed) or `bot` (its token goes to
    the host, once)."""

    host: Literal[True] | None = None
    open: Literal[True] | None = None
    bot: Literal[True] | None = None
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN,
                             description="A bot's name.")

    model_config = ConfigDict(json_schema_extra=_exactly_one("host", "open", "bot"))

    @model_validator(mode="after")
    def _one_kind(self) -> LobbySeatIn:
        if [self.host, self.open, self.bot].count(True) != 1:
            raise ValueError("a seat is exactly one of host, open or bot")
        if self.name is not None and not self.bot:
            raise ValueError("only a bot seat takes a name")
        return self

    def spec(self) -> SeatSpecIn:
        return SeatSpecIn("host" if self.host else "bot" if self.bot else "open", self.name)


class CreateLobbyBody(_Body):
    seats: Annotated[int, Field(ge=1, le=MAX_SEATS)] | Annotated[
        list[LobbySeatIn], Field(min_length=1, max_length=MAX_SEATS)] = Field(
        description=f"A number of seats, 1 to {MAX_SEATS} (the host's first, the others open), or the seats in "
                    "order.")
    options: OptionsIn = Field(default_factory=OptionsIn)
    public: bool = Field(default=False, description="Listed in GET /lobbies and joinable without the invite.")
    contribution: str | None = Field(
        default=None, min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$",
        description="Optional: a random string of your own (say 32 hex digits) that the game's setup and every "
                    "draw depend on, so that the server alone cannot have chosen them (docs/fairness.md).",
    )

    def specs(self) -> list[SeatSpecIn]:
        if isinstance(self.seats, int):
            return [SeatSpecIn("host")] + [SeatSpecIn("open")] * (self.seats - 1)
        return [s.spec() for s in self.seats]

    def game_options(self) -> Options:
        return Options.model_validate(self.options.model_dump())


class JoinBody(_Body):
    invite: str | None = Field(default=None, pattern=INVITE_PATTERN,
                               description="The code of the invite link (after `#invite=`); none for a public "
                                           "lobby.")
    contribution: str | None = Field(
        default=None, min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$",
        description="Optional: a random string of your own (say 32 hex digits) that the game's setup and every "
                    "draw depend on, so that the server alone cannot have chosen them (docs/fairness.md).",
    )


class ReplaceSeatBody(_Body):
    model_config = ConfigDict(json_schema_extra=_exactly_one("open", "bot"))

    open: Literal[True] | None = None
    bot: Literal[True] | None = None
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN)

    @model_validator(mode="after")
    def _one_kind(self) -> ReplaceSeatBody:
        if [self.open, self.bot].count(True) != 1 or (self.name is not None and not self.bot):
            raise ValueError("send {open: true} or {bot: true, name?}")
        return self


class LobbySeat(BaseModel):
    seat: int
    state: Literal["open", "player", "bot", "removed"]
    name: str | None
    you: bool = Field(description="The caller's own seat.")
    player_id: str | None = Field(default=None, description="Shown to the host (and to the player itself) only.")
    game_seat: int | None = Field(default=None, description="Once started: the seat in the game.")


class LobbyView(BaseModel):
    game_id: str
    status: Literal["open", "started"]
    public: bool
    host: bool = Field(description="Whether the caller is the host.")
    host_name: str | None
    seats: list[LobbySeat]
    free_seats: int
    options: dict[str, Any]
    revision: int
    created_at: str
    expires_at: str | None = Field(description="A lobby not started by then is gone.")
    started_at: str | None
    game: str | None = Field(description="Once started: the game's path.")


class SeatTokenOut(BaseModel):
    seat: int = Field(description="The lobby's seat (game_seat in the lobby view once started).")
    name: str
    token: str = Field(description="The bot seat's secret: `Authorization: Bearer <token>`. Shown only once.")


class CreatedLobby(BaseModel):
    game_id: str
    invite: str = Field(description="The invite code, shown only this once (only its hash is stored).")
    invite_link: str = Field(description="The link to pass on: the code is after `#`, so it never reaches a log.")
    lobby: LobbyView
    bot_tokens: list[SeatTokenOut]


class LobbyChanged(BaseModel):
    lobby: LobbyView
    started: bool
    bot_tokens: list[SeatTokenOut] = Field(description="Tokens of bot seats this change made, shown only once.")


class OpenLobbies(BaseModel):
    lobbies: list[LobbyView]


class ReissuedToken(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="The seat's new token, shown only once; the old one is refused from now on.")
    version: int
