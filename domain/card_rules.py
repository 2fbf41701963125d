"""What cards and recipes allow, answered from the catalogue: a card's deck and kind, which recipes a player
knows and a spirit matches, which washback is valid, which barrels and bottles a player may use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from domain.catalogue import CARDS, DISTILLERS, FLIGHTS, RECIPES
from domain.catalogue.model import BarrelType, CardDef, Kind, Market, RecipeDef, Region
from domain.state import GameState, Player

DECK_OF_MARKET = {Market.UPGRADE: "upgrades", Market.INGREDIENT: "ingredients", Market.ITEM: "items"}
BASIC_INGREDIENTS = ("yeast", "water", "mixed_grains", "mixed_plants", "mixed_fruits")
BASIC_BARRELS = ("clay_barrel", "wood_barrel")
REUSABLE = frozenset({"metal_barrel", "glass_bottle", "stainless_steel_barrel"})
BASIC_LIMIT = 2
UPGRADE_SLOTS = 3
CUBE_COST = {"bronze": 2, "silver": 4, "gold": 6}


def card(cid: str) -> CardDef:
    return CARDS[cid]


def deck_of(cid: str) -> str | None:
    """The premium deck a card belongs to (and returns to via the truck), if any."""
    return DECK_OF_MARKET.get(CARDS[cid].market)


def kind(cid: str) -> Kind:
    return CARDS[cid].kind


def recipe(rid: str) -> RecipeDef:
    return RECIPES[rid]


def home_region(p: Player) -> Region:
    return DISTILLERS[p.distiller].region if p.distiller else Region.NONE


def resolve(region: Region | None, p: Player) -> Region:
    if region is None:
        return Region.NONE
    return home_region(p) if region is Region.HOME else region


def signature_recipe(p: Player) -> str | None:
    return DISTILLERS[p.distiller].signature_recipe if p.distiller else None


def signature_ingredient(p: Player) -> str | None:
    return DISTILLERS[p.distiller].signature_ingredient if p.distiller else None


def known_recipes(state: GameState, p: Player) -> list[str]:
    known = ["moonshine", "vodka", *[r for r in FLIGHTS[state.flight].recipes if r in p.cubes]]
    sig = signature_recipe(p)
    if sig and not p.signature_made:
        known.append(sig)
    return known


def matches(r: RecipeDef, cards: Iterable[str]) -> bool:
    """RULES §2.1: no forbidden sugar, enough allowed sugars, the signature's named ingredient."""
    defs = [CARDS[c] for c in cards]
    sugars = [d for d in defs if d.kind is Kind.SUGAR]
    if any(d.sugar not in r.allowed for d in sugars) or len(sugars) < r.min_sugars:
        return False
    return r.must_include is None or any(d.ingredient_key == r.must_include for d in defs)


def barrels_for(p: Player, barrel: BarrelType) -> list[str]:
    return sorted({c for c in p.storeroom if CARDS[c].kind is Kind.BARREL and CARDS[c].barrel is barrel})


def bottles(p: Player) -> list[str]:
    return sorted({c for c in p.storeroom if CARDS[c].kind is Kind.BOTTLE})


KIND_OF = {cid: d.kind for cid, d in CARDS.items()}
# Module constants: a member looked up on its enum class costs as much as the test it is used in (Python 3.11),
# and this runs for every Distill listing and at every step of the Distill phase.
SUGAR, YEAST, WATER, ALCOHOL = Kind.SUGAR, Kind.YEAST, Kind.WATER, Kind.ALCOHOL


def valid_washback(cards: Iterable[str]) -> bool:
    """RULES §1.6: a sugar plus yeast+water, yeast+alcohol, water+alcohol, or two alcohol."""
    kinds = [KIND_OF[c] for c in cards]  # a list, not a Counter: cheaper for a handful of cards
    if SUGAR not in kinds:
        return False
    y, w, a = YEAST in kinds, WATER in kinds, kinds.count(ALCOHOL)
    return bool((y and w) or (y and a) or (w and a) or a >= 2)


WASHBACK_KINDS = (Kind.SUGAR, Kind.YEAST, Kind.WATER, Kind.ALCOHOL)
WASHBACK_CARDS = frozenset(cid for cid, d in CARDS.items() if d.kind in WASHBACK_KINDS)


def washback_cards(p: Player) -> list[str]:
    return [c for c in p.pantry if c in WASHBACK_CARDS]


def can_distill(p: Player) -> bool:
    return bool(valid_washback(washback_cards(p)))


def contains(haystack: list[str], needles: Iterable[str]) -> bool:
    have = Counter(haystack)
    need = Counter(needles)
    return all(have[k] >= v for k, v in need.items())


def remove_all(zone: list[str], cards: Iterable[str]) -> None:
    for c in cards:
        zone.remove(c)


def next_seat(state: GameState, after: int, waiting: Callable[[Player], bool]) -> int | None:
    """The first seat clockwise after `after` whose player is still `waiting`."""
    players = state.players
    n = len(players)
    for i in range(1, n + 1):
        q = players[(after + i) % n]
        if waiting(q):
            return q.seat
    return None
