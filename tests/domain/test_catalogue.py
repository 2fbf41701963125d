"""Catalogue data: counts, validation, spot checks against RULES.md, and a validator that can fail."""

from __future__ import annotations

import argparse
import json

import pytest

from devtools.cli_catalogue import add_parser, run
from domain.catalogue import (
    AWARDS,
    CARDS,
    DISTILLERS,
    FLIGHTS,
    GOALS,
    LABEL_SPACES,
    RECIPES,
    SOLO_CARDS,
    counts,
    deck,
)
from domain.catalogue.model import BarrelType, Kind, Market, Region, Sugar, Tier, UpgradeKind
from domain.catalogue.validate import validate

EXPECTED_COUNTS = {
    "basic_cards": 7,
    "starting_items": 2,
    "premium_ingredients": 36,
    "premium_items": 33,
    "upgrades": 29,
    "flavors": 40,
    "recipes": 15,
    "signature_recipes": 18,
    "distillers": 18,
    "flights": 8,
    "goals": 20,
    "awards": 23,
    "label_spaces": 7,
    "solo_cards": 48,
}

# RULES.md §1.11, "Distillers removed when pairings are on", transcribed per flight.
PAIRING_TABLE = {
    "A": {"juliana", "pilar", "gunnhild", "guillermo", "sakai", "vicente"},
    "B": {"ajani", "brown_brothers", "etienne", "mother_mary", "jeong", "joana", "fang_xin"},
    "C": {"brown_brothers", "juliana", "pilar", "mother_mary", "joana", "vicente", "fang_xin"},
    "D": {"ajani", "jeong", "guillermo", "sakai", "joana", "fang_xin"},
    "E": {"etienne", "juliana", "gunnhild", "jeong", "sakai", "vicente"},
    "F": {"ajani", "brown_brothers", "etienne", "pilar", "mother_mary", "gunnhild"},
    "G": {"ajani", "etienne", "pilar", "sakai", "vicente", "fang_xin"},
    "H": {"brown_brothers", "juliana", "mother_mary", "gunnhild", "jeong", "guillermo", "joana"},
}


# ----- counts and validation -----------------------------------------------------------------------------


def test_counts_match_the_box() -> None:
    assert counts() == EXPECTED_COUNTS


def test_validate_passes_on_the_shipped_catalogue() -> None:
    validate()


def test_decks_expand_copies_in_catalogue_order() -> None:
    ingredients = deck(Market.INGREDIENT)
    assert len(ingredients) == 36
    assert ingredients[:4] == ("turbo_yeast", "turbo_yeast", "juniper_berries", "juniper_berries")
    items = deck(Market.ITEM)
    assert len(items) == 33
    assert items.count("american_standard_barrel") == 4
    flavors = deck(Market.FLAVOR)
    assert len(flavors) == len(set(flavors)) == 40
    assert all(f.startswith("flavor_") for f in flavors)
    assert "flavor_toasted_marshmellow" in flavors
    assert len(deck(Market.UPGRADE)) == 29


def test_exact_ids() -> None:
    assert [c.id for c in CARDS.values() if c.market is Market.BASIC] == [
        "yeast", "water", "mixed_grains", "mixed_plants", "mixed_fruits", "clay_barrel", "wood_barrel",
    ]
    assert {c.id for c in CARDS.values() if c.market is Market.STARTING} == {"metal_barrel", "glass_bottle"}
    assert list(FLIGHTS) == list("ABCDEFGH")
    assert [sp.reward for sp in LABEL_SPACES] == [
        "money_5", "signature", "truck_swap", "free_ingredient", "free_cube", "free_item", "free_upgrade",
    ]
    sig = [r.must_include for r in RECIPES.values() if r.tier is Tier.SIGNATURE]
    assert sig == [
        "sugarcane", "corn", "juniper", "grapes", "palm", "barley", "agave", "juniper", "potatoes", "rice",
        "barley", "rye", "grapes", "millet", "wheat", "sugarcane", "grapes", "sorghum",
    ]
    assert "drone_camera" not in CARDS
    assert list(SOLO_CARDS)[:2] == ["A1", "A2"] and list(SOLO_CARDS)[-1] == "S"


