"""Game options (RULES D11)."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FlightChoice = Literal["A", "B", "C", "D", "E", "F", "G", "H", "random_abc", "random_all"]


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    flight: FlightChoice = "random_abc"
    pairings: bool = True
    distill_order: Literal["simultaneous", "sequential"] = "simultaneous"
    auto_best: bool = False
    label_sp_alternative: bool = True
    solo_difficulty: Literal["standard", "hard", "expert"] = "standard"
    # D15 (docs/adr/0011): a resigned seat is played by the rules' stand-in ("bot") or ends the game ("end").
    # Either way the game ends once at most one seat is still in play.
    on_resign: Literal["bot", "end"] = "bot"


class SeatSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
