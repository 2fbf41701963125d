"""Consistency checks over the catalogue registries; `validate()` runs once at import of domain.catalogue.

The checks read the registries from the package at call time, so tests can monkeypatch an entry and assert
that `validate()` fails. Every problem found is reported, not only the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Protocol

from domain.catalogue.model import (
    AwardDef,
    CardDef,
    DistillerDef,
    FlightDef,
    GoalDef,
    Kind,
    Market,
    RecipeDef,
    Region,
    SoloCardDef,
    Tier,
    UpgradeKind,
)

EXPECTED_FLAVOR_MONEY: dict[int, int] = {3: 5, 2: 15, 1: 15, 0: 5}
EXPECTED_UPGRADE_KINDS: dict[UpgradeKind, int] = {UpgradeKind.EQUIPMENT: 14, UpgradeKind.SPECIALIST: 15}
DISTILLERS_PER_REGION = 6
FLIGHT_SIZE = 7
CUBE_COST_BY_TIER: dict[Tier, int] = {
    Tier.BASIC: 0, Tier.BRONZE: 2, Tier.SILVER: 4, Tier.GOLD: 6, Tier.SIGNATURE: 0,
}
_BUYABLE = (Market.BASIC, Market.INGREDIENT, Market.ITEM, Market.UPGRADE)
_REAL_REGIONS = (Region.AMERICAS, Region.EUROPE, Region.ASIA)


class CatalogueError(ValueError):
    """The catalogue data is inconsistent; `problems` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("catalogue is invalid:\n  - " + "\n  - ".join(self.problems))


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


def _duplicates(kind: str, ids: Iterable[str]) -> list[str]:
    return [f"duplicate {kind} id {i!r}" for i, n in Counter(ids).items() if n > 1]


def _keys_match(name: str, registry: Mapping[str, _HasId]) -> list[str]:
    return [f"{name}[{key!r}] holds id {value.id!r}" for key, value in registry.items() if value.id != key]


def _check_card(c: CardDef) -> list[str]:
    p: list[str] = []
    pairs = (
        (c.kind is Kind.SUGAR, c.sugar is not None, "sugar type must be set exactly on sugar cards"),
        (c.kind is Kind.BARREL, c.barrel is not None, "barrel type must be set exactly on barrels"),
        (c.kind is Kind.BOTTLE, c.region is not None, "region must be set exactly on bottles (NONE allowed)"),
        (c.kind is Kind.UPGRADE, c.upgrade_kind is not None, "upgrade_kind must be set exactly on upgrades"),
        (c.kind is Kind.UPGRADE, c.market is Market.UPGRADE, "only upgrades are in market UPGRADE"),
        (c.kind is Kind.FLAVOR, c.market is Market.FLAVOR, "only flavors are in market FLAVOR"),
    )
    p += [f"card {c.id!r}: {msg}" for expected, actual, msg in pairs if expected != actual]
    if c.copies < 1:
        p.append(f"card {c.id!r}: copies must be >= 1")
    if c.ingredient_key is not None and c.kind is not Kind.SUGAR:
        p.append(f"card {c.id!r}: only sugar cards carry an ingredient_key")
    if c.market in _BUYABLE and (c.cost is None or c.cost < 0):
        p.append(f"card {c.id!r}: a market card needs a cost >= 0")
    return p


def _check_cards(card_defs: tuple[CardDef, ...], cards: Mapping[str, CardDef]) -> list[str]:
    p = _duplicates("card", (c.id for c in card_defs)) + _keys_match("CARDS", cards)
    if set(cards) != {c.id for c in card_defs}:
        p.append("CARDS does not hold exactly the card definitions")
    bga = Counter(c.bga_id for c in cards.values() if c.bga_id is not None)
    p += [f"duplicate card bga_id {b}" for b, n in bga.items() if n > 1]
    for c in cards.values():
        p += _check_card(c)
    flavor_money = Counter[int]()
    upgrade_kinds = Counter[UpgradeKind]()
    for c in cards.values():
        if c.kind is Kind.FLAVOR:
            flavor_money[c.money] += c.copies
        if c.upgrade_kind is not None:
            upgrade_kinds[c.upgrade_kind] += c.copies
    if dict(flavor_money) != EXPECTED_FLAVOR_MONEY:
        p.append(f"flavor money distribution {dict(flavor_money)} != {EXPECTED_FLAVOR_MONEY}")
    if dict(upgrade_kinds) != EXPECTED_UPGRADE_KINDS:
        p.append(f"upgrade kinds {dict(upgrade_kinds)} != 14 equipment + 15 specialists")
    return p


