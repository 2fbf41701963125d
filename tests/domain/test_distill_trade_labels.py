"""Distill phase, continued: the one trade (RULES §3.4.1, §5.6), label settlement and secrecy (D2, D3)."""

from __future__ import annotations

from typing import Any

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.options import Options
from domain.redact import HIDDEN, SECRET_STEP, redact, redact_history, secret_step
from domain.state import GameState
from domain.view import view
from tests.domain.builders import Cut, Game, after, assert_legal_agree, edit, one, play, then_rejected, when
from tests.domain.positions import at, distilling, drive

PANTRY = ["barley", "mixed_grains", "yeast", "water", "alcohol", "dent_corn"]
STOREROOM = ["metal_barrel", "glass_bottle", "pirate_bottle", "wood_barrel"]
BASIC = ["mixed_grains", "yeast", "water"]


def trading() -> GameState:
    return distilling(PANTRY, storeroom=STOREROOM, signature_aside=False)


def test_a_premium_ingredient_may_be_traded_for_a_cheaper_basic_ingredient_and_goes_to_the_truck() -> None:
    state = trading()
    events = when(state, c.Trade(seat=0, give="barley", take="mixed_fruits"))
    assert events == [ev.Traded(seat=0, gave="barley", took="mixed_fruits", round=1)]
    new = after(state, events)
    p = new.players[0]
    assert "barley" not in p.pantry and "mixed_fruits" in p.pantry and p.traded
    assert new.truck == [*state.truck, "barley"] and p.money == state.players[0].money and p.basics_bought == 0


def test_a_premium_item_may_be_given_and_a_basic_card_given_leaves_play() -> None:
    state = trading()
    bottle = after(state, when(state, c.Trade(seat=0, give="pirate_bottle", take="mixed_plants")))
    assert bottle.truck == [*state.truck, "pirate_bottle"] and "pirate_bottle" not in bottle.players[0].storeroom
    water = after(state, when(state, c.Trade(seat=0, give="water", take="yeast")))
    assert water.truck == state.truck and water.players[0].pantry.count("yeast") == 2
    assert water.players[0].money == state.players[0].money  # no yeast bonus from a trade


@pytest.mark.parametrize("give", ["yeast", "alcohol", "dent_corn", "metal_barrel", "glass_bottle", "wood_barrel",
                                  "figs"])
def test_yeast_alcohol_starting_items_and_the_signature_ingredient_are_never_given(give: str) -> None:
    then_rejected(trading(), c.Trade(seat=0, give=give, take="yeast"), "cannot_give")


@pytest.mark.parametrize(("give", "take"), [("mixed_grains", "mixed_plants"), ("barley", "wood_barrel"),
                                            ("barley", "clay_barrel"), ("barley", "corn"), ("water", "mixed_fruits")])
def test_only_a_basic_ingredient_costing_no_more_than_the_card_given_is_taken(give: str, take: str) -> None:
    then_rejected(trading(), c.Trade(seat=0, give=give, take=take), "cannot_take")


def test_the_trade_is_once_and_only_before_distilling() -> None:
    state = trading()
    assert assert_legal_agree(state) == 5 + 5 + 3 + 3 + 1  # barley, pirate bottle, grains, water; skip
    traded = play(state, c.Trade(seat=0, give="barley", take="mixed_grains"))
    then_rejected(traded, c.Trade(seat=0, give="water", take="yeast"), "already_traded")
    assert [a.type for a in _legal(traded)] == ["distill", "skip_distill"]
    done = play(state, c.Distill(seat=0, washback=tuple(BASIC)), rng=Cut())
    then_rejected(done, c.Trade(seat=0, give="barley", take="yeast"), "already_distilled")
    then_rejected(done, c.Distill(seat=0, washback=("barley", "water", "alcohol")), "already_distilled", Cut())


def test_a_player_who_could_distill_only_after_a_trade_is_not_skipped() -> None:
    state = distilling(["barley", "mixed_grains", "yeast"])
    assert not state.players[0].distilled
    assert [a.type for a in _legal(state)] == ["trade"] * 8 + ["skip_distill"]
    state = play(state, c.Trade(seat=0, give="barley", take="water"))
    assert "distill" in [a.type for a in _legal(state)]


def _legal(state: GameState) -> list[Any]:
    return legal_actions(state, 0)


def both_distilling(**game: object) -> GameState:
    return distilling(BASIC, BASIC, game=Game(**game))  # type: ignore[arg-type]


def name_vodka(state: GameState, seat: int) -> tuple[GameState, list[Any]]:
    state = play(state, c.Distill(seat=seat, washback=tuple(BASIC)), rng=Cut(top="yeast", bottom="water"))
    return state, when(state, c.NameSpirit(seat=seat, recipe="vodka", barrel="metal_barrel"))


def test_simultaneous_labels_short_go_by_turn_order_from_the_first_player() -> None:
    state = edit(both_distilling(first_player=1), lambda s: s.labels.update(vodka=1))
    state, events = name_vodka(state, 0)  # seat 0 finishes first...
    assert one(events, ev.SpiritNamed).label is None
    state = after(state, events)
    state, events = name_vodka(state, 1)
    settled = one(events, ev.LabelsSettled)
    assert (settled.labelled, settled.unlabelled) == ((2,), (1,))  # ...but seat 1 is first player
    new = after(state, events)
    assert new.labels["vodka"] == 0 and new.phase == "sell" and new.turn == 1
    assert [p.spirits[0].label for p in new.players] == [False, True]


