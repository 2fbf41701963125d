"""Sale hooks (RULES §3.5): money and SP bonuses per spirit sold, the flavor-count adjustment of the aged bonus
table (sale only, RULES §5.24) and Warehouse Manager's doubled flavor."""

from __future__ import annotations

from collections.abc import Callable

from domain.catalogue import CARDS
from domain.catalogue.model import Region
from domain.powers import owned
from domain.sale_context import SaleContext
from domain.state import Player, Spirit

Bonus = Callable[[SaleContext], tuple[int, int]]  # (money, SP)


def _master_blender(c: SaleContext) -> tuple[int, int]:
    return 0, 1 if c.recipe_region in c.other_label_regions() else 0


def _brown_brothers(c: SaleContext) -> tuple[int, int]:
    return 0, 0 if c.recipe_region in c.other_label_regions() else 2


def _vicente(c: SaleContext) -> tuple[int, int]:
    return 2 if c.bottle_region is not Region.NONE and c.bottle_region is c.recipe_region else 0, 0


SALE_BONUSES: dict[str, Bonus] = {
    "celebrity_promoter": lambda c: (2, 0),
    "master_blender": _master_blender,
    "brown_brothers": _brown_brothers,
    "anne": lambda c: (0, 2 if len(c.spirit.flavors) >= 3 else 0),
    "guillermo": lambda c: (0, 1 if c.sugars >= 3 else 0),
    "joana": lambda c: (0 if c.aged else 1, 0),
    "nathan": lambda c: (1 if c.aged else 0, 0),
    "vicente": _vicente,
}
FLAVOR_COUNT_BONUS: dict[str, int] = {"tropical_warehouse": 1}  # extra cards for the aged bonus table
DOUBLE_FLAVOR = "warehouse_manager"  # in an aged spirit, one flavor card's money counts twice
BEST = "best"  # `doubled` value: let the engine pick the flavor worth most


def bonuses(c: SaleContext) -> dict[str, int]:
    """Each power's bonus as breakdown entries ("<power>_money", "<power>_sp"); zero bonuses are left out."""
    out: dict[str, int] = {}
    for power in owned(c.owner):
        if power in SALE_BONUSES:
            money, sp = SALE_BONUSES[power](c)
            if money:
                out[f"{power}_money"] = money
            if sp:
                out[f"{power}_sp"] = sp
    return out


def flavor_count_bonus(p: Player) -> int:
    return sum(FLAVOR_COUNT_BONUS.get(x, 0) for x in owned(p))


def double_candidates(p: Player, spirit: Spirit, aged: bool) -> list[str]:
    """The flavor cards Warehouse Manager may double in this sale (none unless aged and owned)."""
    return list(spirit.flavors) if aged and DOUBLE_FLAVOR in owned(p) else []


def best_double(cards: list[str]) -> str | None:
    return max(cards, key=lambda f: CARDS[f].money) if cards else None
