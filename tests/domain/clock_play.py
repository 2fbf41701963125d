"""Playing a clocked game on the decider alone, the way the service does: each decision's events and then the
clock events of its result, decided at a time the test chooses (domain.clocks)."""

from __future__ import annotations

import random
from typing import Any

from domain import apply, execute
from domain.clocks import ClockStep, actor, clock_events, decide_clock
from domain.commands import CreateGame
from domain.legal import game_actions
from domain.options import Clock, Options
from domain.stand_in import choose
from domain.state import GameState
from tests.domain.builders import seats

T0 = 1_800_000_000.0
HOUR = 3600.0


class Table:
    """A clocked game and every event it wrote, in order, with one RNG for its chance."""

    def __init__(self, n: int = 3, clock: Clock | None = None, seed: int = 1, at: float = T0,
                 **options: Any) -> None:
        self.rng = random.Random(seed)
        self.events: list[Any] = []
        self.state = GameState()
        self.last: list[Any] = []
        self._commit(*execute(GameState(), CreateGame(seats=seats(n), options=Options(clock=clock, **options)),
                              self.rng), at, None)

    @classmethod
    def at(cls, state: GameState, at: float = T0, seed: int = 1) -> Table:
        """A table from a position built without clocks (tests.domain.positions), its clocks started at `at`."""
        t = cls.__new__(cls)
        t.rng, t.events, t.last = random.Random(seed), [], []
        t._commit([], state.clone(), at, None)
        return t

    def _commit(self, events: list[Any], state: GameState, at: float, actor: int | None) -> list[Any]:
        extra = clock_events(state, at, actor)
        for e in extra:
            apply(state, e)
        self.state, self.last = state, [*events, *extra]
        self.events += self.last
        return self.last

    def move(self, seat: int, command: Any, at: float) -> list[Any]:
        mine = command.model_copy(update={"seat": seat})
        return self._commit(*execute(self.state, mine, self.rng), at, actor(mine))

    def plain(self, seat: int, at: float) -> list[Any]:
        """The seat's plain move: what the stand-in would choose (pass, skip, decline, else the first listed)."""
        return self.move(seat, choose(game_actions(self.state, seat)), at)

    def clock(self, step: ClockStep, now: float) -> list[Any]:
        events, self.state = decide_clock(self.state, step, now, self.rng)
        self.last = events
        self.events += events
        return events


def kinds(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def clock_kinds(events: list[Any]) -> list[str]:
    clocky = {"clock_started", "clock_stopped", "reminder_due", "seat_timed_out", "seat_replaced", "clock_paused"}
    return [e.type for e in events if e.type in clocky]
