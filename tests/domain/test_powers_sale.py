"""Sale powers (RULES §3.5, §5.24, D8): money and SP bonuses per spirit sold, Tropical Warehouse's extra
flavor for the aged bonus table, and Warehouse Manager's doubled flavor (chosen after the reveal, or by
itself with auto_best). Each bonus is its own entry of the SpiritSold breakdown."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.options import Options
from domain.sale import sale_value, unsold_sp
from domain.state import Player, Spirit
from tests.domain.builders import Game, after, assert_legal_agree, one, play, then_rejected, when
from tests.domain.positions import OLD, selling

EXAMPLE = ["barley", "mixed_grains", "water", "alcohol", "alcohol"]
TWO = ["flavor_vanilla", "flavor_oaky"]  # 3 + 1 money


def owner(distiller: str = "guillermo", upgrades: tuple[str, ...] = (), labels: tuple[str, ...] = ()) -> Player:
    spaces: list[str | None] = [*labels, *[None] * (7 - len(labels))]
    return Player(seat=0, name="P0", distiller=distiller, upgrades=list(upgrades), label_spaces=spaces)


def spirit(recipe: str = "vodka", cards: list[str] | None = None, barrel: str = "metal_barrel",
           flavors: list[str] | None = None, warehouse: int = 0, label: bool = True) -> Spirit:
    return Spirit(1, 0, recipe, cards or ["mixed_grains"], barrel, 1, label=label, warehouse=warehouse,
                  flavors=flavors or [])


def aged(flavors: list[str] | None = None, cards: list[str] | None = None) -> Spirit:
    return spirit("whiskey", cards or ["mixed_grains", "mixed_grains"], "wood_barrel", flavors, warehouse=1)


def bonus(p: Player, s: Spirit, bottle: str = "glass_bottle") -> dict[str, int]:
    """The breakdown entries that come from powers."""
    _, _, b = sale_value(p, s, bottle)
    return {k: v for k, v in b.items() if k.split("_money")[0].split("_sp")[0] in POWERS}


POWERS = {"celebrity_promoter", "master_blender", "brown_brothers", "anne", "guillermo", "joana", "nathan",
          "vicente", "tropical_warehouse", "warehouse_manager"}


def test_celebrity_promoter_adds_2_money_to_every_spirit_sold() -> None:
    p = owner(upgrades=("celebrity_promoter",))
    assert bonus(p, spirit()) == {"celebrity_promoter_money": 2} == bonus(p, aged())
    assert sale_value(p, spirit(), "glass_bottle")[0] == sale_value(owner(), spirit(), "glass_bottle")[0] + 2


def test_joana_adds_1_money_per_non_aged_spirit_and_nathan_1_per_aged_spirit() -> None:
    assert bonus(owner("joana"), spirit()) == {"joana_money": 1} and bonus(owner("joana"), aged()) == {}
    assert bonus(owner("nathan"), aged()) == {"nathan_money": 1} and bonus(owner("nathan"), spirit()) == {}
    whiskey = spirit("whiskey", EXAMPLE, "american_standard_barrel", ["flavor_honey", "flavor_oaky"], warehouse=1)
    assert sale_value(owner("nathan"), whiskey, "pirate_bottle")[:2] == (9 + 1, 19)  # the worked example, +1


def test_anne_adds_2_sp_for_3_flavor_cards_or_more() -> None:
    assert bonus(owner("anne"), aged(TWO)) == {}
    assert bonus(owner("anne"), aged([*TWO, "flavor_manure"])) == {"anne_sp": 2}
    assert bonus(owner("anne"), spirit(flavors=[*TWO, "flavor_manure"])) == {"anne_sp": 2}  # non-aged too


def test_guillermo_adds_1_sp_for_3_sugar_cards_or_more() -> None:
    assert bonus(owner("guillermo"), spirit(cards=["mixed_grains", "rye", "water"])) == {}
    assert bonus(owner("guillermo"), spirit(cards=["mixed_grains", "rye", "corn"])) == {"guillermo_sp": 1}


@pytest.mark.parametrize(("recipe", "bottle", "money"), [
    ("vodka", "scandinavian_bottle", 2), ("vodka", "skull_bottle", 2), ("gin", "rounded_bottle", 2),
    ("vodka", "pirate_bottle", 0), ("cachaca", "scandinavian_bottle", 0), ("vodka", "glass_bottle", 0),
    ("vodka", "jug", 0)])
def test_brother_vicente_adds_2_money_when_the_bottle_comes_from_the_spirits_region(recipe: str, bottle: str,
                                                                                   money: int) -> None:
    assert bonus(owner("vicente"), spirit(recipe), bottle) == ({"vicente_money": 2} if money else {})


def test_master_blender_adds_1_sp_when_another_label_of_the_region_is_already_owned() -> None:
    assert bonus(owner("angus", ("master_blender",), ("gin",)), spirit()) == {"master_blender_sp": 1}
    assert bonus(owner("angus", ("master_blender",), ("cachaca",)), spirit()) == {}
    labelled = aged()  # its own label, on the aging spirit, does not count
    p = owner("angus", ("master_blender",))
    p.spirits = [labelled]
    assert bonus(p, labelled) == {}
    p.spirits = [labelled, Spirit(2, 0, "whiskey", ["rye"], "wood_barrel", 1, label=True, warehouse=2)]
    assert bonus(p, labelled) == {"master_blender_sp": 1}


def test_the_brown_brothers_add_2_sp_when_no_other_label_comes_from_the_spirits_region() -> None:
    assert bonus(owner("brown_brothers"), spirit("soju")) == {"brown_brothers_sp": 2}
    assert bonus(owner("brown_brothers", labels=("gin",)), spirit("soju")) == {"brown_brothers_sp": 2}
    assert bonus(owner("brown_brothers", labels=("shochu",)), spirit("soju")) == {}
    assert bonus(owner("brown_brothers", labels=("vodka",)), spirit("soju")) == {}  # Home = Asia & Oceania


@pytest.mark.parametrize(("flavors", "table", "extra"), [(0, 0, 1), (1, 1, 2), (2, 3, 3), (4, 10, 5), (5, 15, 0)])
def test_tropical_warehouse_counts_one_more_flavor_for_the_aged_bonus_table(flavors: int, table: int,
                                                                           extra: int) -> None:
    whiskey = aged(["flavor_manure"] * flavors)
    _, _, b = sale_value(owner(upgrades=("tropical_warehouse",)), whiskey, "glass_bottle")
    assert (b["flavor_bonus_sp"], b.get("tropical_warehouse_sp", 0)) == (table, extra)
    assert bonus(owner(upgrades=("tropical_warehouse",)), spirit(flavors=["flavor_manure"])) == {}  # non-aged
    assert unsold_sp(whiskey) == 10 + flavors  # unsold stock: no table, no Tropical Warehouse (RULES §5.24)


def test_warehouse_manager_doubles_the_best_flavor_of_an_aged_spirit_when_the_engine_picks() -> None:
    p = owner(upgrades=("warehouse_manager",))
    assert bonus(p, aged(TWO)) == {"warehouse_manager_money": 3}
    assert bonus(p, spirit(flavors=TWO)) == {}  # non-aged
    assert sale_value(p, aged(TWO), "glass_bottle", doubled="flavor_oaky")[2]["warehouse_manager_money"] == 1
    assert "warehouse_manager_money" not in sale_value(p, aged(TWO), "glass_bottle", doubled=None)[2]


def test_warehouse_manager_lets_its_owner_pick_the_flavor_after_the_reveal() -> None:
    state = selling(aging=[{**OLD, "flavors": TWO}], upgrades=["warehouse_manager"])
    events = when(state, c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    sale = one(events, ev.SpiritSold)
    assert sale.double_choice and "warehouse_manager_money" not in sale.breakdown
    state = after(state, events)
    assert legal_actions(state, 0) == [c.DoubleFlavor(seat=0, card="flavor_oaky"),
                                       c.DoubleFlavor(seat=0, card="flavor_vanilla")]
    assert assert_legal_agree(state) == 2
    then_rejected(state, c.PlaceLabel(seat=0, space=0), "no_label")
    then_rejected(state, c.DoubleFlavor(seat=0, card="flavor_honey"), "flavor_choice")
    then_rejected(state, c.PassTurn(seat=0), "pending_choice")
    money = state.players[0].money
    events = when(state, c.DoubleFlavor(seat=0, card="flavor_vanilla"))
    assert events[0] == ev.FlavorDoubled(seat=0, spirit_id=1, card="flavor_vanilla", money=3)
    state = after(state, events)
    p = state.players[0]
    assert (p.money, p.sales[0].money, p.pending.kind) == (money + 3, sale.money + 3, "place_label")  # type: ignore


def test_warehouse_manager_needs_no_choice_with_one_flavor_or_with_auto_best() -> None:
    one_flavor = selling(aging=[OLD], upgrades=["warehouse_manager"])
    sale = one(when(one_flavor, c.Sell(seat=0, spirit=1, bottle="glass_bottle")), ev.SpiritSold)
    assert (sale.double_choice, sale.breakdown["warehouse_manager_money"]) == (False, 1)  # Oaky
    game = Game(options=Options(flight="A", auto_best=True))
    auto = selling(aging=[{**OLD, "flavors": TWO}], game=game, upgrades=["warehouse_manager"])
    sold = play(auto, c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    assert sold.players[0].pending.kind == "place_label"  # type: ignore[union-attr]
    sale = one(when(auto, c.Sell(seat=0, spirit=1, bottle="glass_bottle")), ev.SpiritSold)
    assert (sale.double_choice, sale.breakdown["warehouse_manager_money"]) == (False, 3)


def test_sale_bonuses_reach_the_players_money_and_sp_through_decide() -> None:
    state = selling("vodka", upgrades=["celebrity_promoter"], game=Game(distillers=("joana", "angus")))
    sale = one(when(state, c.Sell(seat=0, spirit=1, bottle="glass_bottle")), ev.SpiritSold)
    assert sale.breakdown["celebrity_promoter_money"] == 2 and sale.breakdown["joana_money"] == 1
    assert sale.money == 4 + 2 + 1  # the plain Vodka of test_sell, plus both bonuses
