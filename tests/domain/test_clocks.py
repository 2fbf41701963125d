"""Turn clocks on the decider (domain.clocks): deadlines per move and from a bank, reminders, timeouts played
by the stand-in, replacement after the limit, and the refusals that keep a clock step from firing twice."""

from __future__ import annotations

import json

import pytest

from domain import events as ev
from domain import fold
from domain.clocks import Remind, TimeOut, due, next_wake
from domain.errors import RuleViolation
from domain.legal import to_act
from domain.options import Clock, Options
from domain.view import view
from domain.view_model import GameView
from tests.domain.builders import Game
from tests.domain.clock_play import HOUR, T0, Table, clock_kinds, kinds
from tests.domain.positions import distilling

DAY = 24 * HOUR


def started(events: list[object]) -> dict[int, ev.ClockStarted]:
    return {e.seat: e for e in events if isinstance(e, ev.ClockStarted)}


def test_a_fixed_clock_gives_each_seat_the_game_waits_for_its_time_per_move() -> None:
    t = Table(3, Clock(per_move_hours=24))
    assert {s: (e.at, e.deadline) for s, e in started(t.last).items()} == {q: (T0, T0 + DAY) for q in range(3)}
    t.plain(0, T0 + 5 * HOUR)
    stopped = [e for e in t.last if isinstance(e, ev.ClockStopped)]
    assert [(e.seat, e.used) for e in stopped] == [(0, 5 * HOUR)]
    assert t.state.clocks[0].deadline is None and t.state.clocks[1].deadline == T0 + DAY
    assert next_wake(t.state) == T0 + DAY / 2  # the others' first reminder


def test_a_bank_clock_spends_the_time_used_and_adds_the_bonus_after_each_move() -> None:
    t = Table(2, Clock(mode="bank", bank_hours=48, bonus_hours=6))
    assert started(t.last)[0].deadline == T0 + 48 * HOUR
    t.plain(0, T0 + 10 * HOUR)
    (stop,) = [e for e in t.last if isinstance(e, ev.ClockStopped)]
    assert stop.bank_left == (48 - 10 + 6) * HOUR
    t.plain(1, T0 + 11 * HOUR)
    while 0 not in to_act(t.state):
        t.plain(to_act(t.state)[0], T0 + 12 * HOUR)
    assert t.state.clocks[0].deadline == T0 + 12 * HOUR + 44 * HOUR  # started at 12 h with 44 h in the bank


def test_reminders_fall_at_their_fractions_and_fire_once_each() -> None:
    t = Table(2, Clock(per_move_hours=10, reminders=(0.5, 0.9)))
    assert due(t.state, T0 + 4 * HOUR) is None
    step = due(t.state, T0 + 5 * HOUR)
    assert isinstance(step, Remind) and step == Remind(0, T0 + 10 * HOUR, 1)
    assert kinds(t.clock(step, T0 + 5 * HOUR)) == ["reminder_due"]
    with pytest.raises(RuleViolation) as again:
        t.clock(step, T0 + 5 * HOUR)
    assert again.value.code == "not_due"
    other = due(t.state, T0 + 5 * HOUR)
    assert isinstance(other, Remind) and other == Remind(1, T0 + 10 * HOUR, 1)
    t.clock(other, T0 + 5 * HOUR)
    assert due(t.state, T0 + 8 * HOUR) is None
    assert next_wake(t.state) == T0 + 9 * HOUR
    assert due(t.state, T0 + 9 * HOUR) == Remind(0, T0 + 10 * HOUR, 2)


def test_a_late_tick_sends_only_the_last_reminder_passed_and_none_once_the_deadline_passed() -> None:
    t = Table(2, Clock(per_move_hours=10))
    assert due(t.state, T0 + 9.5 * HOUR) == Remind(0, T0 + 10 * HOUR, 2)
    assert due(t.state, T0 + 11 * HOUR) == TimeOut(0, T0 + 10 * HOUR)


def test_a_timeout_plays_the_stand_in_move_and_starts_the_next_clock_from_the_deadline() -> None:
    t = Table(3, Clock(per_move_hours=24))
    for q in range(3):
        t.plain(q, T0 + HOUR)  # distillers chosen
    while t.state.phase != "market":
        t.plain(to_act(t.state)[0], T0 + HOUR)
    seat = t.state.turn
    assert seat is not None
    deadline = t.state.clocks[seat].deadline
    assert deadline == T0 + HOUR + DAY
    events = t.clock(TimeOut(seat, deadline), T0 + 30 * DAY)  # a tick long overdue
    assert kinds(events)[:2] == ["seat_timed_out", "player_passed"]
    assert events[0] == ev.SeatTimedOut(seat=seat, deadline=deadline, count=1)
    nxt = started(events)
    assert t.state.turn in nxt and nxt[t.state.turn].at == deadline
    assert fold(t.events) == t.state  # a replay folds the same clocks


