"""Distillers (RULES.md §1.11) and their signature ingredient cards.

`removed_with_pairings` lists the flights whose "recommended distiller pairings" remove this distiller (BGA
table in §1.11, inverted per distiller). Signature ingredients cost 0, are worth 2 money / 4 SP, start out of
play and carry the `ingredient_key` of their distiller's signature recipe (D7). Their `bga_id`s (1-18) are
BGA's card ids for these cards (`signature_ing_cards` in the BGA source); RULES.md does not list them.
"""

from __future__ import annotations

from domain.catalogue.model import CardDef, DistillerDef, Kind, Market, Region, Sugar

_SIG_TEXT = (
    "Signature ingredient: if cut during distillation its owner may put it back into the spirit. "
    "Cannot be traded. Leaves the game after the sale."
)


def _sig(id_: str, name: str, bga: int, sugar: Sugar, key: str) -> CardDef:
    return CardDef(
        id_, name, Kind.SUGAR, Market.SIGNATURE, cost=0, money=2, sp=4, bga_id=bga, sugar=sugar,
        ingredient_key=key, text=_SIG_TEXT,
    )


_G, _P, _F = Sugar.GRAIN, Sugar.PLANT, Sugar.FRUIT

# In distiller order (§1.11).
SIGNATURE_INGREDIENTS: tuple[CardDef, ...] = (
    _sig("sugarcane_molasses", "Sugarcane Molasses", 9, _P, "sugarcane"),
    _sig("dent_corn", "Dent Corn", 11, _G, "corn"),
    _sig("common_juniper_berries", "Common Juniper Berries", 7, _F, "juniper"),
    _sig("ugni_blanc_grapes", "Ugni Blanc Grapes", 18, _F, "grapes"),
    _sig("nipa_palm", "Nipa Palm", 8, _P, "palm"),
    _sig("bere_barley", "Bere Barley", 15, _G, "barley"),
    _sig("blue_agave", "Blue Agave", 3, _P, "agave"),
    _sig("dried_juniper_berries", "Dried Juniper Berries", 2, _F, "juniper"),
    _sig("almond_potatoes", "Almond Potatoes", 5, _P, "potatoes"),
    _sig("sinica_rice", "Sinica Rice", 13, _G, "rice"),
    _sig("unmalted_barley", "Unmalted Barley", 14, _G, "barley"),
    _sig("winter_rye", "Winter Rye", 12, _G, "rye"),
    _sig("quebranta_grapes", "Quebranta Grapes", 4, _F, "grapes"),
    _sig("pearl_millet", "Pearl Millet", 16, _G, "millet"),
    _sig("buck_wheat", "Buck Wheat", 17, _G, "wheat"),
    _sig("sugarcane_juice", "Sugarcane Juice", 6, _P, "sugarcane"),
    _sig("sangiovese_grapes", "Sangiovese Grapes", 1, _F, "grapes"),
    _sig("sorghum_bicolor", "Sorghum Bicolor", 10, _G, "sorghum"),
)

_AM, _EU, _AS = Region.AMERICAS, Region.EUROPE, Region.ASIA


def _fs(*flights: str) -> frozenset[str]:
    return frozenset(flights)


