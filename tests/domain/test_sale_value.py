"""The sale formula (RULES §3.5, §1.5.2, §1.7): money and SP of a spirit in a bottle, every bottle and barrel
effect, the aged flavor bonus table, and the worked example (9 money / 19 SP)."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.sale import flavor_bonus, sale_value
from domain.state import Player, Spirit
from tests.domain.builders import Cut, Game, after, one, play, when
from tests.domain.positions import at, distilling, drive

REGION_OF = {"jacqueline": "americas", "angus": "europe", "jeong": "asia"}


def owner(distiller: str) -> Player:
    return Player(seat=0, name="P0", distiller=distiller)


def spirit(recipe: str, cards: list[str] | None = None, barrel: str = "metal_barrel",
           flavors: list[str] | None = None) -> Spirit:
    return Spirit(1, 0, recipe, cards or ["mixed_grains"], barrel, 1, flavors=flavors or [])


@pytest.mark.parametrize(("distiller", "recipe", "bottle", "bonus_sp"), [
    ("jacqueline", "vodka", "wrapped_bottle", 3), ("jacqueline", "vodka", "worm_bottle", 2),
    ("jacqueline", "vodka", "wax_sealed_bottle", 4), ("jacqueline", "vodka", "pirate_bottle", 3),
    ("angus", "vodka", "pirate_bottle", 2), ("angus", "vodka", "worm_bottle", 1),
    ("angus", "vodka", "wax_sealed_bottle", 2), ("angus", "cachaca", "wrapped_bottle", 3),
    ("angus", "vodka", "scandinavian_bottle", 3), ("angus", "vodka", "rounded_bottle", 3),
    ("angus", "vodka", "canister_bottle", 2), ("angus", "vodka", "etched_crystal_decanter", 4),
    ("jeong", "vodka", "etched_crystal_decanter", 2), ("jeong", "vodka", "canister_bottle", 1),
    ("jeong", "vodka", "faceted_bottle", 3), ("jeong", "vodka", "half_bottle", 3),
    ("jeong", "vodka", "carton_bottle", 2), ("jeong", "vodka", "ceramic_bottle", 4),
    ("angus", "soju", "ceramic_bottle", 4), ("angus", "soju", "carton_bottle", 2),
    ("jacqueline", "vodka", "ceramic_bottle", 2), ("jacqueline", "vodka", "faceted_bottle", 2),
    ("jeong", "vodka", "wrapped_bottle", 2), ("jeong", "vodka", "scandinavian_bottle", 2),
    ("jeong", "vodka", "rounded_bottle", 2), ("angus", "vodka", "half_bottle", 2),
])
def test_regional_bottles_pay_more_sp_for_a_spirit_of_their_region(
        distiller: str, recipe: str, bottle: str, bonus_sp: int) -> None:
    _, sp, b = sale_value(owner(distiller), spirit(recipe, ["mixed_grains", "mixed_grains"]), bottle)
    assert (b["effects_sp"], b["effects_money"]) == (bonus_sp, 0)
    assert sp == b["recipe_sp"] + b["bottle_sp"] + bonus_sp


@pytest.mark.parametrize(("recipe", "barrel", "bottle", "effects_money", "effects_sp"), [
    ("vodka", "metal_barrel", "frosted_glass_bottle", 0, 2), ("whiskey", "wood_barrel", "frosted_glass_bottle", 0, 1),
    ("moonshine", "metal_barrel", "jug", 0, 2), ("vodka", "metal_barrel", "jug", 0, 1),
    ("moonshine", "metal_barrel", "mason_jar", 4, 0), ("vodka", "metal_barrel", "mason_jar", 2, 0),
    ("vodka", "metal_barrel", "plastic_liter_bottle", 0, 0), ("vodka", "metal_barrel", "skull_bottle", 0, 0),
    ("vodka", "metal_barrel", "glass_bottle", 0, 0),
])
def test_the_other_bottle_effects(recipe: str, barrel: str, bottle: str, effects_money: int, effects_sp: int) -> None:
    cards = [] if recipe == "moonshine" else ["mixed_grains"]
    _, _, b = sale_value(owner("angus"), spirit(recipe, cards or ["water"], barrel), bottle)
    assert (b["effects_money"], b["effects_sp"]) == (effects_money, effects_sp)


def test_plastic_liter_pays_4_money_and_costs_1_sp_and_skull_gives_2_money_4_sp() -> None:
    plastic = sale_value(owner("angus"), spirit("vodka"), "plastic_liter_bottle")
    assert plastic[:2] == (0 + 1 + 1 + 4, 2 - 1)  # recipe 1 + metal 1 + bottle 4; Vodka 2 SP - 1
    skull = sale_value(owner("angus"), spirit("vodka"), "skull_bottle")
    assert skull[:2] == (1 + 1 + 2, 2 + 4)


@pytest.mark.parametrize(("count", "bonus"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15), (9, 15)])
def test_the_aged_flavor_bonus_table(count: int, bonus: int) -> None:
    assert flavor_bonus(count) == bonus
    flavors = ["flavor_manure"] * count  # worth 0 money
    _, aged_sp, b = sale_value(owner("angus"), spirit("whiskey", barrel="wood_barrel", flavors=flavors), "glass_bottle")
    assert b["flavor_bonus_sp"] == bonus and aged_sp == 10 + bonus
    _, young_sp, b = sale_value(owner("angus"), spirit("vodka", flavors=flavors), "glass_bottle")
    assert b["flavor_bonus_sp"] == 0 and young_sp == 2


def test_kvevri_adds_1_sp_and_dolium_1_money_per_flavor() -> None:
    flavors = ["flavor_vanilla", "flavor_oaky", "flavor_manure"]  # 3 + 1 + 0 money
    money, sp, b = sale_value(owner("jeong"), spirit("shochu", barrel="kvevri_barrel", flavors=flavors),
                              "glass_bottle")
    assert (b["effects_sp"], b["flavor_money"], b["barrel_money"]) == (3, 4, 2)
    assert (money, sp) == (0 + 4 + 2 + 1, 7 + 0 + 6 + 3)
    money, sp, b = sale_value(owner("jeong"), spirit("shochu", barrel="dolium_barrel", flavors=flavors),
                              "glass_bottle")
    assert (b["effects_money"], money, sp) == (3, 4 + 0 + 1 + 3, 7 + 1 + 6)


def test_every_card_counts_money_and_sp() -> None:
    cards = ["grapes", "figs", "mixed_fruits", "water", "alcohol", "alcohol", "turbo_yeast", "sangiovese_grapes"]
    money, sp, b = sale_value(owner("angus"), spirit("brandy", cards, "ex_bourbon_hogshead", ["flavor_cherry"]),
                              "etched_crystal_decanter")
    assert b["cards_money"] == 3 + 2 + 0 + 1 + 1 + 1 + 1 + 2 and b["cards_sp"] == 4 + 3 + 1 + 4
    assert money == 11 + 2 + 0 + 0 + 2  # cards, cherry, Brandy, hogshead, decanter
    assert sp == 12 + 13 + 1 + 0 + 1 + 4  # cards, Brandy, hogshead, bottle, 1-flavor bonus, Europe match


EXAMPLE = ["barley", "mixed_grains", "water", "alcohol", "alcohol"]


def test_worked_example_by_the_formula() -> None:
    whiskey = spirit("whiskey", EXAMPLE, "american_standard_barrel", ["flavor_honey", "flavor_oaky"])
    money, sp, b = sale_value(owner("jacqueline"), whiskey, "pirate_bottle")
    assert (money, sp) == (9, 19)
    assert b == {"cards_money": 5, "flavor_money": 3, "recipe_money": 0, "barrel_money": 0, "bottle_money": 1,
                 "cards_sp": 2, "recipe_sp": 10, "barrel_sp": 1, "bottle_sp": 0, "flavor_bonus_sp": 3,
                 "effects_money": 0, "effects_sp": 3}


def test_worked_example_played_through_decide() -> None:
    """An Americas distiller makes the Whiskey in round 1, ages it twice (Honey, then Oaky), sells in round 3."""
    washback = ["barley", "mixed_grains", "yeast", "water", "water"]
    game = Game(flavor_deck=("flavor_vanilla", "flavor_oaky", "flavor_honey"))
    state = distilling(washback, game=game, cubes=["whiskey"], money=0,
                       storeroom=["metal_barrel", "glass_bottle", "american_standard_barrel", "pirate_bottle"])
    state = play(state, c.Distill(seat=0, washback=tuple(washback)), rng=Cut(top="yeast", bottom="water"))
    assert state.players[0].pending.cards == EXAMPLE  # type: ignore[union-attr]
    state = play(state, c.NameSpirit(seat=0, recipe="whiskey", barrel="american_standard_barrel"))
    state = drive(state, at("sell", 3), check=True)
    assert state.players[0].money == 2 and state.turn == 0  # +1 money in each of the two Age phases
    events = when(state, c.Sell(seat=0, spirit=1, bottle="pirate_bottle"))
    sale = one(events, ev.SpiritSold)
    assert (sale.money, sale.sp, sale.flavors) == (9, 19, ("flavor_honey", "flavor_oaky"))
    p = after(state, events).players[0]
    assert (p.money, p.sp, p.display) == (11, 19, ["pirate_bottle"])
