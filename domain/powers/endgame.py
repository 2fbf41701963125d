"""End-game hooks (RULES §3.9 steps 3 and 5): each upgrade's formula and the money conversion rate.

Following BGA, an upgrade scores its printed SP plus its formula. Labels counted are those collected (placed,
or on spirits aging in a warehouse, RULES §1.10 and D12); a Home label counts for its owner's region (D14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from domain.card_rules import home_region
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Region, Tier, UpgradeKind
from domain.labels import collected, display_regions, regions, upgrades_of
from domain.powers import owned
from domain.state import GameState, Player

Formula = Callable[[Player, str | None], int]  # (owner, the card revealed for the Trucker) -> SP
MONEY_PER_SP = 5
MONEY_RATE: dict[str, int] = {"tour_guide": 3}
REVEAL_AT_END: dict[str, str] = {"trucker": "ingredients"}  # the deck whose top card the formula reads


def _per_two(region: Region) -> Formula:
    """Greenhouse, Orchard, Farmer: a Home label counts as one of its owner's region (RULES D14, via `regions`)."""
    return lambda p, _: sum(1 for r in regions(p) if r is region) // 2


def _only(card: str, kind: UpgradeKind, sp: int) -> Formula:
    return lambda p, _: sp if upgrades_of(p, kind) == [card] else 0


def _bottle_regions(p: Player, _: str | None) -> int:
    home = home_region(p)
    return len({home if r is Region.HOME else r for r in display_regions(p)} - {Region.NONE})


def _pairs(p: Player, _: str | None) -> int:
    return 2 * sum(n // 2 for n in Counter(collected(p)).values())


END_FORMULAS: dict[str, Formula] = {
    "orchard": _per_two(Region.EUROPE),
    "natural_spring": lambda p, _: len(upgrades_of(p, UpgradeKind.EQUIPMENT)),
    "large_storage": _only("large_storage", UpgradeKind.EQUIPMENT, 2),
    "greenhouse": _per_two(Region.AMERICAS),
    "intern_researcher": lambda p, _: sum(1 for r in p.cubes if RECIPES[r].tier in (Tier.SILVER, Tier.GOLD)),
    "warehouse_manager": lambda p, _: sum(1 for r in collected(p) if RECIPES[r].aged),
    "master_blender": _pairs,
    "glassblower": _bottle_regions,
    "trucker": lambda p, revealed: CARDS[revealed].money if revealed else 0,
    "farmer": _per_two(Region.ASIA),
    "co_op_manager": lambda p, _: sum(1 for r in collected(p) if r in ("vodka", "moonshine")),
    "architect": lambda p, _: len(p.upgrades),
    "coppersmith": _only("coppersmith", UpgradeKind.SPECIALIST, 2),
    "cooper": lambda p, _: len({RECIPES[r].barrel for r in collected(p)}),
    "biochemist": lambda p, _: len(upgrades_of(p, UpgradeKind.SPECIALIST)),
}


def upgrade_points(p: Player, kind: UpgradeKind | None = None, revealed: str | None = None) -> int:
    """SP from upgrades (of one kind): printed SP plus end-game formula."""
    return sum(CARDS[u].sp + (END_FORMULAS[u](p, revealed) if u in END_FORMULAS else 0)
               for u in p.upgrades if kind is None or CARDS[u].upgrade_kind is kind)


def money_rate(p: Player) -> int:
    return min([MONEY_PER_SP, *(MONEY_RATE[x] for x in owned(p) if x in MONEY_RATE)])


def decks_to_reveal(state: GameState) -> list[str]:
    return sorted({REVEAL_AT_END[u] for p in state.players for u in p.upgrades if u in REVEAL_AT_END})
