"""Events of resigning and taking a move back (docs/adr/0011), re-exported by domain.events."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's


class SeatResigned(_Event):
    """The seat resigned. Its later moves are the stand-in's (domain.stand_in), written as ordinary events; a
    GameEnded follows in the same commit when the resignation ends the game (D15)."""

    type: Literal["seat_resigned"] = "seat_resigned"
    seat: int


class UndoPointSet(_Event):
    """First event of a command that revealed nothing (domain.take_back.quiet): the state before it becomes
    the seat's undo point. It carries no state: the applier keeps the state it is applied to."""

    type: Literal["undo_point_set"] = "undo_point_set"
    seat: int


class UndoPointCleared(_Event):
    """First event of a command that may not be taken back while an undo point stood: it lapses."""

    type: Literal["undo_point_cleared"] = "undo_point_cleared"


class MoveTakenBack(_Event):
    """The seat took its last command back: the state is its undo point again."""

    type: Literal["move_taken_back"] = "move_taken_back"
    seat: int
