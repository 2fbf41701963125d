"""Label questions shared by goals and awards: which labels a player holds and where they come from."""

from __future__ import annotations

from domain.card_rules import resolve
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Region, Sugar, Tier, UpgradeKind
from domain.state import Player


def collected(p: Player) -> list[str]:
    """The recipes goals and awards count: placed labels, plus every spirit aging in a warehouse, labelled or not
    (RULES D12: one made when its recipe's labels had run out still counts as a spirit of its recipe while it
    stays there; §1.10's BGA note counted only labelled ones)."""
    return p.placed_labels + [s.recipe for s in p.spirits if s.warehouse]


def count_raw_region(p: Player, region: Region) -> int:
    """Labels printed with this region; Home labels never count (RULES §5.17)."""
    return sum(1 for r in collected(p) if RECIPES[r].region is region)


def regions(p: Player) -> list[Region]:
    """Each collected recipe's region, a Home label's as its owner's distiller's (RULES D14)."""
    return [resolve(RECIPES[r].region, p) for r in collected(p)]


def count_tier(p: Player, *tiers: Tier) -> int:
    return sum(1 for r in collected(p) if RECIPES[r].tier in tiers)


def needing_sugar(p: Player, sugar: Sugar) -> int:
    return sum(1 for r in collected(p) if r != "vodka" and sugar in RECIPES[r].allowed)


def upgrades_of(p: Player, kind: UpgradeKind) -> list[str]:
    return [u for u in p.upgrades if CARDS[u].upgrade_kind is kind]


def display_regions(p: Player) -> list[Region]:
    return [CARDS[b].region or Region.NONE for b in p.display]
