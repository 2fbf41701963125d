"""Solo goal cards (RULES.md §3.10): 11 A + 18 B + 18 C + the Swap card = 48.

- A and B cards carry `target` = target points added when completed; C cards carry an immediate reward.
- The Swap card S: `target` = 5, the points added to the target when the once-per-game swap is used.
- B cards carry `back_discard` = market slots (1 = left .. 4 = right) discarded at the solo clean-up,
  as (upgrade row, ingredient row, item row).
- `condition` is a short snake_case key (thresholds in the key) of a check implemented by the solo code.
  "Labels" = collected spirit labels, placed or still aging; "grain/plant/fruit" follow the
  allowed-sugar test (§1.12).
"""

from __future__ import annotations

from domain.catalogue.model import SoloCardDef

_COLLECT, _SELL, _EARN, _DISTILL, _SWAP = "collect", "sell", "earn", "distill", "swap"
_NOT_G = frozenset({"G"})


def _a(n: int, condition: str, target: int, excluded: frozenset[str] = frozenset()) -> SoloCardDef:
    return SoloCardDef(f"A{n}", "A", _COLLECT, condition, target=target, excluded_flights=excluded)


def _b(
    n: int, type_: str, condition: str, target: int,
    upgrades: tuple[int, ...], ingredients: tuple[int, ...], items: tuple[int, ...],
    excluded: frozenset[str] = frozenset(),
) -> SoloCardDef:
    return SoloCardDef(
        f"B{n}", "B", type_, condition, target=target, back_discard=(upgrades, ingredients, items),
        excluded_flights=excluded,
    )


def _c(n: int, type_: str, condition: str, sp: int = 0, money: int = 0) -> SoloCardDef:
    return SoloCardDef(f"C{n}", "C", type_, condition, reward_sp=sp, reward_money=money)


SOLO_CARD_DEFS: tuple[SoloCardDef, ...] = (
    # ----- A: collect goals, target points ----------------------------------------------------------------
    _a(1, "labels_2_each_3_regions", 70),
    _a(2, "labels_5_own_region", 75),
    _a(3, "labels_5_grain_non_vodka", 75),
    _a(4, "labels_5_other_regions", 65),
    _a(5, "labels_6_different", 70),
    _a(6, "labels_4_aged", 70),
    _a(7, "labels_6_non_aged", 75),
    _a(8, "labels_5_plant_non_vodka", 70),
    _a(9, "labels_5_fruit_non_vodka", 65),
    _a(10, "labels_4_silver_or_gold", 70),
    _a(11, "labels_3_gold", 65, _NOT_G),
    # ----- B: target points + back-side clean-up slots [upgrades; ingredients; items] -----------------------
    _b(1, _COLLECT, "labels_3_same_spirit", 14, (3, 4), (2, 4), (1, 3, 4)),
    _b(2, _SELL, "sell_money_15", 11, (3, 4), (2, 4), (2, 4)),
    _b(3, _EARN, "earn_2_sales_in_round", 15, (1, 4), (1, 2, 4), (2, 4)),
    _b(4, _COLLECT, "equipment_3", 14, (3, 4), (1, 2, 4), (3, 4)),
    _b(5, _COLLECT, "labels_grain_plant_fruit_non_vodka", 11, (2, 4), (1, 2, 4), (3, 4)),
    _b(6, _SELL, "sell_alcohol_6", 13, (2, 4), (1, 3, 4), (2, 4)),
    _b(7, _COLLECT, "bottles_3_matching_region", 12, (2, 4), (2, 3, 4), (1, 4)),
    _b(8, _SELL, "sell_sp_20", 12, (2, 4), (3, 4), (2, 3, 4)),
    _b(9, _COLLECT, "specialists_3", 15, (2, 4), (1, 4), (1, 3, 4)),
    _b(10, _COLLECT, "premium_bottles_5", 13, (1, 4), (1, 4), (1, 2, 4)),
    _b(11, _SELL, "sell_flavors_4", 10, (3, 4), (3, 4), (1, 2, 4)),
    _b(12, _SELL, "sell_aged_sp_recipe_plus_5", 14, (3, 4), (2, 3, 4), (1, 4)),
    _b(13, _SELL, "sell_whiskey_sp_16", 13, (1, 4), (3, 4), (2, 3, 4)),
    _b(14, _SELL, "sell_gold_sp_22", 11, (3, 4), (1, 4), (1, 4), _NOT_G),
    _b(15, _SELL, "sell_silver_sp_18", 12, (1, 4), (3, 4), (1, 4)),
    _b(16, _EARN, "earn_sp_25_in_round", 13, (1, 4), (2, 4), (3, 4)),
    _b(17, _COLLECT, "labels_all_3_barrel_types", 12, (1, 4), (3, 4), (2, 4), _NOT_G),
    _b(18, _SELL, "sell_sugars_5", 10, (2, 4), (1, 4), (3, 4)),
    # ----- C: immediate rewards ---------------------------------------------------------------------------
    _c(1, _COLLECT, "labels_2_regions", sp=2),
    _c(2, _SELL, "sell_money_8", sp=2),
    _c(3, _SELL, "sell_bronze_silver_own_region_sp_recipe_plus_3", money=2),
    _c(4, _SELL, "sell_bronze_silver_own_region_money_6", sp=2),
    _c(5, _COLLECT, "labels_2_different", sp=1, money=1),
    _c(6, _SELL, "sell_sugars_3", sp=1, money=1),
    _c(7, _EARN, "earn_money_8_in_round", sp=1),
    _c(8, _SELL, "sell_sp_8", money=2),
    _c(9, _EARN, "earn_sp_8_in_round", money=2),
    _c(10, _DISTILL, "distill_aged", money=3),
    _c(11, _COLLECT, "labels_1_silver", sp=1, money=1),
    _c(12, _DISTILL, "distill_signature", money=3),
    _c(13, _SELL, "sell_alcohol_3", sp=2),
    _c(14, _SELL, "sell_water_2", sp=2),
    _c(15, _SELL, "sell_no_basic_sugars", money=2),
    _c(16, _SELL, "sell_bronze", sp=1),
    _c(17, _COLLECT, "labels_2_bronze", sp=2),
    _c(18, _SELL, "sell_sugars_2_same_type", sp=1, money=1),
    # ----- S: swap two goals in one row, once per game; +5 to the target ----------------------------------
    SoloCardDef("S", "S", _SWAP, "swap_two_in_row", target=5),
)
