"""Turn clocks, the rest: take-backs restore the clocks (no time gained), a bank that ran out plays on its
bonus, a pause moves the deadline, and clocked states survive snapshots and replays exactly."""

from __future__ import annotations

import json
import random

import pytest

from domain import commands as c
from domain import events as ev
from domain import fold
from domain.clocks import Pause, TimeOut, due, next_wake
from domain.legal import legal_actions, to_act
from domain.options import Clock
from infra.serialization import state_from_json, state_to_json, stored_event, trusted_events, trusted_state
from infra.store.base import dump_json, load_json
from tests.domain.clock_play import HOUR, T0, Table, clock_kinds

DAY = 24 * HOUR


def test_taking_a_move_back_restores_the_clocks_as_they_were() -> None:
    t = Table(2, Clock(per_move_hours=24))
    before = t.state.clocks
    t.plain(0, T0 + 20 * HOUR)  # a distiller chosen: quiet, so it may be taken back
    assert t.state.clocks[0].deadline is None
    assert any(a.type == "take_back" for a in legal_actions(t.state, 0))
    t.move(0, c.TakeBack(), T0 + 21 * HOUR)
    assert clock_kinds(t.last) == [] and t.state.clocks == before  # the old deadline holds: no fresh 24 h


def test_a_bank_that_ran_out_plays_on_its_bonus() -> None:
    t = Table(2, Clock(mode="bank", bank_hours=10, bonus_hours=2))
    t.clock(TimeOut(0, T0 + 10 * HOUR), T0 + 10 * HOUR)
    (stop,) = [e for e in t.last if isinstance(e, ev.ClockStopped) and e.seat == 0]
    assert (stop.used, stop.bank_left, stop.moved) == (10 * HOUR, 2 * HOUR, False)


def test_a_pause_moves_the_deadline_by_the_vacation_and_is_taken_once() -> None:
    t = Table(2, Clock(per_move_hours=24))
    until = T0 + 3 * DAY
    first = due(t.state, T0 + 12 * HOUR, {0: until})
    assert first == Pause(0, T0 + DAY, until)
    t.clock(first, T0 + 12 * HOUR)
    assert t.state.clocks[0].deadline == until + 12 * HOUR and t.state.clocks[0].paused_until == until
    again = due(t.state, T0 + 12 * HOUR, {0: until})
    assert not isinstance(again, Pause)  # seat 1's reminder is what is due now, not a second pause
    assert next_wake(t.state) == T0 + 12 * HOUR


@pytest.mark.parametrize(("players", "seed", "mode"), [(1, 3, "per_move"), (2, 5, "bank"), (3, 4, "bank"),
                                                     (4, 6, "per_move"), (5, 7, "bank")])
def test_a_clocked_game_runs_exactly_the_clocks_of_to_act_and_replays_and_snapshots_exactly(
        players: int, seed: int, mode: str) -> None:
    rng = random.Random(seed)
    t = Table(players, Clock(mode=mode, bank_hours=30, bonus_hours=3, timeouts_to_replace=2), seed=seed)
    now = T0
    for _ in range(400):
        if t.state.phase == "finished":
            break
        wake = next_wake(t.state)
        roll = rng.random()
        if wake is not None and roll < 0.3:  # a reminder's time, or (one time in two) the first deadline's
            deadlines = [clock.deadline for clock in t.state.clocks if clock.deadline is not None]
            now = max(now, wake if roll < 0.15 else min(deadlines))
            step = due(t.state, now)
            assert step is not None
            t.clock(step, now)
        else:
            now += rng.random() * 5 * HOUR
            t.plain(rng.choice(to_act(t.state)), now)
        running = {q for q, clock in enumerate(t.state.clocks) if clock.deadline is not None}
        assert running == (set(to_act(t.state)) if t.state.phase != "finished" else set())  # the clocks follow to_act
    stored = load_json(dump_json([stored_event(e) for e in t.events]))
    assert trusted_events(stored) == t.events and fold(t.events) == t.state
    assert any(isinstance(e, ev.SeatTimedOut) for e in t.events)
    data = json.loads(dump_json(state_to_json(t.state)))
    assert trusted_state(data) == state_from_json(data) == t.state


def test_a_vacation_costs_a_bank_nothing() -> None:
    t = Table(2, Clock(mode="bank", bank_hours=10, bonus_hours=1))
    t.clock(Pause(0, T0 + 10 * HOUR, T0 + 3 * DAY), T0 + 4 * HOUR)  # away from 4 h to day 3: 6 h left after
    assert t.state.clocks[0].deadline == T0 + 3 * DAY + 6 * HOUR
    t.plain(0, T0 + 3 * DAY + 2 * HOUR)  # 4 h used before, 2 h after
    (stop,) = [e for e in t.last if isinstance(e, ev.ClockStopped) and e.seat == 0]
    assert (stop.used, stop.bank_left) == (6 * HOUR, (10 - 6 + 1) * HOUR)
