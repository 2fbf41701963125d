"""Events of solo mode (RULES §3.10), re-exported by domain.events."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's


class GoalsOffered(_Event):
    """Goals the player may claim now: after a distillation (Distill goals), a sale (Sell goals), or at the end
    of a round (Earn goals for the round just played, and the Collect goals met)."""

    type: Literal["goals_offered"] = "goals_offered"
    seat: int = 0
    trigger: Literal["distill", "sell", "round_end"]
    goals: tuple[str, ...]


class GoalClaimed(_Event):
    type: Literal["goal_claimed"] = "goal_claimed"
    seat: int = 0
    goal: str
    row: int  # 0 = bottom row
    position: int  # 0 = left
    unlocked: tuple[tuple[int, int], ...] = ()  # (row, position) made available
    revealed: tuple[str, ...] = ()  # face-down cards turned up as they were unlocked
    sp: int = 0  # C goals: the immediate reward
    money: int = 0


class GoalsDeclined(_Event):
    """The offered goals are given up; Collect goals stay claimable while they are met."""

    type: Literal["goals_declined"] = "goals_declined"
    seat: int = 0
    goals: tuple[str, ...]


class GoalsSwapped(_Event):
    """The Swap card, once per game: two goals of one row change places (+5 to the target)."""

    type: Literal["goals_swapped"] = "goals_swapped"
    seat: int = 0
    row: int
    a: int
    b: int
    cards: tuple[str, str]  # the cards at a and b before the swap


class SoloOutcome(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    target: int
    rows_completed: int  # rows (of 5) with a completed goal
    completed: tuple[str, ...]
    swap_used: bool
    sp: int  # final SP
    won: bool
