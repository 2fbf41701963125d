"""A decision clones a player only as it comes to change them (domain.decision): the state it was handed never
changes, and every decision comes out as one taken on a whole clone would (its events and its state).

Games run through every player count and both bots, and (tests/domain/test_non_interference's dealing) with
every distiller and many upgrades in play, so the appliers the ONE_SEAT table names meet their powers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.bots import Bot, greedy_bot, random_bot
from domain import GameState, decide, execute, fold, to_act
from domain import decider as decider_module
from domain.commands import Command, CreateGame
from domain.decision import ONE_SEAT, Decision
from domain.events import Event, PlayerPassed
from domain.options import Options, SeatSpec
from domain.rules import APPLIERS
from tests.domain.test_non_interference import dealt_with_powers

VARIANTS = [Options(), Options(distill_order="sequential", auto_best=True, flight="random_all"),
            Options(pairings=False, label_sp_alternative=False, solo_difficulty="expert")]


class WholeClone(Decision):
    """The decision as it was before players were cloned on demand: every player cloned at once."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        for seat in range(self.state.n):
            self.player(seat)


def steps(players: int, seed: int, bot: Bot, powers: bool) -> Iterator[tuple[GameState, Command, int]]:
    """Each (state, command, chance seed) of one bot game; the game goes on by the sharing decision."""
    chance, choices = random.Random(seed), random.Random(seed * 31 + 7)
    seats = tuple(SeatSpec(name=f"P{i}") for i in range(players))
    state = fold(decide(GameState(), CreateGame(seats=seats, options=VARIANTS[seed % 3]), chance))
    if powers:
        state = dealt_with_powers(state, seed, choices)
    for _ in range(3000):
        if state.phase == "finished":
            return
        seat = choices.choice(to_act(state))
        command = bot(state, seat, choices)
        draw = chance.randrange(2**32)
        yield state, command, draw
        state = execute(state, command, random.Random(draw))[1]
    raise AssertionError("the game did not finish")


GAMES = [(n, seed, bot, powers) for n in range(1, 6) for seed, (bot, powers) in
         enumerate([(random_bot, False), (greedy_bot, False), (random_bot, True)])]


@pytest.mark.parametrize(("players", "seed", "bot", "powers"), GAMES)
def test_a_decision_leaves_its_state_alone_and_decides_as_on_a_whole_clone(
        players: int, seed: int, bot: Bot, powers: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    for state, command, draw in steps(players, seed, bot, powers):
        before = state.clone()
        events, after = execute(state, command, random.Random(draw))
        assert state == before, f"{type(command).__name__} changed the state it was handed"
        with monkeypatch.context() as m:
            m.setattr(decider_module, "Decision", WholeClone)
            whole: tuple[list[Event], GameState] = execute(state, command, random.Random(draw))
        assert (events, after) == whole


def test_a_player_is_cloned_before_an_event_changes_them() -> None:
    """The table's promise, checked where it can fail: an event of one seat leaves every other seat's Player the
    caller's own object, and the seat's a fresh one."""
    state = fold(decide(GameState(), CreateGame(seats=(SeatSpec(name="A"), SeatSpec(name="B")),
                                                options=Options()), random.Random(3)))
    ctx = Decision(state, random.Random(0), APPLIERS)
    assert all(q is p for q, p in zip(ctx.state.players, state.players, strict=True))
    event = PlayerPassed(seat=1, phase="market")
    assert type(event) in ONE_SEAT
    ctx.emit(event)
    assert ctx.state.players[0] is state.players[0]
    assert ctx.state.players[1] is not state.players[1]
