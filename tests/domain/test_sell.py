"""Sell phase (RULES §3.5): must / cannot / may sell, the warehouse-full rule, bottles, where the cards go."""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.state import GameState
from tests.domain.builders import Cut, after, assert_legal_agree, one, play, then_rejected, when
from tests.domain.positions import OLD, distilling, selling

GRAINS = ["mixed_grains", "mixed_grains", "yeast", "water"]


def sold(state: GameState, spirit: int, bottle: str = "glass_bottle") -> tuple[ev.SpiritSold, GameState]:
    events = when(state, c.Sell(seat=0, spirit=spirit, bottle=bottle))
    return one(events, ev.SpiritSold), after(state, events)


def test_a_fresh_non_aged_spirit_must_be_sold() -> None:
    state = selling("vodka")
    then_rejected(state, c.PassTurn(seat=0), "must_sell")
    assert legal_actions(state, 0) == [c.Sell(seat=0, spirit=1, bottle="glass_bottle")]
    sale, new = sold(state, 1)
    assert (sale.money, sale.sp) == (4, 2)  # grains 0 + alcohol 1 + Vodka 1 + metal 1 + glass 1; Vodka 2 SP
    assert new.players[0].money == 2 + 4 and new.players[0].sp == 2
    assert new.players[0].pending.kind == "place_label"  # type: ignore[union-attr]
    then_rejected(new, c.Sell(seat=0, spirit=1, bottle="glass_bottle"), "pending_choice")
    then_rejected(new, c.PassTurn(seat=0), "pending_choice")


def test_a_fresh_aged_spirit_cannot_be_sold() -> None:
    state = selling("whiskey", aging=[OLD])
    then_rejected(state, c.Sell(seat=0, spirit=2, bottle="glass_bottle"), "must_age_first")
    assert legal_actions(state, 0) == [c.Sell(seat=0, spirit=1, bottle="glass_bottle"), c.PassTurn(seat=0)]
    events = when(state, c.PassTurn(seat=0))
    assert events[0] == ev.PlayerPassed(seat=0, phase="sell")
    assert after(state, events).phase == "age"


def test_a_player_with_only_a_fresh_aged_spirit_is_passed_automatically() -> None:
    wood = ["metal_barrel", "glass_bottle", "wood_barrel"]
    state = distilling(GRAINS, cubes=["whiskey"], storeroom=wood)
    state = play(state, c.Distill(seat=0, washback=tuple(GRAINS)), rng=Cut(top="yeast", bottom="water"))
    events = when(state, c.NameSpirit(seat=0, recipe="whiskey", barrel="wood_barrel"))
    assert ev.PlayerPassed(seat=0, phase="sell", automatic=True) in events
    assert after(state, events).phase == "age"


def test_a_warehouse_spirit_may_be_sold_or_kept() -> None:
    state = selling(aging=[OLD])
    assert assert_legal_agree(state) == 2
    kept = after(state, when(state, c.PassTurn(seat=0)))
    assert kept.players[0].spirits[0].warehouse == 1 and kept.round == 2
    sale, new = sold(state, 1)
    assert sale.flavors == ("flavor_oaky",) and new.players[0].spirits == []


def test_with_both_warehouses_full_a_new_aged_spirit_forces_a_sale_from_the_warehouse() -> None:
    second = {**OLD, "flavors": ["flavor_honey"]}
    state = selling("whiskey", aging=[OLD, second])
    then_rejected(state, c.PassTurn(seat=0), "must_sell")
    then_rejected(state, c.Sell(seat=0, spirit=3, bottle="glass_bottle"), "must_age_first")
    assert {a.spirit for a in legal_actions(state, 0)} == {1, 2}
    _, state = sold(state, 1)
    state = play(state, c.PlaceLabel(seat=0, space=0))
    assert state.turn == 0  # seat 1 had nothing to sell and was passed automatically
    events = when(state, c.PassTurn(seat=0))
    state = after(state, events)
    assert state.phase == "age"
    then_rejected(state, c.Age(seat=0, warehouse=2), "warehouse_full")
    events = when(state, c.Age(seat=0, warehouse=1))
    assert events[0] == ev.SpiritStored(seat=0, spirit_id=3, warehouse=1)


def test_the_glass_bottle_is_reused_in_the_same_phase_and_a_premium_bottle_goes_to_the_display() -> None:
    state = selling("vodka", aging=[OLD], storeroom=["metal_barrel", "glass_bottle", "pirate_bottle"])
    then_rejected(state, c.Sell(seat=0, spirit=2, bottle="skull_bottle"), "no_bottle")
    then_rejected(state, c.Sell(seat=0, spirit=9, bottle="glass_bottle"), "unknown_spirit")
    then_rejected(state, c.Sell(seat=1, spirit=2, bottle="glass_bottle"), "not_your_turn")
    assert assert_legal_agree(state) == 4  # 2 spirits x 2 bottles
    _, state = sold(state, 2, "glass_bottle")
    state = play(state, c.PlaceLabel(seat=0, space=0, take_sp=True))
    assert "glass_bottle" in state.players[0].storeroom and state.players[0].display == []
    sale, state = sold(state, 1, "pirate_bottle")
    p = state.players[0]
    assert sale.bottle == "pirate_bottle" and p.display == ["pirate_bottle"]
    assert sorted(p.storeroom) == ["glass_bottle", "metal_barrel"]


def test_after_a_sale_each_card_goes_where_it_belongs() -> None:
    spirit = {"recipe": "whiskey", "cards": ["barley", "mixed_grains", "water", "alcohol", "dent_corn"],
              "barrel": "american_standard_barrel", "flavors": ["flavor_honey", "flavor_oaky"]}
    state = selling(aging=[spirit])
    sale, new = sold(state, 1)
    assert new.truck[len(state.truck):] == ["american_standard_barrel", "barley"]
    assert new.flavor_discard == ["flavor_honey", "flavor_oaky"]
    p = new.players[0]
    assert "dent_corn" not in [*p.pantry, *new.truck] and p.storeroom == ["metal_barrel", "glass_bottle"]
    assert sale.flavors == ("flavor_honey", "flavor_oaky")


def test_reusable_barrels_come_back_and_basic_barrels_leave_play() -> None:
    stainless = {**OLD, "recipe": "vodka", "barrel": "stainless_steel_barrel", "flavors": []}
    wooden = {**OLD, "barrel": "wood_barrel"}
    state = selling(aging=[stainless, wooden])
    _, new = sold(state, 1)
    assert "stainless_steel_barrel" in new.players[0].storeroom and new.truck == state.truck
    new = play(new, c.PlaceLabel(seat=0, space=0))
    _, new = sold(new, 2)
    assert "wood_barrel" not in [*new.players[0].storeroom, *new.truck]
    metal = selling("vodka")
    _, after_metal = sold(metal, 1)
    assert after_metal.players[0].storeroom.count("metal_barrel") == 1


def test_an_unlabelled_spirit_sells_without_a_label_to_place() -> None:
    state = selling(aging=[{**OLD, "label": False}])
    _, new = sold(state, 1)
    assert new.players[0].pending is None and new.round == 2  # turn moved on; the round ran to its end
    then_rejected(selling(aging=[OLD]), c.PlaceLabel(seat=0, space=0), "no_label")