# ----- spot checks against RULES.md ----------------------------------------------------------------------


def test_brandy() -> None:
    brandy = RECIPES["brandy"]
    assert (brandy.tier, brandy.sp, brandy.barrel, brandy.aged) == (Tier.GOLD, 13, BarrelType.WOOD, True)
    assert brandy.allowed == frozenset({Sugar.FRUIT}) and brandy.min_sugars == 2
    assert brandy.cube_cost == 6 and brandy.region is Region.EUROPE


def test_basic_recipes() -> None:
    assert RECIPES["moonshine"].allowed == frozenset() and RECIPES["moonshine"].min_sugars == 0
    assert RECIPES["vodka"].allowed == frozenset(Sugar) and RECIPES["vodka"].min_sugars == 1
    assert RECIPES["whiskey"].region is Region.HOME and RECIPES["whiskey"].cube_cost == 4
    assert RECIPES["aquavit"].allowed == frozenset({Sugar.GRAIN, Sugar.PLANT})


def test_signature_recipe_values() -> None:
    single_malt = RECIPES["single_malt_whisky"]
    assert (single_malt.sp, single_malt.money, single_malt.must_include) == (20, 3, "barley")
    assert single_malt.tier is Tier.SIGNATURE and single_malt.region is Region.HOME
    assert single_malt.cube_cost == 0
    otsurui = RECIPES["otsurui_shochu"]
    assert (otsurui.barrel, otsurui.aged, otsurui.min_sugars) == (BarrelType.CLAY, True, 2)


def test_premium_cards() -> None:
    grapes = CARDS["grapes"]
    assert (grapes.cost, grapes.money, grapes.sp, grapes.copies) == (6, 3, 4, 2)
    assert grapes.sugar is Sugar.FRUIT and grapes.ingredient_key == "grapes" and grapes.bga_id == 49
    assert CARDS["turbo_yeast"].kind is Kind.YEAST and CARDS["turbo_yeast"].ingredient_key is None
    assert CARDS["mountain_spring_water"].kind is Kind.WATER
    assert CARDS["juniper_berries"].ingredient_key == "juniper"
    assert CARDS["kvevri_barrel"].copies == 2 and CARDS["kvevri_barrel"].barrel is BarrelType.CLAY
    assert CARDS["plastic_liter_bottle"].sp == -1 and CARDS["plastic_liter_bottle"].money == 4
    assert CARDS["skull_bottle"].region is Region.HOME
    assert CARDS["jug"].region is Region.NONE
    assert [CARDS[i].copies for i in ("stainless_steel_barrel", "kvevri_barrel", "dolium_barrel",
                                      "ex_bourbon_hogshead", "american_standard_barrel")] == [2, 2, 3, 3, 4]


def test_basic_and_starting_cards() -> None:
    assert (CARDS["water"].money, CARDS["wood_barrel"].cost, CARDS["mixed_fruits"].cost) == (1, 4, 2)
    assert CARDS["metal_barrel"].barrel is BarrelType.METAL and CARDS["metal_barrel"].cost is None
    assert CARDS["glass_bottle"].region is Region.NONE
    alcohol = CARDS["alcohol"]
    assert (alcohol.kind, alcohol.market, alcohol.cost, alcohol.money, alcohol.sp) == (
        Kind.ALCOHOL, Market.ALCOHOL, None, 1, 0,
    )


def test_upgrades() -> None:
    kinds = [c.upgrade_kind for c in CARDS.values() if c.market is Market.UPGRADE]
    assert kinds.count(UpgradeKind.EQUIPMENT) == 14 and kinds.count(UpgradeKind.SPECIALIST) == 15
    spirit_safe = CARDS["spirit_safe"]
    assert (spirit_safe.cost, spirit_safe.sp, spirit_safe.money, spirit_safe.bga_id) == (7, 1, 0, 103)
    assert CARDS["biochemist"].upgrade_kind is UpgradeKind.SPECIALIST and CARDS["biochemist"].cost == 3


def test_flavors() -> None:
    assert CARDS["flavor_vanilla"].money == 3
    assert CARDS["flavor_oaky"].money == 1
    assert CARDS["flavor_manure"].money == 0
    assert all(c.sp == 0 and c.cost is None for c in CARDS.values() if c.kind is Kind.FLAVOR)


