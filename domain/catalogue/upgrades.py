"""Distillery upgrade deck (RULES.md §1.5.3): 14 equipment + 15 specialists.

Drone Camera (BGA id 110) is left out until its text is known (decision D1), so the deck has 29 cards.
`sp` is the printed SP; end-game formulas are part of `text` and are implemented in the scoring code.
"""

from __future__ import annotations

from domain.catalogue.model import CardDef, Kind, Market, UpgradeKind


def _up(id_: str, name: str, bga: int, kind: UpgradeKind, cost: int, sp: int, text: str) -> CardDef:
    return CardDef(
        id_, name, Kind.UPGRADE, Market.UPGRADE, cost=cost, money=0, sp=sp, bga_id=bga, upgrade_kind=kind,
        text=text,
    )


_EQ, _SP = UpgradeKind.EQUIPMENT, UpgradeKind.SPECIALIST

UPGRADES: tuple[CardDef, ...] = (
    # ----- equipment (BGA 103-117, without 110 Drone Camera) ----------------------------------------------
    #   id                    name                  bga  kind cost sp
    _up("spirit_safe",        "Spirit Safe",        103, _EQ, 7, 1,
        "Distill: may put one of the cut (removed) cards back into the spirit."),
    _up("worm_tub",           "Worm Tub",           104, _EQ, 6, 1,
        "Distill: may add 2 extra Alcohol cards."),
    _up("orchard",            "Orchard",            105, _EQ, 5, 0,
        "Round start: gain a basic Fruit. End: 1 SP per 2 Europe labels."),
    _up("tropical_warehouse", "Tropical Warehouse", 106, _EQ, 6, 1,
        "Sell: counts as +1 Flavor card when computing the aged flavor bonus."),
    _up("natural_spring",     "Natural Spring",     107, _EQ, 4, 0,
        "Round start: gain a basic Water. End: 1 SP per equipment upgrade you own."),
    _up("metal_rickhouse",    "Metal Rickhouse",    108, _EQ, 5, 0,
        "Age: a spirit aged for the first time gets one extra Flavor card."),
    _up("large_storage",      "Large Storage",      109, _EQ, 4, 0,
        "Market: once per phase, -1 cost on one item (barrel/bottle). "
        "End: 2 SP if it is your only equipment."),
    _up("malting_floor",      "Malting Floor",      111, _EQ, 6, 0,
        "End of Distill: add 1 (visible) Flavor card to the spirit just made."),
    _up("greenhouse",         "Greenhouse",         112, _EQ, 4, 0,
        "Round start: gain a basic Plant. End: 1 SP per 2 Americas labels."),
    _up("doig_ventilator",    "Doig Ventilator",    113, _EQ, 7, 0,
        "End of Distill: draw 2 Flavor cards, add 1 to the spirit just made, discard the other."),
    _up("malt_mill",          "Malt Mill",          114, _EQ, 6, 1,
        "Market: once per phase, -2 cost on one ingredient."),
    _up("glassworks",         "Glassworks",         115, _EQ, 5, 1,
        "Market: once per phase, -2 cost on one bottle."),
    _up("column_still",       "Column Still",       116, _EQ, 5, 1,
        "Distill: may cut only the top card (declare before revealing)."),
    _up("coffey_still",       "Coffey Still",       117, _EQ, 4, 1,
        "Distill: once per phase, return the cut cards, reshuffle and cut top and bottom again."),
    # ----- specialists (BGA 118-132) ----------------------------------------------------------------------
    _up("private_investor",   "Private Investor",   118, _SP, 4, 1,
        "Round start: +2 money if you have at least one spirit in a warehouse."),
    _up("intern_researcher",  "Intern Researcher",  119, _SP, 4, 0,
        "Market: once per phase, -2 cost on one recipe cube. End: 1 SP per silver/gold cube."),
    _up("warehouse_manager",  "Warehouse Manager",  120, _SP, 5, 0,
        "Sell: in each aged spirit sold, one Flavor card's money counts double. "
        "End: 1 SP per aged-recipe label."),
    _up("master_blender",     "Master Blender",     121, _SP, 5, 0,
        "Sell: +1 SP if you already own a label from the same region. "
        "End: 2 SP per pair of identical labels."),
    _up("glassblower",        "Glassblower",        122, _SP, 3, 0,
        "Market: once per phase, -1 cost on one bottle. End: 1 SP per region present in displayed bottles."),
    _up("trucker",            "Trucker",            123, _SP, 4, 0,
        "Round start: may buy 1 card from the truck (paying its cost). "
        "End: reveal the top premium-ingredient card, gain SP equal to its money value."),
    _up("market_buyer",       "Market Buyer",       124, _SP, 3, 1,
        "Round start: may look at the top 3 of one premium deck and buy up to 1; the rest go to the bottom."),
    _up("farmer",             "Farmer",             125, _SP, 4, 0,
        "Round start: gain a basic Grain. End: 1 SP per 2 Asia & Oceania labels."),
    _up("tour_guide",         "Tour Guide",         126, _SP, 4, 0,
        "Round start: +1 money. End: convert money 3:1 instead of 5:1."),
    _up("co_op_manager",      "Co-op Manager",      127, _SP, 5, 0,
        "Round start: gain any one basic ingredient. End: 1 SP per Vodka/Moonshine label."),
    _up("architect",          "Architect",          128, _SP, 3, 0,
        "Market: once per phase, -2 cost on one upgrade. End: 1 SP per upgrade you own."),
    _up("coppersmith",        "Coppersmith",        129, _SP, 4, 0,
        "Distill: may add 1 extra Alcohol. End: 2 SP if it is your only specialist."),
    _up("celebrity_promoter", "Celebrity Promoter", 130, _SP, 5, 1, "Sell: +2 money on every spirit sold."),
    _up("cooper",             "Cooper",             131, _SP, 5, 0,
        "Market: once per phase, -2 cost on one barrel. "
        "End: 1 SP per barrel type among your labels' recipes."),
    _up("biochemist",         "Biochemist",         132, _SP, 3, 0,
        "Round start: gain a basic Yeast. End: 1 SP per specialist you own."),
)
