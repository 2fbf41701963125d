"""Recipes (RULES.md §2.2, §2.3) and the 8 tasting flights (§2.4).

Cube cost by tier: bronze 2, silver 4, gold 6; Moonshine, Vodka and signature recipes need no cube (0).
Signature recipes all have region HOME (the distiller's region) and a `must_include` ingredient key (D7).
"""

from __future__ import annotations

from domain.catalogue.model import BarrelType, FlightDef, RecipeDef, Region, Sugar, Tier

CUBE_COST: dict[Tier, int] = {Tier.BASIC: 0, Tier.BRONZE: 2, Tier.SILVER: 4, Tier.GOLD: 6, Tier.SIGNATURE: 0}

_G, _P, _F = Sugar.GRAIN, Sugar.PLANT, Sugar.FRUIT
_METAL, _WOOD, _CLAY = BarrelType.METAL, BarrelType.WOOD, BarrelType.CLAY
_AM, _EU, _AS, _HOME = Region.AMERICAS, Region.EUROPE, Region.ASIA, Region.HOME


def _recipe(
    id_: str, name: str, tier: Tier, allowed: frozenset[Sugar], min_sugars: int, barrel: BarrelType,
    aged: bool, money: int, sp: int, region: Region, must_include: str | None = None,
) -> RecipeDef:
    return RecipeDef(
        id_, name, tier, allowed, min_sugars, barrel, aged, money, sp, region,
        must_include=must_include, cube_cost=CUBE_COST[tier],
    )


_NONE: frozenset[Sugar] = frozenset()
_ANY = frozenset({_G, _P, _F})
_GRAIN = frozenset({_G})
_PLANT = frozenset({_P})
_FRUIT = frozenset({_F})
_GRAIN_PLANT = frozenset({_G, _P})

_BA, _BR, _SI, _GD, _SIG = Tier.BASIC, Tier.BRONZE, Tier.SILVER, Tier.GOLD, Tier.SIGNATURE

BASE_RECIPES: tuple[RecipeDef, ...] = (
    #        id           name         tier  allowed       min barrel  aged   $  sp  region
    _recipe("moonshine", "Moonshine", _BA,  _NONE,        0, _METAL, False, 2, 1, _HOME),
    _recipe("vodka",     "Vodka",     _BA,  _ANY,         1, _METAL, False, 1, 2, _HOME),
    _recipe("aquavit",   "Aquavit",   _BR,  _GRAIN_PLANT, 1, _METAL, False, 0, 3, _EU),
    _recipe("cachaca",   "Cachaça",   _BR,  _PLANT,       1, _METAL, False, 0, 4, _AM),
    _recipe("soju",      "Soju",      _BR,  _GRAIN,       2, _METAL, False, 0, 5, _AS),
    _recipe("shochu",    "Shōchū",    _BR,  _GRAIN,       1, _CLAY,  True,  0, 7, _AS),
    _recipe("lambanog",  "Lambanog",  _SI,  _PLANT,       2, _METAL, False, 0, 6, _AS),
    _recipe("gin",       "Gin",       _SI,  _FRUIT,       2, _METAL, False, 0, 7, _EU),
    _recipe("grappa",    "Grappa",    _SI,  _FRUIT,       1, _CLAY,  True,  0, 9, _EU),
    _recipe("pisco",     "Pisco",     _SI,  _FRUIT,       3, _METAL, False, 0, 10, _AM),
    _recipe("whiskey",   "Whiskey",   _SI,  _GRAIN,       2, _WOOD,  True,  0, 10, _HOME),
    _recipe("rum",       "Rum",       _SI,  _PLANT,       2, _WOOD,  True,  0, 11, _AM),
    _recipe("baijiu",    "Báijiǔ",    _GD,  _GRAIN,       3, _CLAY,  True,  0, 12, _AS),
    _recipe("brandy",    "Brandy",    _GD,  _FRUIT,       2, _WOOD,  True,  0, 13, _EU),
    _recipe("tequila",   "Tequila",   _GD,  _PLANT,       3, _WOOD,  True,  0, 14, _AM),
)

