"""The Distilled card catalogue as validated, immutable Python data (RULES.md §1-§3).

Registries are built once at import and checked by `domain.catalogue.validate.validate()`, in the tests
(tests/domain/test_catalogue.py): the data is the code's, so it is checked once, not at every cold start.
Registry dicts keep catalogue order (the order of the data modules' tuples).
"""

from __future__ import annotations

from domain.catalogue.cards import (
    ALCOHOL_CARDS,
    BASIC_CARDS,
    PREMIUM_INGREDIENTS,
    PREMIUM_ITEMS,
    STARTING_ITEMS,
)
from domain.catalogue.distillers import DISTILLER_DEFS, SIGNATURE_INGREDIENTS
from domain.catalogue.flavors import FLAVORS
from domain.catalogue.model import (
    AwardDef,
    CardDef,
    DistillerDef,
    FlightDef,
    GoalDef,
    LabelSpaceDef,
    Market,
    RecipeDef,
    SoloCardDef,
    Tier,
)
from domain.catalogue.recipes import BASE_RECIPES, FLIGHT_DEFS, SIGNATURE_RECIPES
from domain.catalogue.scoring_defs import AWARD_DEFS, GOAL_DEFS, LABEL_SPACE_DEFS
from domain.catalogue.solo import SOLO_CARD_DEFS
from domain.catalogue.upgrades import UPGRADES

__all__ = [
    "AWARDS",
    "AWARD_DEFS",
    "CARDS",
    "CARD_DEFS",
    "DISTILLERS",
    "DISTILLER_DEFS",
    "FLIGHTS",
    "FLIGHT_DEFS",
    "GOALS",
    "GOAL_DEFS",
    "LABEL_SPACES",
    "RECIPES",
    "RECIPE_DEFS",
    "SOLO_CARDS",
    "SOLO_CARD_DEFS",
    "counts",
    "deck",
]

# Raw definition tuples (duplicates here are caught by validate(); the dicts below would hide them).
CARD_DEFS: tuple[CardDef, ...] = (
    BASIC_CARDS
    + STARTING_ITEMS
    + ALCOHOL_CARDS
    + PREMIUM_INGREDIENTS
    + PREMIUM_ITEMS
    + UPGRADES
    + FLAVORS
    + SIGNATURE_INGREDIENTS
)
RECIPE_DEFS: tuple[RecipeDef, ...] = BASE_RECIPES + SIGNATURE_RECIPES

CARDS: dict[str, CardDef] = {c.id: c for c in CARD_DEFS}
RECIPES: dict[str, RecipeDef] = {r.id: r for r in RECIPE_DEFS}
FLIGHTS: dict[str, FlightDef] = {f.id: f for f in FLIGHT_DEFS}
DISTILLERS: dict[str, DistillerDef] = {d.id: d for d in DISTILLER_DEFS}
GOALS: dict[str, GoalDef] = {g.id: g for g in GOAL_DEFS}
AWARDS: dict[str, AwardDef] = {a.id: a for a in AWARD_DEFS}
LABEL_SPACES: tuple[LabelSpaceDef, ...] = LABEL_SPACE_DEFS
SOLO_CARDS: dict[str, SoloCardDef] = {s.id: s for s in SOLO_CARD_DEFS}


def deck(market: Market) -> tuple[str, ...]:
    """Card ids of one market, copies expanded, in catalogue order (e.g. a premium deck before shuffling)."""
    return tuple(c.id for c in CARDS.values() if c.market is market for _ in range(c.copies))


def _copies(market: Market) -> int:
    return sum(c.copies for c in CARDS.values() if c.market is market)


def counts() -> dict[str, int]:
    """Component counts computed from the data (copies counted)."""
    return {
        "basic_cards": _copies(Market.BASIC),
        "starting_items": _copies(Market.STARTING),
        "premium_ingredients": _copies(Market.INGREDIENT),
        "premium_items": _copies(Market.ITEM),
        "upgrades": _copies(Market.UPGRADE),
        "flavors": _copies(Market.FLAVOR),
        "recipes": sum(1 for r in RECIPES.values() if r.tier is not Tier.SIGNATURE),
        "signature_recipes": sum(1 for r in RECIPES.values() if r.tier is Tier.SIGNATURE),
        "distillers": len(DISTILLERS),
        "flights": len(FLIGHTS),
        "goals": len(GOALS),
        "awards": len(AWARDS),
        "label_spaces": len(LABEL_SPACES),
        "solo_cards": len(SOLO_CARDS),
    }
