"""Game options (RULES D11), and the turn clock (docs/adr/0016-turn-clocks.md)."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

FlightChoice = Literal["A", "B", "C", "D", "E", "F", "G", "H", "random_abc", "random_all"]

MAX_HOURS = 30 * 24  # no single allowance beyond 30 days: a game left that long is abandoned, not slow
Hours = Annotated[float, Field(gt=0, le=MAX_HOURS)]
Fraction = Annotated[float, Field(gt=0, lt=1)]


class Clock(BaseModel):
    """A game's turn clock: a fixed time for every move, or a bank of time with a bonus added after each move.
    Reminders fall at these fractions of the time a seat was given; after `timeouts_to_replace` timeouts the
    seat is played by the rules' stand-in for good ("bot") or resigns ("resign")."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's

    mode: Literal["per_move", "bank"] = "per_move"
    per_move_hours: Hours = 24
    bank_hours: Hours = 72
    # Positive: a seat whose bank ran out then still has the bonus for each move, never a zero deadline.
    bonus_hours: Hours = 12
    reminders: tuple[Fraction, ...] = Field(default=(0.5, 0.9), max_length=4)
    timeouts_to_replace: int = Field(default=3, ge=1, le=20)
    on_replace: Literal["bot", "resign"] = "bot"

    @field_validator("reminders")
    @classmethod
    def _ascending(cls, value: tuple[float, ...]) -> tuple[float, ...]:
        if list(value) != sorted(set(value)):
            raise ValueError("reminders must be distinct fractions in ascending order")
        return value


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's

    flight: FlightChoice = "random_abc"
    pairings: bool = True
    distill_order: Literal["simultaneous", "sequential"] = "simultaneous"
    auto_best: bool = False
    label_sp_alternative: bool = True
    solo_difficulty: Literal["standard", "hard", "expert"] = "standard"
    # D15 (docs/adr/0011): a resigned seat is played by the rules' stand-in ("bot") or ends the game ("end").
    # Either way the game ends once at most one seat is still in play.
    on_resign: Literal["bot", "end"] = "bot"
    # None: no clock, the game waits for ever (local games). Left out of every dump when absent, so a game
    # stored before clocks existed dumps exactly as it did (its GameCreated, snapshots, digests and views).
    clock: Clock | None = Field(default=None, exclude_if=lambda value: value is None)


class SeatSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's

    name: str = Field(min_length=1, max_length=40)