def _check_recipes(recipes: Mapping[str, RecipeDef], cards: Mapping[str, CardDef]) -> list[str]:
    p = _keys_match("RECIPES", recipes)
    premium_keys = {c.ingredient_key for c in cards.values() if c.market is Market.INGREDIENT}
    for r in recipes.values():
        if r.cube_cost != CUBE_COST_BY_TIER[r.tier]:
            p.append(f"recipe {r.id!r}: cube_cost {r.cube_cost} does not match tier {r.tier.value}")
        if r.min_sugars < 0 or (r.min_sugars > 0 and not r.allowed):
            p.append(f"recipe {r.id!r}: needs {r.min_sugars} sugars but allows {sorted(r.allowed)}")
        if (r.tier is Tier.SIGNATURE) != (r.must_include is not None):
            p.append(f"recipe {r.id!r}: must_include must be set exactly on signature recipes")
        if r.tier is Tier.SIGNATURE and r.region is not Region.HOME:
            p.append(f"recipe {r.id!r}: signature recipes have region HOME")
        if r.region is Region.NONE:
            p.append(f"recipe {r.id!r}: region NONE")
        if r.must_include is not None and r.must_include not in premium_keys:
            p.append(f"recipe {r.id!r}: no premium ingredient carries key {r.must_include!r}")
    return p


def _check_flights(flights: Mapping[str, FlightDef], recipes: Mapping[str, RecipeDef]) -> list[str]:
    p = _keys_match("FLIGHTS", flights)
    for f in flights.values():
        if len(f.recipes) != FLIGHT_SIZE or len(set(f.recipes)) != FLIGHT_SIZE:
            p.append(f"flight {f.id}: needs {FLIGHT_SIZE} distinct recipes, has {list(f.recipes)}")
        if "whiskey" not in f.recipes:
            p.append(f"flight {f.id}: does not include whiskey")
        for rid in f.recipes:
            recipe = recipes.get(rid)
            if recipe is None:
                p.append(f"flight {f.id}: unknown recipe {rid!r}")
            elif recipe.tier in (Tier.BASIC, Tier.SIGNATURE):
                p.append(f"flight {f.id}: recipe {rid!r} has tier {recipe.tier.value}")
    return p


def _check_distillers(
    distillers: Mapping[str, DistillerDef], recipes: Mapping[str, RecipeDef], cards: Mapping[str, CardDef],
) -> list[str]:
    p = _keys_match("DISTILLERS", distillers)
    for d in distillers.values():
        who = f"distiller {d.id!r}"
        if d.region in (Region.HOME, Region.NONE):
            p.append(f"{who}: region {d.region.value} is not a real region")
        sig = recipes.get(d.signature_recipe)
        if sig is None or sig.tier is not Tier.SIGNATURE:
            p.append(f"{who}: signature recipe {d.signature_recipe!r} missing or not SIGNATURE")
        ing = cards.get(d.signature_ingredient)
        if ing is None or ing.market is not Market.SIGNATURE:
            p.append(f"{who}: signature ingredient {d.signature_ingredient!r} missing or not SIGNATURE")
        elif sig is not None and ing.ingredient_key != sig.must_include:
            p.append(f"{who}: ingredient key {ing.ingredient_key!r} != must_include {sig.must_include!r}")
    per_region = Counter(d.region for d in distillers.values())
    for region in _REAL_REGIONS:
        if per_region[region] != DISTILLERS_PER_REGION:
            p.append(f"{per_region[region]} distillers in {region.value}, expected {DISTILLERS_PER_REGION}")
    used_sig = Counter(d.signature_recipe for d in distillers.values())
    for r in recipes.values():
        if r.tier is Tier.SIGNATURE and used_sig[r.id] != 1:
            p.append(f"signature recipe {r.id!r} belongs to {used_sig[r.id]} distillers, expected 1")
    used_ing = Counter(d.signature_ingredient for d in distillers.values())
    for c in cards.values():
        if c.market is Market.SIGNATURE and used_ing[c.id] != 1:
            p.append(f"signature ingredient {c.id!r} belongs to {used_ing[c.id]} distillers, expected 1")
    return p


