"""Catalogue definitions: plain frozen records. Values are facts from RULES.md §1-§2.

Named tuples rather than frozen dataclasses: as immutable, and each class is made in a third of the time at a
cold start (no generated methods to compile). No `from __future__ import annotations`, which would make
NamedTuple compile every field's annotation from its text.
"""

from enum import StrEnum
from typing import NamedTuple

from domain.records import record


class Sugar(StrEnum):
    GRAIN = "grain"
    PLANT = "plant"
    FRUIT = "fruit"


class BarrelType(StrEnum):
    METAL = "metal"
    WOOD = "wood"
    CLAY = "clay"


class Region(StrEnum):
    AMERICAS = "americas"
    EUROPE = "europe"
    ASIA = "asia"  # Asia & Oceania
    HOME = "home"  # resolved to the owner's distiller region when used
    NONE = "none"


class Tier(StrEnum):
    BASIC = "basic"  # Moonshine, Vodka
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"
    SIGNATURE = "signature"


class Kind(StrEnum):
    YEAST = "yeast"
    WATER = "water"
    SUGAR = "sugar"
    ALCOHOL = "alcohol"
    BARREL = "barrel"
    BOTTLE = "bottle"
    FLAVOR = "flavor"
    UPGRADE = "upgrade"


class Market(StrEnum):
    BASIC = "basic"
    INGREDIENT = "ingredient"  # premium ingredient deck
    ITEM = "item"  # premium item deck
    UPGRADE = "upgrade"
    STARTING = "starting"
    SIGNATURE = "signature"
    ALCOHOL = "alcohol"
    FLAVOR = "flavor"


class UpgradeKind(StrEnum):
    EQUIPMENT = "equipment"
    SPECIALIST = "specialist"


class CardDef(NamedTuple):
    id: str
    name: str
    kind: Kind
    market: Market
    cost: int | None  # None: never bought
    money: int
    sp: int
    copies: int = 1  # copies in its deck; basic piles are unlimited (copies=1, one definition)
    bga_id: int | None = None
    sugar: Sugar | None = None
    ingredient_key: str | None = None  # signature "must include" tag (D7)
    barrel: BarrelType | None = None
    region: Region | None = None  # bottles only
    upgrade_kind: UpgradeKind | None = None
    text: str = ""


class RecipeDef(NamedTuple):
    id: str
    name: str
    tier: Tier
    allowed: frozenset[Sugar]  # empty = no sugar may remain (Moonshine)
    min_sugars: int
    barrel: BarrelType
    aged: bool
    money: int
    sp: int
    region: Region
    must_include: str | None = None  # signature recipes: ingredient key
    cube_cost: int = 0


class FlightDef(NamedTuple):
    id: str
    recipes: tuple[str, ...]  # 7 recipe ids, clipboard order
    note: str = ""


class DistillerDef(NamedTuple):
    id: str
    bga_id: int
    name: str
    region: Region
    money: int
    yeast: int
    water: int
    signature_recipe: str
    signature_ingredient: str  # CardDef id, market SIGNATURE
    power: str  # paraphrased text
    removed_with_pairings: frozenset[str] = frozenset()  # flight ids


class GoalDef(NamedTuple):
    id: str
    bga_id: int
    name: str
    sp: int
    metric: str  # key of a metric function in domain.scoring
    text: str
    excluded_flights: frozenset[str] = frozenset()


class AwardDef(NamedTuple):
    id: str
    bga_id: int
    name: str
    sp: int
    condition: str  # key of a condition function in domain.awards
    text: str
    excluded_flights: frozenset[str] = frozenset()
    excluded_two_player_flights: frozenset[str] = frozenset()


@record(frozen=True, slots=True)
class LabelSpaceDef:  # a dataclass: a named tuple's `index` is tuple.index
    index: int
    reward: str
    text: str


class SoloCardDef(NamedTuple):
    id: str  # "A1".."C18", "S"
    tier: str  # "A" | "B" | "C" | "S"
    type: str  # "collect" | "sell" | "earn" | "distill" | "swap"
    condition: str
    target: int = 0
    reward_sp: int = 0
    reward_money: int = 0
    back_discard: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
    excluded_flights: frozenset[str] = frozenset()
