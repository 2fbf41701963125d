"""Basic market, starting items, alcohol, premium ingredients and premium items (RULES.md §1.3-§1.6).

Catalogue order inside each tuple is BGA id order, which is also the order `deck()` expands copies in.
"""

from __future__ import annotations

from domain.catalogue.model import BarrelType, CardDef, Kind, Market, Region, Sugar

# ---------------------------------------------------------------------------------------------------------
# §1.3 Basic Market: 7 bottomless piles (one definition each, copies=1).
# ---------------------------------------------------------------------------------------------------------

BASIC_CARDS: tuple[CardDef, ...] = (
    CardDef(
        "yeast", "Yeast", Kind.YEAST, Market.BASIC, cost=0, money=0, sp=0, bga_id=139,
        text="Purchase bonus: +1 money when bought in the Market. "
        "Cannot be traded away at the Distill trade.",
    ),
    CardDef(
        "water", "Water", Kind.WATER, Market.BASIC, cost=0, money=1, sp=0, bga_id=138,
        text="Purchase bonus: reveal the top card of one premium deck; buy it now at its cost "
        "or put it on the bottom of its deck.",
    ),
    CardDef("mixed_grains", "Mixed Grains", Kind.SUGAR, Market.BASIC, cost=0, money=0, sp=0, bga_id=137,
            sugar=Sugar.GRAIN),
    CardDef("mixed_plants", "Mixed Plants", Kind.SUGAR, Market.BASIC, cost=1, money=0, sp=0, bga_id=136,
            sugar=Sugar.PLANT),
    CardDef("mixed_fruits", "Mixed Fruits", Kind.SUGAR, Market.BASIC, cost=2, money=0, sp=0, bga_id=135,
            sugar=Sugar.FRUIT),
    CardDef("clay_barrel", "Clay Barrel", Kind.BARREL, Market.BASIC, cost=3, money=0, sp=0, bga_id=134,
            barrel=BarrelType.CLAY),
    CardDef("wood_barrel", "Wood Barrel", Kind.BARREL, Market.BASIC, cost=4, money=0, sp=0, bga_id=133,
            barrel=BarrelType.WOOD),
)

# ---------------------------------------------------------------------------------------------------------
# §1.4 Starting items (one of each per player, never bought) and §1.6 Alcohol (unlimited supply, D9).
# ---------------------------------------------------------------------------------------------------------

STARTING_ITEMS: tuple[CardDef, ...] = (
    CardDef(
        "metal_barrel", "Metal Barrel", Kind.BARREL, Market.STARTING, cost=None, money=1, sp=0, bga_id=19,
        barrel=BarrelType.METAL,
        text="Returns to the storeroom after the sale and is reused. Cannot be traded.",
    ),
    CardDef(
        "glass_bottle", "Glass Bottle", Kind.BOTTLE, Market.STARTING, cost=None, money=1, sp=0, bga_id=20,
        region=Region.NONE,
        text="Returns to the storeroom after the sale and is reused. Cannot be traded. "
        "Never goes to the display.",
    ),
)

ALCOHOL_CARDS: tuple[CardDef, ...] = (
    CardDef(
        "alcohol", "Alcohol", Kind.ALCOHOL, Market.ALCOHOL, cost=None, money=1, sp=0, bga_id=0,
        text="May stand in for Yeast or Water in the washback. Cannot be traded.",
    ),
)

# ---------------------------------------------------------------------------------------------------------
# §1.5.1 Premium ingredient deck: 18 kinds x 2 copies. ingredient_key = signature "must include" tag (D7).
# ---------------------------------------------------------------------------------------------------------


def _ing(
    id_: str, name: str, bga: int, cost: int, money: int, sp: int,
    sugar: Sugar | None = None, key: str | None = None, kind: Kind = Kind.SUGAR, text: str = "",
) -> CardDef:
    return CardDef(
        id_, name, kind, Market.INGREDIENT, cost=cost, money=money, sp=sp, copies=2, bga_id=bga,
        sugar=sugar, ingredient_key=key, text=text,
    )


