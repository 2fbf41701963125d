"""The body of POST /games: the seats and the options, strictly typed like every request field."""

from __future__ import annotations

from pydantic import ConfigDict, Field, field_validator

from domain.options import Clock, Fraction, Options
from functions.api.models import StrictBody
from service.names import EMAIL_PATTERN, HTTPS_URL_PATTERN, MAX_EMAIL, MAX_NAME, NAME_PATTERN


class SeatIn(StrictBody):
    name: str = Field(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN,
                      description="A display name: no spaces around it, no control or format characters.")
    email: str | None = Field(default=None, max_length=MAX_EMAIL, pattern=EMAIL_PATTERN,
                              description="Where this seat's notices are e-mailed while no player with a confirmed "
                                          "address sits there (play by e-mail). Never shown.")
    webhook: str | None = Field(default=None, max_length=2048, pattern=HTTPS_URL_PATTERN,
                                description="Stored, never shown; not read by any channel (webhooks go to the seat's "
                                            "player's profile: PATCH /players/me).")
    push: str | None = Field(default=None, max_length=2048,
                             description="Stored, never shown; not read by any channel (pushes go to the devices "
                                         "of the seat's player: POST /players/me/devices).")

    def contact(self) -> dict[str, str] | None:
        found = {k: v for k, v in (("email", self.email), ("webhook", self.webhook), ("push", self.push)) if v}
        return found or None


class ClockIn(Clock):
    """A turn clock as a request sends it: strictly typed (a number of hours, never a string)."""

    model_config = ConfigDict(strict=True)

    # A JSON array (strict validation takes no list for a tuple), in any order: the clock's are the distinct
    # fractions, ascending, which no JSON Schema keyword says, so the request's are put in that order.
    reminders: list[Fraction] = Field(  # type: ignore[assignment]
        default=[0.5, 0.9], max_length=4, json_schema_extra={"uniqueItems": True})

    @field_validator("reminders")
    @classmethod
    def _ascending(cls, value: list[float]) -> list[float]:  # type: ignore[override]  # Clock's, replaced
        return sorted(set(value))


class OptionsIn(Options):
    """The game options as a request sends them: strictly typed, like every request field."""

    model_config = ConfigDict(strict=True)

    clock: ClockIn | None = Field(default=None, description=(
        "A turn clock (docs/adr/0016-turn-clocks.md): a fixed time per move or a time bank with a bonus per "
        "move, reminders before each deadline, and the stand-in's move at a deadline. Absent: no clock."))


class CreateGameBody(StrictBody):
    seats: list[SeatIn] = Field(min_length=1, max_length=5, description="In seat order: 1 (solo) to 5.")
    options: OptionsIn = Field(default_factory=OptionsIn)
    contribution: str | None = Field(
        default=None, min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$",
        description="Optional: a random string of your own (say 32 hex digits) that the game's setup and every "
                    "draw depend on, so that the server alone cannot have chosen them (docs/fairness.md).",
    )

    def game_options(self) -> Options:
        return Options.model_validate(self.options.model_dump())