SIGNATURE_RECIPES: tuple[RecipeDef, ...] = (
    # id, name, tier / allowed sugars, min sugars, barrel, aged, money, sp, region, must_include key
    _recipe("premium_dark_rum", "Premium Dark Rum", _SIG,
            _PLANT, 3, _WOOD, True, 3, 17, _HOME, "sugarcane"),
    _recipe("straight_bourbon_whiskey", "Straight Bourbon Whiskey", _SIG,
            _GRAIN, 3, _WOOD, True, 1, 18, _HOME, "corn"),
    _recipe("oceania_strength_gin", "Oceania-Strength Gin", _SIG,
            _FRUIT, 3, _METAL, False, 1, 10, _HOME, "juniper"),
    _recipe("vs_cognac_brandy", "VS Cognac Brandy", _SIG,
            _FRUIT, 3, _WOOD, True, 2, 17, _HOME, "grapes"),
    _recipe("quezon_lambanog", "Quezon Lambanog", _SIG,
            _PLANT, 3, _METAL, False, 2, 10, _HOME, "palm"),
    _recipe("single_malt_whisky", "Single Malt Whisky", _SIG,
            _GRAIN, 3, _WOOD, True, 3, 20, _HOME, "barley"),
    _recipe("extra_anejo_tequila", "Extra Añejo Tequila", _SIG,
            _PLANT, 3, _WOOD, True, 1, 19, _HOME, "agave"),
    _recipe("london_dry_gin", "London Dry Gin", _SIG,
            _FRUIT, 3, _METAL, False, 2, 13, _HOME, "juniper"),
    _recipe("gammal_fin_aquavit", "Gammal Fin Aquavit", _SIG,
            _PLANT, 2, _METAL, False, 2, 8, _HOME, "potatoes"),
    _recipe("andong_soju", "Andong Soju", _SIG,
            _GRAIN, 3, _METAL, False, 1, 7, _HOME, "rice"),
    _recipe("single_pot_whiskey", "Single Pot Whiskey", _SIG,
            _GRAIN, 3, _WOOD, True, 2, 19, _HOME, "barley"),
    _recipe("canadian_rye_whisky", "Canadian Rye Whisky", _SIG,
            _GRAIN, 3, _WOOD, True, 1, 16, _HOME, "rye"),
    _recipe("peruvian_pisco_puro", "Peruvian Pisco Puro", _SIG,
            _FRUIT, 3, _METAL, False, 1, 14, _HOME, "grapes"),
    _recipe("royal_officers_whisky", "Royal Officer's Whisky", _SIG,
            _GRAIN, 2, _WOOD, True, 1, 11, _HOME, "millet"),
    _recipe("otsurui_shochu", "Otsurui Shōchū", _SIG,
            _GRAIN, 2, _CLAY, True, 3, 14, _HOME, "wheat"),
    _recipe("caninha_cachaca", "Caninha Cachaça", _SIG,
            _PLANT, 2, _METAL, False, 1, 11, _HOME, "sugarcane"),
    _recipe("grappa_invecchiata", "Grappa Invecchiata", _SIG,
            _FRUIT, 2, _CLAY, True, 2, 13, _HOME, "grapes"),
    _recipe("strong_aroma_baijiu", "Strong Aroma Báijiǔ", _SIG,
            _GRAIN, 3, _CLAY, True, 2, 15, _HOME, "sorghum"),
)

# Clipboard order: by tier (bronze, silver, gold), ascending SP within a tier.
FLIGHT_DEFS: tuple[FlightDef, ...] = (
    FlightDef("A", ("cachaca", "soju", "gin", "whiskey", "rum", "baijiu", "brandy"),
              note="Also the 'First Taste' flight."),
    FlightDef("B", ("aquavit", "shochu", "lambanog", "grappa", "pisco", "whiskey", "tequila")),
    FlightDef("C", ("aquavit", "soju", "shochu", "pisco", "whiskey", "rum", "brandy")),
    FlightDef("D", ("aquavit", "lambanog", "gin", "grappa", "whiskey", "brandy", "tequila")),
    FlightDef("E", ("cachaca", "gin", "pisco", "whiskey", "rum", "baijiu", "tequila")),
    FlightDef("F", ("cachaca", "soju", "shochu", "lambanog", "grappa", "whiskey", "baijiu")),
    FlightDef("G", ("aquavit", "cachaca", "soju", "lambanog", "gin", "pisco", "whiskey"),
              note="No gold recipes; not for beginners."),
    FlightDef("H", ("shochu", "grappa", "whiskey", "rum", "baijiu", "brandy", "tequila"),
              note="Aged spirits only; not for beginners."),
)