PREMIUM_INGREDIENTS: tuple[CardDef, ...] = (
    #    id                       name                     bga cost $  sp  sugar         key
    _ing("turbo_yeast", "Turbo Yeast", 45, 3, 1, 1, kind=Kind.YEAST,
         text="Distill: adds 1 extra Alcohol card (counts like an extra sugar for the alcohol count)."),
    _ing("juniper_berries",       "Juniper Berries",       46, 5, 2, 3, Sugar.FRUIT, "juniper"),
    _ing("mountain_spring_water", "Mountain Spring Water", 47, 3, 2, 1, kind=Kind.WATER,
         text="If cut out of the stack, a basic Water card is added to the finished spirit."),
    _ing("figs",                  "Figs",                  48, 5, 2, 3, Sugar.FRUIT),
    _ing("grapes",                "Grapes",                49, 6, 3, 4, Sugar.FRUIT, "grapes"),
    _ing("potatoes",              "Potatoes",              50, 3, 1, 1, Sugar.PLANT, "potatoes"),
    _ing("agave",                 "Agave",                 51, 5, 3, 3, Sugar.PLANT, "agave"),
    _ing("apples",                "Apples",                52, 4, 1, 2, Sugar.FRUIT),
    _ing("palm",                  "Palm",                  53, 4, 2, 2, Sugar.PLANT, "palm"),
    _ing("wheat",                 "Wheat",                 54, 3, 1, 1, Sugar.GRAIN, "wheat"),
    _ing("sugarcane",             "Sugarcane",             55, 4, 2, 2, Sugar.PLANT, "sugarcane"),
    _ing("anise",                 "Anise",                 56, 3, 1, 1, Sugar.PLANT),
    _ing("sorghum",               "Sorghum",               57, 2, 0, 1, Sugar.GRAIN, "sorghum"),
    _ing("rye",                   "Rye",                   58, 3, 1, 1, Sugar.GRAIN, "rye"),
    _ing("corn",                  "Corn",                  59, 4, 2, 2, Sugar.GRAIN, "corn"),
    _ing("rice",                  "Rice",                  60, 2, 0, 1, Sugar.GRAIN, "rice"),
    _ing("barley",                "Barley",                61, 4, 2, 2, Sugar.GRAIN, "barley"),
    _ing("millet",                "Millet",                62, 3, 1, 1, Sugar.GRAIN, "millet"),
)

# ---------------------------------------------------------------------------------------------------------
# §1.5.2 Premium item deck: 19 bottles x 1 + 5 barrel kinds (2+2+3+3+4 = 14) = 33 cards.
# ---------------------------------------------------------------------------------------------------------


def _bottle(
    id_: str, name: str, bga: int, region: Region, cost: int, money: int, sp: int, text: str,
) -> CardDef:
    return CardDef(
        id_, name, Kind.BOTTLE, Market.ITEM, cost=cost, money=money, sp=sp, bga_id=bga, region=region,
        text=text,
    )


def _barrel(
    id_: str, name: str, bga: int, copies: int, barrel: BarrelType, cost: int, money: int, sp: int, text: str,
) -> CardDef:
    return CardDef(
        id_, name, Kind.BARREL, Market.ITEM, cost=cost, money=money, sp=sp, copies=copies, bga_id=bga,
        barrel=barrel, text=text,
    )


_AM, _EU, _AS, _HOME, _NONE = Region.AMERICAS, Region.EUROPE, Region.ASIA, Region.HOME, Region.NONE

