"""Label questions shared by goals and awards: which labels a player holds and where they come from."""

from __future__ import annotations

from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Region, Sugar, Tier, UpgradeKind
from domain.lookups import resolve
from domain.state import Player


def collected(p: Player) -> list[str]:
    """Placed labels plus the labels on spirits aging in a warehouse (RULES §1.10)."""
    return p.placed_labels + [s.recipe for s in p.spirits if s.warehouse and s.label]


def count_raw_region(p: Player, region: Region) -> int:
    """Labels printed with this region; Home labels never count (RULES §5.17)."""
    return sum(1 for r in collected(p) if RECIPES[r].region is region)


def regions(p: Player) -> list[Region]:
    return [resolve(RECIPES[r].region, p) for r in collected(p)]


def count_tier(p: Player, *tiers: Tier) -> int:
    return sum(1 for r in collected(p) if RECIPES[r].tier in tiers)


def needing_sugar(p: Player, sugar: Sugar) -> int:
    return sum(1 for r in collected(p) if r != "vodka" and sugar in RECIPES[r].allowed)


def upgrades_of(p: Player, kind: UpgradeKind) -> list[str]:
    return [u for u in p.upgrades if CARDS[u].upgrade_kind is kind]


def display_regions(p: Player) -> list[Region]:
    return [CARDS[b].region or Region.NONE for b in p.display]