DISTILLER_DEFS: tuple[DistillerDef, ...] = (
    DistillerDef(
        "ajani", 0, "Ruthless Ajani", _AM, 4, 1, 0, "premium_dark_rum", "sugarcane_molasses",
        "Market, once per phase: -1 cost on one bottle.",
        _fs("B", "D", "F", "G"),
    ),
    DistillerDef(
        "jacqueline", 2, "Jacqueline Booker", _AM, 2, 1, 0, "straight_bourbon_whiskey", "dent_corn",
        "Round start: gain a basic Water or Yeast.",
    ),
    DistillerDef(
        "brown_brothers", 4, "the Brown Brothers", _AS, 4, 1, 1,
        "oceania_strength_gin", "common_juniper_berries",
        "Sell: +2 SP if you hold no other label from that spirit's region.",
        _fs("B", "C", "F", "H"),
    ),
    DistillerDef(
        "etienne", 6, "Etienne d'Eau-Claire", _EU, 3, 1, 0, "vs_cognac_brandy", "ugni_blanc_grapes",
        "Market, once per phase: -2 cost on one upgrade.",
        _fs("B", "E", "F", "G"),
    ),
    DistillerDef(
        "juliana", 8, "Juliana de la Cruz", _AS, 2, 1, 1, "quezon_lambanog", "nipa_palm",
        "Distill, once per phase: gain the money value shown on one card cut from the spirit.",
        _fs("A", "C", "E", "H"),
    ),
    DistillerDef(
        "angus", 10, "Angus Douglas", _EU, 2, 1, 1, "single_malt_whisky", "bere_barley",
        "Age: draw 3 flavors instead of 1, keep 1, discard 2.",
    ),
    DistillerDef(
        "pilar", 12, "Pilar del Fuego Escalante", _AM, 2, 0, 1, "extra_anejo_tequila", "blue_agave",
        "Market, once per phase: -2 cost on one barrel.",
        _fs("A", "C", "F", "G"),
    ),
    DistillerDef(
        "mother_mary", 14, "Mother Mary Genever", _EU, 3, 1, 1, "london_dry_gin", "dried_juniper_berries",
        "Market, once per phase: -1 cost on one basic-market card.",
        _fs("B", "C", "F", "H"),
    ),
    DistillerDef(
        "gunnhild", 16, "Gunnhild Hellström", _EU, 3, 0, 1, "gammal_fin_aquavit", "almond_potatoes",
        "Market: +1 money each time you buy a basic Water.",
        _fs("A", "E", "F", "H"),
    ),
    DistillerDef(
        "jeong", 18, "Jeong Ji-Na", _AS, 1, 0, 1, "andong_soju", "sinica_rice",
        "Market, once per phase: -2 cost on one ingredient.",
        _fs("B", "D", "E", "H"),
    ),
    DistillerDef(
        "anne", 20, "Anne McAdam", _EU, 3, 0, 1, "single_pot_whiskey", "unmalted_barley",
        "Sell: +2 SP for a spirit with at least 3 flavor cards.",
    ),
    DistillerDef(
        "nathan", 22, "Nathan Migizi", _AM, 4, 1, 0, "canadian_rye_whisky", "winter_rye",
        "Starts with a free silver cube on Whiskey; Sell: +1 money per aged spirit sold.",
    ),
    DistillerDef(
        "guillermo", 24, "Guillermo Osorio Romero", _AM, 3, 1, 1, "peruvian_pisco_puro", "quebranta_grapes",
        "Sell: +1 SP for a spirit with at least 3 sugar cards.",
        _fs("A", "D", "H"),
    ),
    DistillerDef(
        "nisha", 26, "Nisha Sakuhar", _AS, 3, 0, 0, "royal_officers_whisky", "pearl_millet",
        "Market: may buy 3 basic cards per round instead of 2.",
    ),
    DistillerDef(
        "sakai", 28, "Sakai Sōtarō", _AS, 2, 0, 1, "otsurui_shochu", "buck_wheat",
        "Round start: +1 money.",
        _fs("A", "D", "E", "G"),
    ),
    DistillerDef(
        "joana", 30, "Joana Peri de Sousa", _AM, 4, 1, 0, "caninha_cachaca", "sugarcane_juice",
        "Sell: +1 money per non-aged spirit sold.",
        _fs("B", "C", "D", "H"),
    ),
    DistillerDef(
        "vicente", 32, "Brother Vicente", _EU, 5, 1, 0, "grappa_invecchiata", "sangiovese_grapes",
        "Sell: +2 money if the bottle's region matches the spirit's region.",
        _fs("A", "C", "E", "G"),
    ),
    DistillerDef(
        "fang_xin", 34, "Fang Xin", _AS, 5, 1, 0, "strong_aroma_baijiu", "sorghum_bicolor",
        "Round start: look at the top 2 of one premium deck, may buy 1, the rest go to the bottom.",
        _fs("B", "C", "D", "G"),
    ),
)
