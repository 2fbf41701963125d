"""Turn clocks (docs/adr/0016-turn-clocks.md): who the game waits for, until when, and what the rules do when
the time runs out. Pure: every time is passed in as data, and every outcome is an event.

The game waits for exactly the seats `to_act` names; a seat's clock runs while it is among them. So a
simultaneous phase runs one clock per seat still to act, and one silent seat times out alone. The events of the
clocks are written in the commit that changes who must act (`clock_events`, asked for by the service after each
decision), or in a commit of their own when a time passes (`due`, then `decide_clock`): a reminder, a pause
for a vacation, or a timeout, in which the rules' stand-in (domain.stand_in) plays the seat's one pending step;
the seat's `timeouts_to_replace`-th timeout hands it to the stand-in for good or resigns it.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain import clock_events as ce
from domain import events as ev
from domain.clock_appliers import seat_clock
from domain.clock_records import SeatClock
from domain.commands import Command, TakeBack
from domain.decision import Decision
from domain.errors import RuleViolation, require
from domain.events import Event
from domain.flow import advance
from domain.legal import game_actions, to_act
from domain.options import Clock
from domain.records import record
from domain.resign import end_by_resignation, in_play
from domain.rng import NoRandomness, Rng
from domain.rules import APPLIERS, move_for
from domain.stand_in import choose
from domain.state import GameState

HOUR = 3600.0


@record(frozen=True)
class TimeOut:
    """The seat's deadline passed: the stand-in plays its pending step."""

    seat: int
    deadline: float


@record(frozen=True)
class Remind:
    seat: int
    deadline: float
    nth: int


@record(frozen=True)
class Pause:
    """The seat's player is on vacation until `until`: the deadline moves on instead of passing."""

    seat: int
    deadline: float
    until: float


ClockStep = TimeOut | Remind | Pause


def _t(x: float) -> float:
    return round(x, 3)  # milliseconds: the precision of the commits' recorded times


def clock_events(state: GameState, at: float, actor: int | None = None, stand_in: bool = False) -> list[Event]:
    """The clock events that follow a decision whose result is `state`, decided at `at`: a clock started for each
    seat the game now waits for, stopped for each it no longer waits for. `actor`'s clock starts again if the game
    still waits for it (it moved: a new move's time); None for a command that moved no clock (a take-back,
    which restores the clocks as they were). `stand_in`: the actor's move was the stand-in's, at its timeout.
    The caller applies them to `state`."""
    clock = state.options.clock
    if clock is None:
        return []
    waiting = set(to_act(state)) if state.phase != "finished" else set()
    stops: list[Event] = []
    starts: list[Event] = []
    for seat in range(state.n):
        c = seat_clock(state, seat)
        running = c.deadline is not None
        if running and (seat not in waiting or seat == actor):
            stops.append(_stop(clock, c, seat, at, seat == actor and not stand_in))
        if seat in waiting and (not running or seat == actor):
            bank = _bank_after(clock, c, at) if running else c.bank_left
            starts.append(_start(clock, seat, at, bank))
    return [*stops, *starts]


def actor(command: Command) -> int | None:
    """Whose clock a command moves (`clock_events`' `actor`): its seat's, but for a take-back, which restores the
    clocks with the rest of the state (taking a move back never wins time)."""
    return None if isinstance(command, TakeBack) else getattr(command, "seat", None)


def _used(c: SeatClock, at: float) -> float:
    """The time the seat's running clock has used at `at`: what it was given less what is left, so the time of a
    pause (which moved the deadline on) is not counted."""
    assert c.deadline is not None
    return max(0.0, c.allotted - max(0.0, c.deadline - at))


def _bank_after(clock: Clock, c: SeatClock, at: float) -> float | None:
    """A bank clock's bank once the seat's running clock stops at `at`: less the time used, plus the bonus."""
    if clock.mode != "bank" or c.deadline is None:
        return None
    bank = c.bank_left if c.bank_left is not None else clock.bank_hours * HOUR
    return _t(max(0.0, bank - _used(c, at)) + clock.bonus_hours * HOUR)


def _stop(clock: Clock, c: SeatClock, seat: int, at: float, moved: bool) -> ev.ClockStopped:
    return ce.ClockStopped(seat=seat, used=_t(_used(c, at)), bank_left=_bank_after(clock, c, at), moved=moved)


def _start(clock: Clock, seat: int, at: float, bank: float | None) -> ev.ClockStarted:
    if clock.mode == "per_move":
        return ce.ClockStarted(seat=seat, at=_t(at), deadline=_t(at + clock.per_move_hours * HOUR))
    left = bank if bank is not None else clock.bank_hours * HOUR
    return ce.ClockStarted(seat=seat, at=_t(at), deadline=_t(at + left), bank_left=left)


def _reminders_due(clock: Clock, c: SeatClock, now: float) -> int:
    return sum(1 for f in clock.reminders if c.reminder_at(f) <= now)


def _wake(clock: Clock, c: SeatClock) -> float | None:
    """When the seat's clock next has something to do: its next reminder, else its deadline."""
    if c.deadline is None:
        return None
    if c.reminded < len(clock.reminders):
        return c.reminder_at(clock.reminders[c.reminded])
    return c.deadline


