"""Events of the turn clocks (docs/adr/0016-turn-clocks.md), re-exported by domain.events.

Each carries the times it sets, decided when it was written (the service's clock is data to the rules), so a
replay folds exactly the same deadlines whatever the time of the replay."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class ClockStarted(_Event):
    """The game now waits for the seat, until `deadline`."""

    type: Literal["clock_started"] = "clock_started"
    seat: int
    at: float
    deadline: float
    bank_left: float | None = None  # bank clocks: the bank the deadline was taken from


class ClockStopped(_Event):
    """The game no longer waits for the seat: it moved, or the game moved on without it."""

    type: Literal["clock_stopped"] = "clock_stopped"
    seat: int
    used: float  # seconds since its clock started
    bank_left: float | None = None  # bank clocks: after the time used, the move's bonus added
    moved: bool = False  # the seat moved itself (not the stand-in for it, nor the game without it)


class ReminderDue(_Event):
    """The seat is reminded that the game waits for it (the notifier tells its channels)."""

    type: Literal["reminder_due"] = "reminder_due"
    seat: int
    deadline: float
    nth: int  # 1 for the first reminder of this deadline


class SeatTimedOut(_Event):
    """The seat's deadline passed: the rules' stand-in plays its pending step, in the events that follow."""

    type: Literal["seat_timed_out"] = "seat_timed_out"
    seat: int
    deadline: float
    count: int  # its timeouts in the game so far, this one included


class SeatReplaced(_Event):
    """After the game's limit of timeouts the seat is played by the stand-in for good ("bot"); "resign": a
    SeatResigned follows."""

    type: Literal["seat_replaced"] = "seat_replaced"
    seat: int
    by: Literal["bot", "resign"]


class ClockPaused(_Event):
    """The seat's player is on vacation until `until`: its deadline moves on by the time of the pause."""

    type: Literal["clock_paused"] = "clock_paused"
    seat: int
    until: float
    deadline: float  # the new deadline
