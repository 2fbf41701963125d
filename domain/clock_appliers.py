"""Folding the turn clocks' events (domain.clock_events) into GameState.clocks: bookkeeping only."""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel

from domain import clock_events as ce
from domain.clock_records import SeatClock
from domain.decision import Applier
from domain.state import GameState


def _put(s: GameState, seat: int, clock: SeatClock) -> None:
    clocks = list(s.clocks) if s.clocks else [SeatClock()] * s.n
    clocks[seat] = clock
    s.clocks = tuple(clocks)


def seat_clock(s: GameState, seat: int) -> SeatClock:
    return s.clocks[seat] if s.clocks else SeatClock()


def _started(s: GameState, e: ce.ClockStarted) -> None:
    _put(s, e.seat, replace(seat_clock(s, e.seat), deadline=e.deadline, started=e.at, allotted=e.deadline - e.at,
                            bank_left=e.bank_left, reminded=0, paused_until=None))


def _stopped(s: GameState, e: ce.ClockStopped) -> None:
    c = seat_clock(s, e.seat)
    _put(s, e.seat, replace(c, deadline=None, started=None, allotted=0.0, bank_left=e.bank_left, reminded=0,
                            paused_until=None, timed_out=None if e.moved else c.timed_out))


def _reminded(s: GameState, e: ce.ReminderDue) -> None:
    _put(s, e.seat, replace(seat_clock(s, e.seat), reminded=e.nth))


def _timed_out(s: GameState, e: ce.SeatTimedOut) -> None:
    _put(s, e.seat, replace(seat_clock(s, e.seat), timeouts=e.count, timed_out=e.deadline))


def _replaced(s: GameState, e: ce.SeatReplaced) -> None:
    if e.by == "bot":  # the stand-in plays the seats listed as resigned (domain.stand_in); "resign" resigns it
        s.resigned.append(e.seat)


def _paused(s: GameState, e: ce.ClockPaused) -> None:
    _put(s, e.seat, replace(seat_clock(s, e.seat), deadline=e.deadline, paused_until=e.until))


APPLIERS: dict[type[BaseModel], Applier] = {
    ce.ClockStarted: _started, ce.ClockStopped: _stopped, ce.ReminderDue: _reminded, ce.SeatTimedOut: _timed_out,
    ce.SeatReplaced: _replaced, ce.ClockPaused: _paused,
}