def next_wake(state: GameState) -> float | None:
    """The earliest reminder or deadline still to fire; None: no clock running (no clock, or the game is over)."""
    clock = state.options.clock
    if clock is None or state.phase == "finished":
        return None
    wakes = [w for c in state.clocks if (w := _wake(clock, c)) is not None]
    return min(wakes, default=None)


def due(state: GameState, now: float, away: Mapping[int, float] | None = None) -> ClockStep | None:
    """The first thing the clocks must do at `now`, or None. `away`: the seats whose player is on vacation, to
    when; such a seat's clock is paused rather than reminded or timed out. A seat whose deadline passed is timed
    out without a reminder first; of several reminders passed, only the last is sent."""
    clock = state.options.clock
    if clock is None or state.phase == "finished":
        return None
    pending = sorted((w, seat) for seat, c in enumerate(state.clocks)
                     if (w := _wake(clock, c)) is not None and w <= now)
    for _, seat in pending:
        c = state.clocks[seat]
        assert c.deadline is not None
        until = (away or {}).get(seat)
        if until is not None and until > now and (c.paused_until is None or until > c.paused_until):
            return Pause(seat, c.deadline, until)
        if c.deadline <= now:
            return TimeOut(seat, c.deadline)
        return Remind(seat, c.deadline, _reminders_due(clock, c, now))
    return None


def decide_clock(state: GameState, step: ClockStep, now: float, rng: Rng | None = None) -> tuple[list[Event],
                                                                                                   GameState]:
    """The events of one clock step and the state after them; RuleViolation, with nothing to write, if it is not
    due at `now` or the seat's clock has moved since the step was judged (another commit won)."""
    clock = state.options.clock
    require(clock is not None, "no_clock", "This game has no clock.")
    assert clock is not None
    require(state.phase not in ("new", "finished"), "game_over", "The game is over.")
    c = seat_clock(state, step.seat) if 0 <= step.seat < state.n else SeatClock()
    require(c.deadline is not None and c.deadline == step.deadline, "clock_moved",
            "The seat's clock is no longer at that deadline.")
    ctx = Decision(state, rng if rng is not None else NoRandomness(), APPLIERS)
    if state.undo is not None:
        ctx.emit(ev.UndoPointCleared())  # time passing closes the take-back of the last move
    if isinstance(step, Remind):
        require(c.reminded < step.nth <= _reminders_due(clock, c, now) and now < step.deadline, "not_due",
                "No reminder is due.")
        ctx.emit(ce.ReminderDue(seat=step.seat, deadline=step.deadline, nth=step.nth))
        return ctx.events, ctx.state
    if isinstance(step, Pause):
        require(step.until > now, "not_due", "The vacation is over.")
        start = min(now, step.deadline)
        ctx.emit(ce.ClockPaused(seat=step.seat, until=_t(step.until), deadline=_t(step.deadline + step.until - start)))
        return ctx.events, ctx.state
    require(now >= step.deadline, "not_due", "The deadline has not passed.")
    _time_out(ctx, clock, step.seat, c)
    # The seat's time ran out at its deadline, however late this runs: the clocks started now start from then,
    # so a scheduler that wakes late (or a test clock moved on by days) plays the same game.
    extra = clock_events(ctx.state, step.deadline, actor=step.seat, stand_in=True)
    for e in extra:
        ctx.emit(e)
    return ctx.events, ctx.state


def _time_out(ctx: Decision, clock: Clock, seat: int, c: SeatClock) -> None:
    assert c.deadline is not None
    count = c.timeouts + 1
    ctx.emit(ce.SeatTimedOut(seat=seat, deadline=c.deadline, count=count))
    if count >= clock.timeouts_to_replace:
        ctx.emit(ce.SeatReplaced(seat=seat, by=clock.on_replace))
        if clock.on_replace == "resign":
            ctx.emit(ev.SeatResigned(seat=seat))
        if (clock.on_replace == "resign" and ctx.state.options.on_resign == "end") or len(in_play(ctx.state)) <= 1:
            end_by_resignation(ctx)
            return
    else:
        _stand_in_step(ctx, seat)
    advance(ctx)  # the automatic steps after it, and the stand-in's moves for the seats it plays


def _stand_in_step(ctx: Decision, seat: int) -> None:
    """The stand-in's choice for the seat's one pending step (pass, skip or decline where allowed)."""
    s = ctx.state
    actions = game_actions(s, seat)
    if seat not in to_act(s) or not actions:
        return
    command = choose(actions)
    move = move_for(s, command)
    assert move is not None
    move(ctx, command)


def timed_out_at(state: GameState, seat: int) -> float | None:
    """The deadline at which the seat last timed out, while it has not moved itself since: a command it sends
    then that the rules refuse was overtaken by its timeout (it was decided on a game that is no longer there)."""
    if not state.clocks or not 0 <= seat < len(state.clocks):
        return None
    return state.clocks[seat].timed_out


def refused_late(state: GameState, seat: int, refused: RuleViolation) -> bool:
    """Whether the rules' refusal of the seat's command is its timeout's doing. A seat that resigned itself after
    a timeout is told it resigned, not that it timed out."""
    clock = state.options.clock
    if clock is None or timed_out_at(state, seat) is None:
        return False
    replaced = state.clocks[seat].timeouts >= clock.timeouts_to_replace
    return refused.code != "resigned" or replaced
