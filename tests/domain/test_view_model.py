"""The typed view model (domain/view_model.py) says exactly what `view` serves: over random games of every size,
both distill orders and powers dealt, every seat's and the spectator's view validates strictly as JSON, with
no field left undeclared."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from domain import GameState, decide, execute, fold, to_act, view
from domain.commands import CreateGame
from domain.legal import game_actions
from domain.options import Options, SeatSpec
from domain.view_model import GameView
from tests.domain.random_play import chosen, concrete, with_powers


def validated(state: GameState) -> int:
    for seat in [None, *range(state.n)]:
        GameView.model_validate_json(json.dumps(view(state, seat)))
    return state.n + 1


def play_and_validate(players: int, seed: int, options: Options, powers: bool) -> int:
    chance, choices = random.Random(seed), random.Random(seed + 1)
    seats = tuple(SeatSpec(name=f"P{i}") for i in range(players))
    state = fold(decide(GameState(), CreateGame(seats=seats, options=options), chance))
    checked = validated(state)
    if powers:
        state = with_powers(chosen(state, choices, chance))
    while state.phase != "finished":
        seat = choices.choice(to_act(state))
        state = execute(state, concrete(choices.choice(game_actions(state, seat)), choices), chance)[1]
        if choices.random() < 0.3 or state.opening is not None:
            checked += validated(state)
    return checked + validated(state)


@pytest.mark.parametrize(("players", "order", "powers"), [
    (1, "simultaneous", True), (2, "sequential", False), (3, "simultaneous", True), (4, "simultaneous", False),
    (5, "sequential", True),
])
def test_every_view_served_matches_the_typed_model(players: int, order: str, powers: bool) -> None:
    options = Options.model_validate({"flight": "random_all", "distill_order": order})
    assert play_and_validate(players, 40 + players, options, powers) > 50


def test_the_model_refuses_a_field_it_does_not_declare() -> None:
    state = fold(decide(GameState(), CreateGame(seats=(SeatSpec(name="A"), SeatSpec(name="B"))), random.Random(1)))
    shown = view(state, 0)
    with pytest.raises(ValidationError):
        GameView.model_validate_json(json.dumps({**shown, "surprise": 1}))
    with pytest.raises(ValidationError):
        GameView.model_validate_json(json.dumps({**shown, "round": "1"}))  # strict: no coercion