def test_distillers() -> None:
    nathan = DISTILLERS["nathan"]
    assert (nathan.money, nathan.yeast, nathan.water) == (4, 1, 0)
    assert nathan.region is Region.AMERICAS and nathan.signature_recipe == "canadian_rye_whisky"
    winter_rye = CARDS[nathan.signature_ingredient]
    assert (winter_rye.market, winter_rye.sugar, winter_rye.ingredient_key) == (
        Market.SIGNATURE, Sugar.GRAIN, "rye",
    )
    assert (winter_rye.cost, winter_rye.money, winter_rye.sp) == (0, 2, 4)
    assert (DISTILLERS["nisha"].money, DISTILLERS["nisha"].yeast, DISTILLERS["nisha"].water) == (3, 0, 0)
    assert DISTILLERS["brown_brothers"].region is Region.ASIA


def test_distiller_pairings_match_the_rules_table() -> None:
    for flight, removed in PAIRING_TABLE.items():
        assert {d.id for d in DISTILLERS.values() if flight in d.removed_with_pairings} == removed, flight


def test_flights() -> None:
    assert FLIGHTS["H"].recipes == ("shochu", "grappa", "whiskey", "rum", "baijiu", "brandy", "tequila")
    assert FLIGHTS["A"].recipes == ("cachaca", "soju", "gin", "whiskey", "rum", "baijiu", "brandy")
    assert not any(RECIPES[r].tier is Tier.GOLD for r in FLIGHTS["G"].recipes)
    assert all(RECIPES[r].aged for r in FLIGHTS["H"].recipes)


def test_goals_and_awards() -> None:
    assert AWARDS["proof_120"].sp == 7 and AWARDS["proof_120"].bga_id == 0
    assert AWARDS["olympic_spirit"].excluded_flights == frozenset({"G"})
    assert AWARDS["gold_digger"].excluded_flights == frozenset({"G"})
    assert AWARDS["quantity_over_quality"].excluded_two_player_flights == frozenset({"D", "E", "H"})
    assert AWARDS["north_and_south"].excluded_two_player_flights == frozenset({"D", "F"})
    assert all(a.condition == a.id for a in AWARDS.values())
    assert GOALS["from_the_earth"].excluded_flights == frozenset({"G"})
    assert GOALS["photosynthesis"].sp == 7 and GOALS["woody"].bga_id == 159
    assert all(g.metric == g.id for g in GOALS.values())


def test_solo_cards() -> None:
    assert {s.id for s in SOLO_CARDS.values() if s.excluded_flights} == {"A11", "B14", "B17"}
    assert SOLO_CARDS["A1"].condition == "labels_2_each_3_regions" and SOLO_CARDS["A1"].target == 70
    assert SOLO_CARDS["B1"].back_discard == ((3, 4), (2, 4), (1, 3, 4))
    assert (SOLO_CARDS["C10"].type, SOLO_CARDS["C10"].reward_money) == ("distill", 3)
    assert (SOLO_CARDS["C5"].reward_sp, SOLO_CARDS["C5"].reward_money) == (1, 1)
    assert SOLO_CARDS["S"].type == "swap" and SOLO_CARDS["S"].target == 5
    tiers = [s.tier for s in SOLO_CARDS.values()]
    assert (tiers.count("A"), tiers.count("B"), tiers.count("C"), tiers.count("S")) == (11, 18, 18, 1)


# ----- CLI -----------------------------------------------------------------------------------------------


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="distilled")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(list(argv))


def test_cli_counts_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_parse("catalogue", "--counts")) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert json.loads(out) == EXPECTED_COUNTS


def test_cli_listing(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse("catalogue")
    assert args.func is run
    assert run(args) == 0
    out = capsys.readouterr().out
    for section in ("Basic cards", "Premium ingredients (18 defs, 36 cards)", "Upgrades (29)", "Flights (8)",
                    "Distillers (18)", "Goals (20)", "Awards (23)", "Label spaces (7)", "Solo cards (48)"):
        assert f"== {section}" in out
    assert "Canadian Rye Whisky" in out and "American Standard Barrel" in out
