"""Spirit Awards (RULES §1.13): conditions checked at every round end, split rounded up."""

from __future__ import annotations

from collections.abc import Callable

from domain.catalogue import AWARDS
from domain.catalogue.model import Region, Tier, UpgradeKind
from domain.labels import count_raw_region, count_tier, regions, upgrades_of
from domain.state import GameState, Player

Condition = Callable[[Player], bool]


def _sold(test: Callable[..., bool]) -> Condition:
    return lambda p: any(test(s) for s in p.sales)


def _distinct_regions(n: int) -> Condition:
    return lambda p: len({r for r in regions(p) if r is not Region.NONE}) >= n


CONDITIONS: dict[str, Condition] = {
    "proof_120": _sold(lambda s: s.alcohol >= 6),
    "double_sale": lambda p: len(p.sales) >= 2,
    "land_grab": _distinct_regions(2),
    "builder": lambda p: len(upgrades_of(p, UpgradeKind.EQUIPMENT)) >= 3,
    "globetrotter": _distinct_regions(3),
    "mouth_party": _sold(lambda s: s.flavors >= 4),
    "collector": lambda p: len(p.display) >= 4,
    "high_class": _sold(lambda s: s.sp >= 12),
    "olympic_spirit": lambda p: all(count_tier(p, t) for t in (Tier.BRONZE, Tier.SILVER, Tier.GOLD)),
    "north_and_south": lambda p: count_raw_region(p, Region.AMERICAS) >= 3,
    "perfect_pair": _sold(lambda s: s.region_match and s.recipe != "vodka"),
    "sophisticated": _sold(lambda s: s.aged),
    "patience": lambda p: len(p.warehouse_spirits) >= 2,
    "recipe_book": lambda p: len(p.cubes) >= 4,
    "sweet": _sold(lambda s: s.sugars >= 5),
    "pennysaver": lambda p: p.money >= 25,
    "recruiter": lambda p: len(upgrades_of(p, UpgradeKind.SPECIALIST)) >= 3,
    "sun_never_sets": lambda p: count_raw_region(p, Region.EUROPE) >= 3,
    "top_shelf": _sold(lambda s: s.money >= 15),
    "silver_spoon": lambda p: count_tier(p, Tier.SILVER) >= 3,
    "up_with_the_sun": lambda p: count_raw_region(p, Region.ASIA) >= 3,
    "gold_digger": lambda p: count_tier(p, Tier.GOLD) >= 2,
    "quantity_over_quality": lambda p: count_tier(p, Tier.BRONZE) >= 3,
}


def share(sp: int, winners: int) -> int:
    return -(-sp // winners)


def score_awards(state: GameState) -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
    """Which open awards are met this round, by whom, and each winner's share."""
    won: dict[str, tuple[int, ...]] = {}
    shares: dict[str, int] = {}
    for award in state.awards:
        seats = tuple(p.seat for p in state.players if CONDITIONS[award](p))
        if seats:
            won[award] = seats
            shares[award] = share(AWARDS[award].sp, len(seats))
    return won, shares


def eligible(flight: str, players: int) -> list[str]:
    return [a.id for a in AWARDS.values()
            if flight not in a.excluded_flights
            and not (players == 2 and flight in a.excluded_two_player_flights)]
