"""Solo goal conditions (RULES §3.10), keyed by the condition keys of catalogue/solo.py.

Collect conditions read the player; Sell conditions one sale record; Distill conditions the spirit named;
Earn conditions the round just played (SP gained since the round started, money of this round's sales).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from domain.card_rules import home_region, resolve
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import BarrelType, Kind, Region, Sugar, Tier, UpgradeKind
from domain.labels import collected, count_tier, needing_sugar, regions, upgrades_of
from domain.state import Player, Sale, Solo, Spirit

Collect = Callable[[Player, Solo], bool]
SellTest = Callable[[Player, Sale], bool]


def _regions(p: Player) -> Counter[Region]:
    return Counter(r for r in regions(p) if r is not Region.NONE)


def _labels(test: Callable[[str], bool], n: int) -> Collect:
    return lambda p, _: sum(1 for r in collected(p) if test(r)) >= n


def _covers_all_sugars(p: Player, _: Solo) -> bool:
    allowed = {s for r in collected(p) if r != "vodka" for s in RECIPES[r].allowed}
    return allowed >= set(Sugar)


def _premium_bottles(p: Player, _: Solo) -> bool:
    owned = p.display + [b for b in p.storeroom if CARDS[b].kind is Kind.BOTTLE and b != "glass_bottle"]
    return len(owned) >= 5


COLLECT: dict[str, Collect] = {
    "labels_2_each_3_regions": lambda p, _: sum(1 for n in _regions(p).values() if n >= 2) >= 3,
    "labels_5_own_region": lambda p, _: _regions(p)[home_region(p)] >= 5,
    "labels_5_grain_non_vodka": lambda p, _: needing_sugar(p, Sugar.GRAIN) >= 5,
    "labels_5_other_regions": lambda p, _: sum(n for r, n in _regions(p).items() if r is not home_region(p)) >= 5,
    "labels_6_different": lambda p, _: len(set(collected(p))) >= 6,
    "labels_4_aged": _labels(lambda r: RECIPES[r].aged, 4),
    "labels_6_non_aged": _labels(lambda r: not RECIPES[r].aged, 6),
    "labels_5_plant_non_vodka": lambda p, _: needing_sugar(p, Sugar.PLANT) >= 5,
    "labels_5_fruit_non_vodka": lambda p, _: needing_sugar(p, Sugar.FRUIT) >= 5,
    "labels_4_silver_or_gold": lambda p, _: count_tier(p, Tier.SILVER, Tier.GOLD) >= 4,
    "labels_3_gold": lambda p, _: count_tier(p, Tier.GOLD) >= 3,
    "labels_3_same_spirit": lambda p, _: max(Counter(collected(p)).values(), default=0) >= 3,
    "equipment_3": lambda p, _: len(upgrades_of(p, UpgradeKind.EQUIPMENT)) >= 3,
    "labels_grain_plant_fruit_non_vodka": _covers_all_sugars,
    "bottles_3_matching_region": lambda p, solo: solo.matched_bottles >= 3,
    "specialists_3": lambda p, _: len(upgrades_of(p, UpgradeKind.SPECIALIST)) >= 3,
    "premium_bottles_5": _premium_bottles,
    "labels_all_3_barrel_types": lambda p, _: {RECIPES[r].barrel for r in collected(p)} >= set(BarrelType),
    "labels_2_regions": lambda p, _: len(_regions(p)) >= 2,
    "labels_2_different": lambda p, _: len(set(collected(p))) >= 2,
    "labels_1_silver": lambda p, _: count_tier(p, Tier.SILVER) >= 1,
    "labels_2_bronze": lambda p, _: count_tier(p, Tier.BRONZE) >= 2,
}


def _tier(s: Sale, *tiers: Tier) -> bool:
    return RECIPES[s.recipe].tier in tiers


def _own_region(p: Player, s: Sale) -> bool:
    return _tier(s, Tier.BRONZE, Tier.SILVER) and resolve(RECIPES[s.recipe].region, p) is home_region(p)


SELL: dict[str, SellTest] = {
    "sell_money_15": lambda p, s: s.money >= 15,
    "sell_alcohol_6": lambda p, s: s.alcohol >= 6,
    "sell_sp_20": lambda p, s: s.sp >= 20,
    "sell_flavors_4": lambda p, s: s.flavors >= 4,
    "sell_aged_sp_recipe_plus_5": lambda p, s: s.aged and s.sp >= RECIPES[s.recipe].sp + 5,
    "sell_whiskey_sp_16": lambda p, s: s.recipe == "whiskey" and s.sp >= 16,
    "sell_gold_sp_22": lambda p, s: _tier(s, Tier.GOLD) and s.sp >= 22,
    "sell_silver_sp_18": lambda p, s: _tier(s, Tier.SILVER) and s.sp >= 18,
    "sell_sugars_5": lambda p, s: s.sugars >= 5,
    "sell_money_8": lambda p, s: s.money >= 8,
    "sell_bronze_silver_own_region_sp_recipe_plus_3": lambda p, s: _own_region(p, s)
    and s.sp >= RECIPES[s.recipe].sp + 3,
    "sell_bronze_silver_own_region_money_6": lambda p, s: _own_region(p, s) and s.money >= 6,
    "sell_sugars_3": lambda p, s: s.sugars >= 3,
    "sell_sp_8": lambda p, s: s.sp >= 8,
    "sell_alcohol_3": lambda p, s: s.alcohol >= 3,
    "sell_water_2": lambda p, s: s.water >= 2,
    "sell_no_basic_sugars": lambda p, s: s.basic_sugars == 0,
    "sell_bronze": lambda p, s: _tier(s, Tier.BRONZE),
    "sell_sugars_2_same_type": lambda p, s: s.same_sugar >= 2,
}

DISTILL: dict[str, Callable[[Spirit], bool]] = {
    "distill_aged": lambda sp: RECIPES[sp.recipe].aged,
    "distill_signature": lambda sp: RECIPES[sp.recipe].tier is Tier.SIGNATURE,
}


def _sale_money(p: Player) -> int:
    return sum(s.money for s in p.sales)


EARN: dict[str, Callable[[Player, Solo], bool]] = {
    "earn_2_sales_in_round": lambda p, solo: len(p.sales) >= 2,
    "earn_sp_25_in_round": lambda p, solo: p.sp - solo.round_sp >= 25,
    "earn_money_8_in_round": lambda p, solo: _sale_money(p) >= 8,
    "earn_sp_8_in_round": lambda p, solo: p.sp - solo.round_sp >= 8,
}