def test_a_simultaneous_result_stays_hidden_from_the_others_until_the_phase_closes() -> None:
    state = both_distilling()
    distill = when(state, c.Distill(seat=0, washback=tuple(BASIC)), Cut(top="yeast", bottom="water"))
    state = after(state, distill)
    named = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"))
    state = after(state, named)
    theirs = view(state, 1)["players"][0]
    assert theirs["spirits"] == [] and theirs["pantry"] == sorted(BASIC) and theirs["distilled"] is None
    mine = view(state, 0)["players"][0]
    assert mine["spirits"][0]["recipe"] == "vodka" and mine["pantry"] == ["water", "yeast"]
    commits = [(0, distill), (0, named)]
    assert redact_history(commits, 1, state) == [[secret_step(0)], [secret_step(0)]]
    assert redact_history(commits, None, state) == [[secret_step(0)], [secret_step(0)]]
    assert redact_history(commits, 0, state) == [[e.model_dump(mode="json") for e in x] for x in (distill, named)]
    state, events = name_vodka(state, 1)
    closed = after(state, events)
    assert closed.phase == "sell"
    assert view(closed, 1)["players"][0]["spirits"][0]["recipe"] == "vodka"
    assert redact_history(commits, 1, closed)[0][0]["cut"] == ["yeast", "water"]


def test_a_simultaneous_skip_looks_like_any_other_secret_step_until_the_phase_closes() -> None:
    state = both_distilling()
    skipped = when(state, c.SkipDistill(seat=0))
    state = after(state, skipped)
    assert redact_history([(0, skipped)], 1, state) == [[{"type": SECRET_STEP, "seat": 0, HIDDEN: True}]]
    assert redact_history([(0, skipped)], 0, state)[0][0]["type"] == "distill_skipped"
    assert view(state, 1)["players"][0]["distilled"] is None
    state, events = name_vodka(state, 1)
    closed = after(state, events)
    assert redact_history([(0, skipped)], 1, closed)[0][0]["type"] == "distill_skipped"


def sequential(**fields: object) -> GameState:
    options = Options(flight="A", distill_order="sequential")
    return both_distilling(options=options, **fields)


def test_sequential_distilling_goes_one_player_at_a_time_and_claims_the_label_at_once() -> None:
    state = sequential(first_player=1)
    assert state.turn == 1
    then_rejected(state, c.Distill(seat=0, washback=tuple(BASIC)), "not_your_turn", Cut())
    then_rejected(state, c.SkipDistill(seat=0), "not_your_turn")
    assert assert_legal_agree(state) == 6 + 1  # seat 1's trades and skip; nothing for seat 0
    state, events = name_vodka(state, 1)
    assert one(events, ev.SpiritNamed).label is True
    state = after(state, events)
    assert state.labels["vodka"] == 3 and state.turn == 0 and state.players[1].spirits[0].label
    assert view(state, 0)["players"][1]["spirits"][0]["recipe"] == "vodka"  # seen at once in this mode
    assert redact(events[0], 0, state)["recipe"] == "vodka"


def test_sequential_without_labels_left_the_spirit_has_none() -> None:
    state = edit(sequential(), lambda s: s.labels.update(vodka=0))
    state, events = name_vodka(state, 0)
    assert one(events, ev.SpiritNamed).label is False
    assert after(state, events).labels["vodka"] == 0


def test_during_the_phase_the_others_cannot_tell_the_trade_washback_or_barrel_from_the_board() -> None:
    state = distilling(["barley", "mixed_grains", "yeast", "water"], BASIC, cubes=["whiskey"],
                       storeroom=["metal_barrel", "glass_bottle", "wood_barrel"])
    state = play(state, c.Trade(seat=0, give="barley", take="mixed_grains"),
                 c.Distill(seat=0, washback=("mixed_grains", "mixed_grains", "yeast", "water")),
                 rng=Cut(top="yeast", bottom="water"))
    state = play(state, c.NameSpirit(seat=0, recipe="whiskey", barrel="wood_barrel"))
    assert "barley" in state.truck
    for seat in (None, 0, 1):
        assert "barley" not in view(state, seat)["truck"]  # the traded Barley would give the trade away
    seat0 = view(state, 1)["players"][0]
    assert (seat0["storeroom"], seat0["pantry"], seat0["pantry_count"]) == (
        ["glass_bottle", "metal_barrel", "wood_barrel"], ["barley", "mixed_grains", "water", "yeast"], 4)
    assert view(state, 0)["players"][0]["storeroom"] == ["glass_bottle", "metal_barrel"]
    closed = play(state, c.SkipDistill(seat=1))
    assert closed.phase == "age"  # the phase closed (and nobody had anything to sell)
    shown = view(closed, 1)
    assert "barley" in shown["truck"] and shown["players"][0]["storeroom"] == ["glass_bottle", "metal_barrel"]
    assert shown["players"][0]["pantry_count"] == 2


def test_an_old_trade_is_not_hidden_again_in_a_later_distill_phase() -> None:
    state = distilling(["barley", "mixed_grains", "yeast", "water"])
    events = when(state, c.Trade(seat=0, give="barley", take="mixed_grains"))
    assert events == [ev.Traded(seat=0, gave="barley", took="mixed_grains", round=1)]
    state = drive(after(state, events), at("market", 2))
    state = distilling(BASIC, BASIC, start=state)
    assert (state.phase, state.round) == ("distill", 2)
    fresh = when(state, c.Trade(seat=0, give="water", take="yeast"))
    opened = (1, [ev.PhaseStarted(phase="distill")])  # the last market pass of round 2
    shown = redact_history([(0, events), opened, (0, fresh)], 1, after(state, fresh))
    assert shown[0] == [events[0].model_dump(mode="json")] and shown[2] == [secret_step(0)]
