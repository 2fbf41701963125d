"""The sale formula (RULES §3.5): money and SP of one spirit in one bottle, with every card effect."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Kind, Market, Region
from domain.powers.sale import BEST, best_double, bonuses, double_candidates, flavor_count_bonus
from domain.sale_context import SaleContext
from domain.state import Player, Sale, Spirit

FLAVOR_BONUS = (0, 1, 3, 6, 10, 15)  # aged recipes only, by flavor count (5+ caps)


def _region_bonus(region: Region, plain: int, matched: int) -> Callable[[SaleContext], tuple[int, int]]:
    """A bottle that pays more SP when the spirit comes from its region."""
    return lambda c: (0, matched if c.recipe_region is region else plain)


def _recipe_bonus(recipe: str, plain: int, matched: int, money: bool = False) -> Callable[
        [SaleContext], tuple[int, int]]:
    def bonus(c: SaleContext) -> tuple[int, int]:
        value = matched if c.spirit.recipe == recipe else plain
        return (value, 0) if money else (0, value)

    return bonus


def _non_aged_bonus(c: SaleContext) -> tuple[int, int]:
    return 0, 1 if RECIPES[c.spirit.recipe].aged else 2


# Bottle sale effects: (money, SP) added when the spirit is sold in that bottle.
BOTTLE_EFFECTS: dict[str, Callable[[SaleContext], tuple[int, int]]] = {
    "wrapped_bottle": _region_bonus(Region.AMERICAS, 2, 3),
    "worm_bottle": _region_bonus(Region.AMERICAS, 1, 2),
    "wax_sealed_bottle": _region_bonus(Region.AMERICAS, 2, 4),
    "pirate_bottle": _region_bonus(Region.AMERICAS, 2, 3),
    "scandinavian_bottle": _region_bonus(Region.EUROPE, 2, 3),
    "rounded_bottle": _region_bonus(Region.EUROPE, 2, 3),
    "canister_bottle": _region_bonus(Region.EUROPE, 1, 2),
    "etched_crystal_decanter": _region_bonus(Region.EUROPE, 2, 4),
    "faceted_bottle": _region_bonus(Region.ASIA, 2, 3),
    "half_bottle": _region_bonus(Region.ASIA, 2, 3),
    "carton_bottle": _region_bonus(Region.ASIA, 1, 2),
    "ceramic_bottle": _region_bonus(Region.ASIA, 2, 4),
    "frosted_glass_bottle": _non_aged_bonus,
    "jug": _recipe_bonus("moonshine", 1, 2),
    "mason_jar": _recipe_bonus("moonshine", 2, 4, money=True),
}

# Barrel sale effects, by flavor count: (money, SP).
BARREL_EFFECTS: dict[str, Callable[[int], tuple[int, int]]] = {
    "kvevri_barrel": lambda flavors: (0, flavors),
    "dolium_barrel": lambda flavors: (flavors, 0),
}


def _no_bottle_effect(c: SaleContext) -> tuple[int, int]:
    return 0, 0


def _no_barrel_effect(flavors: int) -> tuple[int, int]:
    return 0, 0


def flavor_bonus(count: int) -> int:
    return FLAVOR_BONUS[min(count, len(FLAVOR_BONUS) - 1)]


def sale_value(owner: Player, spirit: Spirit, bottle: str, doubled: str | None = BEST) -> tuple[
        int, int, dict[str, int]]:
    """Money, SP and a readable breakdown of selling `spirit` in `bottle`, powers included. `doubled`: the
    flavor Warehouse Manager doubles (BEST: the one worth most; None: left to the owner's choice later)."""
    r = RECIPES[spirit.recipe]
    barrel, bottle_def = CARDS[spirit.barrel], CARDS[bottle]
    nflavors = len(spirit.flavors)
    b = {
        "cards_money": sum(CARDS[c].money for c in spirit.cards),
        "flavor_money": sum(CARDS[f].money for f in spirit.flavors),
        "recipe_money": r.money,
        "barrel_money": barrel.money,
        "bottle_money": bottle_def.money,
        "cards_sp": sum(CARDS[c].sp for c in spirit.cards),
        "recipe_sp": r.sp,
        "barrel_sp": barrel.sp,
        "bottle_sp": bottle_def.sp,
        "flavor_bonus_sp": flavor_bonus(nflavors) if r.aged else 0,
    }
    ctx = SaleContext(owner, spirit, bottle)
    bonus_money, bonus_sp = BOTTLE_EFFECTS.get(bottle, _no_bottle_effect)(ctx)
    barrel_money, barrel_sp = BARREL_EFFECTS.get(spirit.barrel, _no_barrel_effect)(nflavors)
    b["effects_money"] = bonus_money + barrel_money
    b["effects_sp"] = bonus_sp + barrel_sp
    extra = flavor_count_bonus(owner) if r.aged else 0
    if extra:
        b["tropical_warehouse_sp"] = flavor_bonus(nflavors + extra) - flavor_bonus(nflavors)
    b |= bonuses(ctx)
    pick = best_double(double_candidates(owner, spirit, r.aged)) if doubled == BEST else doubled
    if pick is not None and CARDS[pick].money:
        b["warehouse_manager_money"] = CARDS[pick].money
    money = sum(v for k, v in b.items() if k.endswith("_money"))
    sp = sum(v for k, v in b.items() if k.endswith("_sp"))
    return money, sp, b


def sale_record(owner: Player, spirit: Spirit, bottle: str, money: int, sp: int) -> Sale:
    ctx = SaleContext(owner, spirit, bottle)
    kinds = [CARDS[c].kind for c in spirit.cards]
    sugars = Counter(CARDS[c].sugar for c in spirit.cards if CARDS[c].kind is Kind.SUGAR)
    return Sale(
        recipe=spirit.recipe, money=money, sp=sp,
        alcohol=kinds.count(Kind.ALCOHOL), sugars=kinds.count(Kind.SUGAR), flavors=len(spirit.flavors),
        aged=RECIPES[spirit.recipe].aged,
        region_match=ctx.bottle_region is not Region.NONE and ctx.bottle_region is ctx.recipe_region,
        water=kinds.count(Kind.WATER), same_sugar=max(sugars.values(), default=0),
        basic_sugars=sum(1 for c in spirit.cards if CARDS[c].kind is Kind.SUGAR and CARDS[c].market is Market.BASIC),
    )


def unsold_sp(spirit: Spirit) -> int:
    """RULES §3.9.1: cards, recipe and barrel SP (Kvevri included) and 1 SP per flavor."""
    n = len(spirit.flavors)
    kvevri = BARREL_EFFECTS.get(spirit.barrel, _no_barrel_effect)(n)[1]
    return (sum(CARDS[c].sp for c in spirit.cards) + RECIPES[spirit.recipe].sp + CARDS[spirit.barrel].sp
            + kvevri + n)