def _check_flight_refs(
    flights: Mapping[str, FlightDef], distillers: Mapping[str, DistillerDef], goals: Mapping[str, GoalDef],
    awards: Mapping[str, AwardDef], solo: Mapping[str, SoloCardDef],
) -> list[str]:
    refs = [(f"distiller {d.id!r}", d.removed_with_pairings) for d in distillers.values()]
    refs += [(f"goal {g.id!r}", g.excluded_flights) for g in goals.values()]
    for a in awards.values():
        refs += [(f"award {a.id!r}", a.excluded_flights), (f"award {a.id!r}", a.excluded_two_player_flights)]
    refs += [(f"solo card {s.id!r}", s.excluded_flights) for s in solo.values()]
    return [f"{who}: unknown flight {x!r}" for who, ids in refs for x in sorted(ids - set(flights))]


def _check_solo(solo: Mapping[str, SoloCardDef]) -> list[str]:
    p = _keys_match("SOLO_CARDS", solo)
    for s in solo.values():
        if s.tier not in ("A", "B", "C", "S") or not s.id.startswith(s.tier):
            p.append(f"solo card {s.id!r}: bad tier {s.tier!r}")
        if s.type not in ("collect", "sell", "earn", "distill", "swap"):
            p.append(f"solo card {s.id!r}: bad type {s.type!r}")
        if (s.tier == "B") != (s.back_discard is not None):
            p.append(f"solo card {s.id!r}: back_discard must be set exactly on B cards")
        if any(not 1 <= n <= 4 for row in s.back_discard or () for n in row):
            p.append(f"solo card {s.id!r}: back_discard slots must be 1..4")
    return p


def validate() -> None:
    """Raise CatalogueError listing every inconsistency in the registries of domain.catalogue."""
    import domain.catalogue as cat  # late import: the registries are built by the package itself

    p = _check_cards(cat.CARD_DEFS, cat.CARDS)
    p += _duplicates("recipe", (r.id for r in cat.RECIPE_DEFS))
    p += _duplicates("flight", (f.id for f in cat.FLIGHT_DEFS))
    p += _duplicates("distiller", (d.id for d in cat.DISTILLER_DEFS))
    p += _duplicates("goal", (g.id for g in cat.GOAL_DEFS))
    p += _duplicates("award", (a.id for a in cat.AWARD_DEFS))
    p += _duplicates("solo card", (s.id for s in cat.SOLO_CARD_DEFS))
    p += _check_recipes(cat.RECIPES, cat.CARDS)
    p += _check_flights(cat.FLIGHTS, cat.RECIPES)
    p += _check_distillers(cat.DISTILLERS, cat.RECIPES, cat.CARDS)
    p += _check_flight_refs(cat.FLIGHTS, cat.DISTILLERS, cat.GOALS, cat.AWARDS, cat.SOLO_CARDS)
    p += _keys_match("GOALS", cat.GOALS) + _keys_match("AWARDS", cat.AWARDS)
    p += _check_solo(cat.SOLO_CARDS)
    p += [f"label space {i} has index {sp.index}" for i, sp in enumerate(cat.LABEL_SPACES) if sp.index != i]
    if p:
        raise CatalogueError(p)
