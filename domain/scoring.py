"""Final scoring (RULES §3.9) and the Distillery Goal metrics (§1.12)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from domain.card_rules import home_region
from domain.catalogue import GOALS, RECIPES
from domain.catalogue.model import BarrelType, Region, Sugar, Tier, UpgradeKind
from domain.labels import (
    collected,
    count_raw_region,
    count_tier,
    display_regions,
    needing_sugar,
    regions,
)
from domain.powers.endgame import money_rate, upgrade_points
from domain.sale import unsold_sp
from domain.state import GameState, Player

SET_SCORES = (0, 0, 2, 4, 7, 10, 15)  # by bottles of one region; 6+ caps
THREE_REGIONS_BONUS = 5
UPGRADE_GOALS = {"gear_head": UpgradeKind.EQUIPMENT, "delegation": UpgradeKind.SPECIALIST}


def _glass(*colours: Region) -> Callable[[Player], int]:
    return lambda p: sum(1 for r in display_regions(p) if r in colours or r is Region.HOME)


def _barrel(kind: BarrelType) -> Callable[[Player], int]:
    return lambda p: sum(1 for r in collected(p) if RECIPES[r].barrel is kind)


def _close_to_home(p: Player) -> int:
    counts = Counter(r for r in regions(p) if r is not Region.NONE)
    return max(counts.values(), default=0)


def upgrade_sp(p: Player, kind: UpgradeKind | None = None) -> int:
    """SP the upgrades owned score at the end: printed SP plus formula (the Trucker's reveal unknown here)."""
    return upgrade_points(p, kind)


METRICS: dict[str, Callable[[Player], int]] = {
    "monarch": lambda p: count_raw_region(p, Region.EUROPE),
    "photosynthesis": lambda p: needing_sugar(p, Sugar.PLANT),
    "red_glass": _glass(Region.ASIA),
    "skip_the_easy_stuff": lambda p: count_tier(p, Tier.BRONZE, Tier.SILVER, Tier.GOLD),
    "thirst_for_knowledge": lambda p: len(p.cubes),
    "wealthy": lambda p: p.money,
    "from_the_earth": _barrel(BarrelType.CLAY),
    "gear_head": lambda p: upgrade_sp(p, UpgradeKind.EQUIPMENT),
    "geriatric": lambda p: sum(1 for r in collected(p) if RECIPES[r].aged),
    "green_glass": _glass(Region.AMERICAS),
    "just_desserts": lambda p: needing_sugar(p, Sugar.FRUIT),
    "juvenile": lambda p: sum(1 for r in collected(p) if not RECIPES[r].aged),
    "blue_glass": _glass(Region.EUROPE),
    "close_to_home": _close_to_home,
    "delegation": lambda p: upgrade_sp(p, UpgradeKind.SPECIALIST),
    "diverse_portfolio": lambda p: len(set(collected(p))),
    "east_champion": lambda p: count_raw_region(p, Region.ASIA),
    "for_the_farmers": lambda p: needing_sugar(p, Sugar.GRAIN),
    "west_champion": lambda p: count_raw_region(p, Region.AMERICAS),
    "woody": _barrel(BarrelType.WOOD),
}


def bottle_sets(p: Player) -> int:
    home = home_region(p)
    counts = Counter(home if r is Region.HOME else r for r in display_regions(p) if r is not Region.NONE)
    score = sum(SET_SCORES[min(n, len(SET_SCORES) - 1)] for n in counts.values())
    return score + (THREE_REGIONS_BONUS if len(counts) >= 3 else 0)


def _metric(name: str, p: Player, revealed: str | None) -> int:
    """Gear Head and Delegation count the very SP the upgrades score, the Trucker's reveal included."""
    if name in UPGRADE_GOALS:
        return upgrade_points(p, UPGRADE_GOALS[name], revealed)
    return METRICS[name](p)


def goals_won(state: GameState, revealed: str | None = None) -> dict[int, int]:
    """Each kept goal scores if its holder has, or ties for, the most, and that most is above zero."""
    won = {p.seat: 0 for p in state.players}
    for p in state.players:
        for g in p.goals:
            name = GOALS[g].metric
            mine = _metric(name, p, revealed)
            if mine > 0 and mine == max(_metric(name, q, revealed) for q in state.players):
                won[p.seat] += GOALS[g].sp
    return won


def final_scores(state: GameState, revealed: str | None = None) -> tuple[tuple[dict[str, int], ...],
                                                                        tuple[int, ...]]:
    """`revealed`: the top premium ingredient, read by the Trucker's formula."""
    goals = goals_won(state, revealed)
    scores = []
    for p in state.players:
        rate = money_rate(p)
        parts = {
            "before": p.sp,
            "unsold": sum(unsold_sp(s) for s in p.warehouse_spirits),
            "bottles": bottle_sets(p),
            "upgrades": upgrade_points(p, revealed=revealed),
            "goals": goals[p.seat],
            "money_sp": p.money // rate,
        }
        parts["sp"] = sum(parts.values())
        parts["money"] = p.money % rate
        scores.append(parts)
    best = max((s["sp"], s["money"]) for s in scores)
    winners = tuple(i for i, s in enumerate(scores) if (s["sp"], s["money"]) == best)
    return tuple(scores), winners
