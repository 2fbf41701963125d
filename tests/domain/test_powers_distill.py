"""Distill powers (RULES §3.4): Worm Tub and Coppersmith's extra alcohol, Column Still's top-only cut, Coffey
Still's second cut, Spirit Safe's returned card, Juliana de la Cruz's money from a cut card."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.commands import OpenDistill
from domain.legal import game_actions as legal_actions
from domain.options import Options
from domain.redact import redact_history, secret_step
from domain.state import GameState
from domain.view import view
from tests.domain.builders import Cut, Game, after, assert_legal_agree, one, play, then_rejected, when
from tests.domain.positions import distilling

BASIC = ["mixed_grains", "yeast", "water"]
FRUITS = ["mixed_fruits", "mixed_fruits", "yeast", "water"]
JULIANA = Game(distillers=("juliana", "angus"))


def open_distill(state: GameState) -> OpenDistill:
    return next(a for a in legal_actions(state, 0) if isinstance(a, OpenDistill))


def namings(state: GameState) -> list[c.NameSpirit]:
    return [a for a in legal_actions(state, 0) if a.type == "name_spirit"]


@pytest.mark.parametrize(("upgrades", "options"), [
    ((), (0,)), (("worm_tub",), (0, 2)), (("coppersmith",), (0, 1)), (("worm_tub", "coppersmith"), (0, 1, 2, 3))])
def test_worm_tub_may_add_2_alcohol_and_coppersmith_1(upgrades: tuple[str, ...], options: tuple[int, ...]) -> None:
    state = distilling(BASIC, upgrades=list(upgrades))
    assert open_distill(state).extra_alcohol == options
    for extra in range(4):
        command = c.Distill(seat=0, washback=tuple(BASIC), extra_alcohol=extra)
        if extra in options:
            distilled = one(when(state, command, Cut()), ev.SpiritDistilled)
            assert distilled.alcohol_added == 1 + extra
            assert len(distilled.cut) + len(distilled.spirit) == 3 + 1 + extra
        else:
            then_rejected(state, command, "extra_alcohol", Cut())


def test_column_still_may_cut_only_the_top_card() -> None:
    state = distilling(BASIC, upgrades=["column_still"])
    assert open_distill(state).top_only == (False, True)
    events = when(state, c.Distill(seat=0, washback=tuple(BASIC), top_only=True), Cut(top="yeast"))
    assert one(events, ev.SpiritDistilled).cut == ("yeast",)
    assert one(events, ev.SpiritDistilled).spirit == ("mixed_grains", "water", "alcohol")
    assert after(state, events).players[0].pantry == ["yeast"]
    plain = distilling(BASIC)
    assert open_distill(plain).top_only == (False,)
    then_rejected(plain, c.Distill(seat=0, washback=tuple(BASIC), top_only=True), "top_only", Cut())


def test_coffey_still_cuts_again_once_after_seeing_the_cut() -> None:
    state = distilling(BASIC, upgrades=["coffey_still"])
    then_rejected(state, c.Redistill(seat=0), "nothing_to_redistill")
    state = play(state, c.Distill(seat=0, washback=tuple(BASIC)), rng=Cut(top="yeast", bottom="water"))
    assert c.Redistill(seat=0) in legal_actions(state, 0)
    assert assert_legal_agree(state) == len(legal_actions(state, 0))
    events = when(state, c.Redistill(seat=0), Cut(top="alcohol", bottom="mixed_grains"))
    assert events == [ev.SpiritRecut(seat=0, round=1, cut=("alcohol", "mixed_grains"), spirit=("yeast", "water"))]
    again = after(state, events)
    p = again.players[0]
    assert sorted(p.pantry) == ["alcohol", "mixed_grains"] and p.pending.cards == ["yeast", "water"]  # type: ignore
    assert [a.recipe for a in namings(again)] == ["moonshine"] and c.Redistill(seat=0) not in legal_actions(again, 0)
    then_rejected(again, c.Redistill(seat=0), "no_redistill", Cut())
    plain = play(distilling(BASIC), c.Distill(seat=0, washback=tuple(BASIC)), rng=Cut())
    then_rejected(plain, c.Redistill(seat=0), "no_redistill", Cut())


def test_coffey_still_takes_back_mountain_spring_waters_extra_water_and_keeps_a_top_only_cut() -> None:
    washback = ["mixed_grains", "yeast", "mountain_spring_water"]
    state = distilling(washback, upgrades=["coffey_still", "column_still"])
    state = play(state, c.Distill(seat=0, washback=tuple(washback), top_only=True),
                 rng=Cut(top="mountain_spring_water"))
    assert state.players[0].pending.cards == ["mixed_grains", "yeast", "alcohol", "water"]  # type: ignore
    events = when(state, c.Redistill(seat=0), Cut(top="yeast"))
    assert one(events, ev.SpiritRecut).cut == ("yeast",)
    assert one(events, ev.SpiritRecut).spirit == ("mixed_grains", "alcohol", "mountain_spring_water")


def test_spirit_safe_puts_one_cut_card_back_into_the_spirit() -> None:
    start = distilling(FRUITS, cubes=["gin"], upgrades=["spirit_safe"])
    state = play(start, c.Distill(seat=0, washback=tuple(FRUITS)), rng=Cut(top="mixed_fruits", bottom="water"))
    options = {(a.recipe, a.return_card) for a in namings(state)}
    assert options == {("vodka", None), ("vodka", "mixed_fruits"), ("vodka", "water"), ("gin", "mixed_fruits")}
    assert assert_legal_agree(state) == 4
    then_rejected(state, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel"), "recipe_mismatch")
    then_rejected(state, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel", return_card="barley"),
                  "cannot_return")
    events = when(state, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel", return_card="mixed_fruits"))
    assert one(events, ev.SpiritNamed).returned == "mixed_fruits"
    p = after(state, events).players[0]
    assert sorted(p.spirits[0].cards) == ["alcohol", "alcohol", "mixed_fruits", "mixed_fruits", "yeast"]
    assert p.pantry == ["water"]
    without = play(distilling(FRUITS, cubes=["gin"]), c.Distill(seat=0, washback=tuple(FRUITS)),
                   rng=Cut(top="mixed_fruits", bottom="water"))
    then_rejected(without, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", return_card="water"),
                  "cannot_return")


def test_juliana_names_the_cut_card_whose_money_she_gains() -> None:
    state = play(distilling(BASIC, game=JULIANA), c.Distill(seat=0, washback=tuple(BASIC)),
                 rng=Cut(top="yeast", bottom="water"))
    assert [a.cash_card for a in namings(state)] == ["water", "yeast"]
    assert assert_legal_agree(state) == 2
    then_rejected(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"), "cash_choice")
    then_rejected(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="barley"),
                  "cash_choice")
    events = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="water"))
    assert ev.MoneyGained(seat=0, money=1, power="juliana", card="water") in events
    assert after(state, events).players[0].money == state.players[0].money + 1
    yeast = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="yeast"))
    assert not any(isinstance(e, ev.MoneyGained) for e in yeast)  # worth 0
    plain = play(distilling(BASIC), c.Distill(seat=0, washback=tuple(BASIC)), rng=Cut(top="yeast", bottom="water"))
    then_rejected(plain, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="water"),
                  "cash_choice")


def test_with_auto_best_juliana_gains_the_most_valuable_cut_card_by_herself() -> None:
    game = Game(distillers=("juliana", "angus"), options=Options(flight="A", auto_best=True))
    state = play(distilling(BASIC, game=game), c.Distill(seat=0, washback=tuple(BASIC)),
                 rng=Cut(top="yeast", bottom="water"))
    assert [a.cash_card for a in namings(state)] == [None]
    then_rejected(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="water"),
                  "cash_choice")
    events = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"))
    assert ev.MoneyGained(seat=0, money=1, power="juliana", card="water") in events


def test_juliana_takes_money_only_from_a_card_still_cut() -> None:
    state = play(distilling(BASIC, game=JULIANA, upgrades=["spirit_safe"]), c.Distill(seat=0, washback=tuple(BASIC)),
                 rng=Cut(top="yeast", bottom="water"))
    pairs = {(a.return_card, a.cash_card) for a in namings(state)}
    assert pairs == {(None, "water"), (None, "yeast"), ("water", "yeast"), ("yeast", "water")}
    then_rejected(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", return_card="water",
                                      cash_card="water"), "cash_choice")


def test_juliana_s_cut_card_and_money_stay_hidden_from_the_others_until_the_phase_closes() -> None:
    """Issue 7: the money event of her naming showed the cut card, and her view showed the raised money."""
    state = play(distilling(BASIC, BASIC, game=JULIANA), c.Distill(seat=0, washback=tuple(BASIC)),
                 rng=Cut(top="yeast", bottom="water"))
    events = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel", cash_card="water"))
    named = after(state, events)
    assert named.phase == "distill" and named.players[0].money == state.players[0].money + 1
    for seat in (1, None):
        assert view(named, seat)["players"][0]["money"] == state.players[0].money
        assert redact_history([(0, events)], seat, named) == [[secret_step(0)]]
    assert view(named, 0)["players"][0]["money"] == state.players[0].money + 1
    closed = play(named, c.SkipDistill(seat=1))
    assert closed.phase != "distill" and view(closed, 1)["players"][0]["money"] == named.players[0].money
    shown = redact_history([(0, events)], 1, closed)[0]
    assert {"type": "money_gained", "seat": 0, "money": 1, "power": "juliana", "card": "water"} in shown
