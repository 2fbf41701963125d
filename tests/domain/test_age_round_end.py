"""Age phase (RULES §3.7) and round end (§3.8): warehouses, hidden flavors, tasting, the goal discard."""

from __future__ import annotations

import json

import pydantic
import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.redact import redact
from domain.state import GameState
from domain.view import view
from tests.domain.builders import (
    Cut,
    Game,
    add_spirit,
    after,
    assert_legal_agree,
    one,
    play,
    then_rejected,
    when,
    with_player,
)
from tests.domain.positions import OLD, at, distilling, drive, finish, pass_market, selling

GRAINS = ["mixed_grains", "mixed_grains", "yeast", "water"]


def whiskey_made(barrel: str, start: GameState | None = None) -> GameState:
    """Seat 0 distils a Whiskey into `barrel`; the flow reaches the Age phase."""
    state = distilling(GRAINS, start=start, cubes=["whiskey"], storeroom=["metal_barrel", "glass_bottle", barrel])
    state = play(state, c.Distill(seat=0, washback=tuple(GRAINS)), rng=Cut(top="yeast", bottom="water"))
    return play(state, c.NameSpirit(seat=0, recipe="whiskey", barrel=barrel))


def test_a_new_aged_spirit_goes_into_a_free_warehouse_and_every_warehouse_spirit_gets_one_flavor() -> None:
    state = play(selling("whiskey", aging=[OLD]), c.PassTurn(seat=0))
    assert state.phase == "age"
    assert legal_actions(state, 0) == [c.Age(seat=0, warehouse=2)] and legal_actions(state, 1) == []
    then_rejected(state, c.Age(seat=0, warehouse=1), "warehouse_full")
    then_rejected(state, c.Age(seat=1, warehouse=1), "nothing_to_age")
    events = when(state, c.Age(seat=0, warehouse=2))
    assert events[:2] == [ev.SpiritStored(seat=0, spirit_id=2, warehouse=2),
                          ev.FlavorAdded(spirit_ids=(1, 2))]
    spirits = after(state, events).players[0].spirits
    assert [(s.warehouse, s.flavors, s.times_aged) for s in spirits] == [
        (1, ["flavor_oaky", "flavor_bandages"], 2), (2, ["flavor_berries"], 1)]
    then_rejected(Game().start(), c.Age(seat=0, warehouse=1), "wrong_phase")


def test_ex_bourbon_adds_a_flavor_the_first_time_and_american_standard_pays_each_age() -> None:
    game = Game()
    start = add_spirit(game.start(), 0, "whiskey", ["mixed_grains"], "american_standard_barrel",
                       flavors=["flavor_oaky"])
    state = whiskey_made("ex_bourbon_hogshead", start=start)
    state = play(state, c.PassTurn(seat=0))
    money = state.players[0].money
    events = when(state, c.Age(seat=0, warehouse=2))
    assert one(events, ev.FlavorAdded) == ev.FlavorAdded(spirit_ids=(1, 2, 2), money={0: 1})
    state = after(state, events)
    assert state.players[0].money == money + 1
    state = drive(state, at("market", 3))
    assert [(len(s.flavors), s.times_aged) for s in state.players[0].spirits] == [(3, 3), (3, 2)]
    assert state.players[0].money == money + 2


def test_hidden_flavors_are_seen_by_nobody_not_even_the_owner() -> None:
    state = play(selling("whiskey", aging=[OLD]), c.PassTurn(seat=0))
    events = when(state, c.Age(seat=0, warehouse=2))
    state = after(state, events)
    hidden = [f for s in state.players[0].spirits for f in s.flavors]
    assert hidden == ["flavor_oaky", "flavor_bandages", "flavor_berries"]
    for seat in (None, 0, 1):
        shown = view(state, seat)
        assert [s["flavors"] for s in shown["players"][0]["spirits"]] == [2, 1]
        text = json.dumps(shown) + json.dumps([redact(e, seat, state) for e in events])
        assert not any(f in text for f in hidden)


def test_an_aged_spirit_made_in_round_7_still_ages_and_scores_as_unsold_stock() -> None:
    state = drive(Game().start(), at("market", 7))
    state = whiskey_made("wood_barrel", start=state)
    assert state.phase == "age"  # it could not be sold
    assert drive(state, at("finished"), check=True).phase == "finished"
    events, _ = finish(state)
    scores = one(events, ev.GameEnded).scores
    assert scores[0]["unsold"] == 10 + 1  # Whiskey 10 SP + 1 SP for its one flavor; no money, no bonus table
    assert ev.SpiritStored(seat=0, spirit_id=1, warehouse=1) in events


def tasting_round(sp0: int, sp1: int = 0) -> GameState:
    state = with_player(with_player(Game().start(), 0, sp=sp0), 1, sp=sp1)
    return pass_market(state)


def test_a_player_who_sold_nothing_may_taste_up_to_4_sp_for_money() -> None:
    state = tasting_round(9)
    assert (state.phase, state.players[0].tasting_due, state.players[1].tasting_due) == ("round_end", True, False)
    assert legal_actions(state, 0) == [c.Taste(seat=0, sp=k) for k in range(5)]
    assert assert_legal_agree(state) == 5
    events = when(state, c.Taste(seat=0, sp=4))
    assert events[0] == ev.TastingHeld(seat=0, sp=4)
    p = after(state, events).players[0]
    assert (p.sp, p.money) == (5, 2 + 4)
    with pytest.raises(pydantic.ValidationError):
        c.Taste(seat=0, sp=5)


def test_tasting_never_takes_sp_below_zero_and_needs_some_sp() -> None:
    state = tasting_round(2)
    assert legal_actions(state, 0) == [c.Taste(seat=0, sp=k) for k in range(3)]
    then_rejected(state, c.Taste(seat=0, sp=3), "not_enough_sp")
    then_rejected(state, c.Taste(seat=1, sp=0), "no_tasting")  # 0 SP: no tasting
    assert after(state, when(state, c.Taste(seat=0, sp=2))).players[0].sp == 0


def test_a_player_who_sold_cannot_taste() -> None:
    state = play(selling("vodka", sp=6), c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    state = with_player(state, 1, sp=3)
    events = when(state, c.PlaceLabel(seat=0, space=0))
    round_end = next(e for e in events if isinstance(e, ev.PhaseStarted) and e.phase == "round_end")
    assert round_end.tasting == (1,)  # seat 0 sold this round; seat 1 did not and has SP
    state = after(state, events)
    then_rejected(state, c.Taste(seat=0, sp=1), "no_tasting")
    assert after(state, when(state, c.Taste(seat=1, sp=0))).round == 2


def test_goals_are_discarded_after_round_3_only() -> None:
    one_ = tasting_round(3)
    assert not one_.players[0].discard_due
    then_rejected(one_, c.DiscardGoal(seat=0, goal="monarch"), "no_discard")
    state = drive(Game().start(), at("round_end", 3))
    assert [p.discard_due for p in state.players] == [True, True]
    assert assert_legal_agree(state) == 6
    then_rejected(state, c.DiscardGoal(seat=0, goal="woody"), "unknown_goal")
    events = when(state, c.DiscardGoal(seat=0, goal="photosynthesis"))
    assert events == [ev.GoalDiscarded(seat=0, goal="photosynthesis")]
    state = after(state, events)
    assert state.players[0].goals == ["monarch", "red_glass"]
    state = play(state, c.DiscardGoal(seat=1, goal="woody"))
    assert (state.round, state.phase) == (4, "market")
    state = drive(state, at("market", 7))  # no later round asked for a discard (the autopilot would obey)
    assert [len(p.goals) for p in state.players] == [2, 2]