PREMIUM_ITEMS: tuple[CardDef, ...] = (
    #       id                         name                       bga region cost $  sp
    _bottle("wrapped_bottle",          "Wrapped Bottle",          21, _AM,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Americas."),
    _bottle("worm_bottle",             "Worm Bottle",             22, _AM,   2, 1, 0,
            "Sale: +1 SP, or +2 SP if the spirit's region is Americas."),
    _bottle("skull_bottle",            "Skull Bottle",            23, _HOME, 5, 2, 4,
            "Region Home (distiller region)."),
    _bottle("plastic_liter_bottle",    "Plastic Liter Bottle",    24, _NONE, 1, 4, -1, ""),
    _bottle("wax_sealed_bottle",       "Wax Sealed Bottle",       25, _AM,   4, 2, 0,
            "Sale: +2 SP, or +4 SP if the spirit's region is Americas."),
    _bottle("scandinavian_bottle",     "Scandinavian Bottle",     26, _EU,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Europe."),
    _bottle("pirate_bottle",           "Pirate Bottle",           27, _AM,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Americas."),
    _bottle("vintage_decanter_bottle", "Vintage Decanter Bottle", 28, _HOME, 5, 2, 4,
            "Region Home (distiller region)."),
    _bottle("rounded_bottle",          "Rounded Bottle",          29, _EU,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Europe."),
    _bottle("pig_bottle",              "Pig Bottle",              30, _HOME, 5, 2, 4,
            "Region Home (distiller region)."),
    _bottle("mason_jar",               "Mason Jar",               31, _NONE, 1, 0, 0,
            "Sale: +2 money, or +4 money if the spirit is Moonshine."),
    _bottle("faceted_bottle",          "Faceted Bottle",          32, _AS,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Asia & Oceania."),
    _bottle("canister_bottle",         "Canister Bottle",         33, _EU,   2, 1, 0,
            "Sale: +1 SP, or +2 SP if the spirit's region is Europe."),
    _bottle("half_bottle",             "Half Bottle",             34, _AS,   3, 1, 0,
            "Sale: +2 SP, or +3 SP if the spirit's region is Asia & Oceania."),
    _bottle("etched_crystal_decanter", "Etched Crystal Decanter", 35, _EU,   4, 2, 0,
            "Sale: +2 SP, or +4 SP if the spirit's region is Europe."),
    _bottle("carton_bottle",           "Carton Bottle",           36, _AS,   2, 1, 0,
            "Sale: +1 SP, or +2 SP if the spirit's region is Asia & Oceania."),
    _bottle("frosted_glass_bottle",    "Frosted Glass Bottle",    37, _NONE, 2, 2, 0,
            "Sale: +1 SP, or +2 SP if the spirit is a non-aged recipe."),
    _bottle("ceramic_bottle",          "Ceramic Bottle",          38, _AS,   4, 2, 0,
            "Sale: +2 SP, or +4 SP if the spirit's region is Asia & Oceania."),
    _bottle("jug",                     "Jug",                     39, _NONE, 2, 2, 0,
            "Sale: +1 SP, or +2 SP if the spirit is Moonshine."),
    #       id                          name                        bga copies barrel           cost $  sp
    _barrel("stainless_steel_barrel",   "Stainless Steel Barrel",   40, 2, BarrelType.METAL, 4, 2, 1,
            "After the sale it may go back to the storeroom (reusable metal barrel)."),
    _barrel("kvevri_barrel",            "Kvevri Barrel",            41, 2, BarrelType.CLAY,  6, 2, 0,
            "+1 SP per Flavor card in the spirit."),
    _barrel("dolium_barrel",            "Dolium Barrel",            42, 3, BarrelType.CLAY,  4, 0, 1,
            "+1 money per Flavor card in the spirit at sale."),
    _barrel("ex_bourbon_hogshead",      "Ex-Bourbon Hogshead",      43, 3, BarrelType.WOOD,  7, 0, 1,
            "The first time the spirit is aged it receives one extra Flavor card."),
    _barrel("american_standard_barrel", "American Standard Barrel", 44, 4, BarrelType.WOOD,  5, 0, 1,
            "+1 money in every Age phase while it is aging in a warehouse."),
)