def test_a_step_that_is_not_due_or_whose_clock_moved_is_refused() -> None:
    t = Table(2, Clock(per_move_hours=24))
    deadline = t.state.clocks[0].deadline
    assert deadline is not None
    for step, now, code in ((TimeOut(0, deadline), deadline - 1, "not_due"),
                            (TimeOut(0, deadline + 1), deadline + 2, "clock_moved")):
        with pytest.raises(RuleViolation) as refused:
            t.clock(step, now)
        assert refused.value.code == code
    t.plain(0, T0 + 1)
    with pytest.raises(RuleViolation) as moved:
        t.clock(TimeOut(0, deadline), deadline)  # the seat moved in time: its old deadline is no longer due
    assert moved.value.code == "clock_moved"


@pytest.mark.parametrize("on_replace", ["bot", "resign"])
def test_the_limit_of_timeouts_replaces_the_seat(on_replace: str) -> None:
    t = Table(3, Clock(per_move_hours=24, timeouts_to_replace=2, on_replace=on_replace))
    now = T0
    replaced = []
    for _ in range(200):
        c = t.state.clocks[2]
        if 2 not in to_act(t.state) or c.deadline is None:
            t.plain(to_act(t.state)[0], now)
            continue
        now = c.deadline
        t.clock(TimeOut(2, c.deadline), now)
        replaced = [e for e in t.last if isinstance(e, ev.SeatReplaced)]
        if replaced:
            break
    assert replaced == [ev.SeatReplaced(seat=2, by=on_replace)]
    assert [e.count for e in t.events if isinstance(e, ev.SeatTimedOut)] == [1, 2]
    assert (ev.SeatResigned(seat=2) in t.last) == (on_replace == "resign")
    assert 2 in t.state.resigned and 2 not in to_act(t.state)
    assert t.state.clocks[2].deadline is None and t.state.phase != "finished"


def test_a_simultaneous_phase_does_not_wait_for_one_silent_seat() -> None:
    pantry = ["mixed_grains", "yeast", "yeast", "water", "water", "alcohol", "alcohol"]
    game = Game(players=3, options=Options(flight="A", clock=Clock(per_move_hours=24)))
    t = Table.at(distilling(pantry, pantry, pantry, game=game))
    assert t.state.opening is not None and to_act(t.state) == [0, 1, 2]
    assert all(t.state.clocks[q].deadline == T0 + DAY for q in range(3))
    t.plain(0, T0 + HOUR)
    t.plain(1, T0 + 2 * HOUR)
    assert to_act(t.state) == [2] and t.state.phase == "distill"
    t.clock(TimeOut(2, T0 + DAY), T0 + DAY)
    assert kinds(t.last)[:3] == ["undo_point_cleared", "seat_timed_out", "distill_skipped"]
    assert t.state.phase != "distill" and 2 not in t.state.resigned


def test_a_game_without_a_clock_writes_no_clock_event_and_stores_its_options_as_before() -> None:
    t = Table(3, None)
    for _ in range(300):
        if t.state.phase == "finished":
            break
        t.plain(to_act(t.state)[0], T0)
    assert clock_kinds(t.events) == [] and t.state.clocks == ()
    created = t.events[0]
    assert "clock" not in created.model_dump(mode="json")["options"]
    assert next_wake(t.state) is None and due(t.state, T0 + 1e9) is None


def test_every_seat_sees_each_seats_deadline_in_the_view_model() -> None:
    t = Table(2, Clock(mode="bank", bank_hours=10, bonus_hours=1))
    t.plain(0, T0 + HOUR)
    for seat in (0, 1, None):
        shown = view(t.state, seat)
        GameView.model_validate_json(json.dumps(shown))
        assert shown["clocks"] == [
            {"seat": 0, "deadline": None, "bank_left": 10 * HOUR, "timeouts": 0, "paused_until": None},
            {"seat": 1, "deadline": T0 + 10 * HOUR, "bank_left": 10 * HOUR, "timeouts": 0, "paused_until": None}]
        assert shown["options"]["clock"]["mode"] == "bank"
    assert view(Table(2, None).state, 0)["clocks"] == []
