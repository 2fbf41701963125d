"""Resigning (D15, docs/adr/0011): the stand-in plays the seat on, or the game ends."""

from __future__ import annotations

import random

import pytest

from domain import commands as c
from domain import events as ev
from domain.decider import execute
from domain.legal import legal_actions, to_act
from domain.options import Options
from domain.stand_in import choose
from domain.view import view
from tests.domain.builders import Game, after, one, then_rejected, types, when
from tests.domain.positions import BASIC, distilling


def test_resigning_is_listed_for_every_seat_while_playing_and_answers_out_of_turn() -> None:
    state = Game(players=3).start()
    assert all(c.Resign(seat=q) in legal_actions(state, q) for q in range(3))
    events = when(state, c.Resign(seat=2))  # not seat 2's turn
    assert types(events)[0] == "seat_resigned"
    after_ = after(state, events)
    assert after_.resigned == [2] and after_.phase == "market"
    assert legal_actions(after_, 2) == [] and 2 not in to_act(after_)
    assert [p["resigned"] for p in view(after_, 0)["players"]] == [False, False, True]


def test_a_resigned_seat_is_refused_and_the_stand_in_passes_its_market_turn() -> None:
    state = after(Game(players=3).start(), when(Game(players=3).start(), c.Resign(seat=1)))
    then_rejected(state, c.PassTurn(seat=1), "resigned")
    events = when(state, c.Buy(seat=0, source="basic", card="yeast"))
    passed = one(events, ev.PlayerPassed)  # seat 1's turn came: the stand-in passed it
    assert passed.seat == 1
    assert after(state, events).turn == 2


def test_with_bot_the_game_goes_on_to_its_end_with_the_stand_in() -> None:
    rng = random.Random(3)
    state = Game(players=3).start()
    state = execute(state, c.Resign(seat=0), rng)[1]
    steps = 0
    while state.phase != "finished":
        seat = rng.choice(to_act(state))
        assert seat != 0
        action = next(a for a in legal_actions(state, seat) if a.type not in c.ANYTIME
                      and not isinstance(a, c.OpenDistill))
        state = execute(state, action, rng)[1]
        steps += 1
    assert state.round == 7 and 0 not in state.winners and steps > 20


def test_with_end_the_game_ends_at_once_and_a_resigned_seat_never_wins() -> None:
    state = Game(players=3, options=Options(flight="A", on_resign="end")).start()
    events = when(state, c.Resign(seat=1))
    assert types(events) == ["seat_resigned", "game_ended"]
    ended = after(state, events)
    assert ended.phase == "finished" and ended.winners and 1 not in ended.winners
    assert all(p.score is not None for p in ended.players) and legal_actions(ended, 0) == []


def test_in_a_two_player_game_resigning_concedes_whatever_the_option() -> None:
    state = Game(players=2).start()
    ended = after(state, when(state, c.Resign(seat=0)))
    assert ended.phase == "finished" and ended.winners == [1]


def test_a_resigned_seat_places_after_every_seat_in_play_whatever_its_score() -> None:
    state = Game(players=3, options=Options(flight="A", on_resign="end")).start()
    state.players[1].money, state.players[2].money = 40, 25  # the richest resigns: its score is still the best
    ended = after(state, when(state, c.Resign(seat=1)))
    standings = view(ended, None)["result"]["standings"]
    assert [(row["seat"], row["place"], row["winner"]) for row in standings] == [(2, 1, True), (0, 2, False),
                                                                                 (1, 3, False)]
    assert ended.players[1].score and ended.players[1].score["sp"] >= ended.players[2].score["sp"]


def test_a_resignation_in_a_secret_distill_phase_is_public_the_stand_in_skips_and_an_end_shows_all() -> None:
    state = distilling(BASIC, BASIC, BASIC, game=Game(players=3))
    assert state.opening is not None
    events = when(state, c.Resign(seat=2))
    assert one(events, ev.DistillSkipped).seat == 2  # the stand-in never distills
    ending = distilling(BASIC, BASIC, BASIC, game=Game(players=3, options=Options(flight="A", on_resign="end")))
    ended = after(ending, when(ending, c.Resign(seat=2)))
    assert ended.phase == "finished" and ended.opening is None


def test_the_stand_in_declines_first_else_takes_the_first_listed() -> None:
    assert choose([c.Buy(seat=0, source="basic", card="yeast"), c.PassTurn(seat=0)]) == c.PassTurn(seat=0)
    assert choose([c.Age(seat=0, warehouse=1), c.Age(seat=0, warehouse=2)]) == c.Age(seat=0, warehouse=1)


def test_resigning_twice_or_after_the_end_is_refused() -> None:
    state = Game(players=3).start()
    resigned = after(state, when(state, c.Resign(seat=1)))
    then_rejected(resigned, c.Resign(seat=1), "resigned")
    two = Game(players=2).start()
    then_rejected(after(two, when(two, c.Resign(seat=1))), c.Resign(seat=0), "game_over")


@pytest.mark.parametrize("players", [1])
def test_a_solo_game_resigned_ends_lost(players: int) -> None:
    state = Game(players=players).start()
    events = when(state, c.Resign(seat=0))
    end = one(events, ev.GameEnded)
    assert end.winners == () and end.solo is not None and not end.solo.won
