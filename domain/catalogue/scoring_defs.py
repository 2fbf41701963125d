"""Distillery Goals (RULES.md §1.12), Spirit Awards (§1.13) and the 7 label bonus spaces (§3.6).

Goal `metric` and award `condition` are the def's own id: the key of the function that computes it in
domain.scoring / domain.awards.
"""

from __future__ import annotations

from domain.catalogue.model import AwardDef, GoalDef, LabelSpaceDef


def _goal(
    id_: str, bga: int, name: str, sp: int, text: str, excluded: frozenset[str] = frozenset(),
) -> GoalDef:
    return GoalDef(id_, bga, name, sp, metric=id_, text=text, excluded_flights=excluded)


# Every goal: have, or be tied for, the most X at the end of the game; a count of 0 never scores (§5.16).
GOAL_DEFS: tuple[GoalDef, ...] = (
    _goal("monarch", 140, "Monarch", 6, "Most Europe labels (Home labels excluded)."),
    _goal("photosynthesis", 141, "Photosynthesis", 7,
          "Most non-Vodka labels whose recipe allows plant sugar."),
    _goal("red_glass", 142, "Red Glass", 5, "Most displayed Asia & Oceania and/or Home bottles."),
    _goal("skip_the_easy_stuff", 143, "Skip the Easy Stuff", 7, "Most bronze + silver + gold tier labels."),
    _goal("thirst_for_knowledge", 144, "Thirst For Knowledge", 6, "Most recipe cubes."),
    _goal("wealthy", 145, "Wealthy", 5, "Most money at the end of the game (before conversion)."),
    _goal("from_the_earth", 146, "From the Earth", 5, "Most labels whose recipe needs a clay barrel.",
          frozenset({"G"})),
    _goal("gear_head", 147, "Gear Head", 6, "Most SP scored from equipment upgrades."),
    _goal("geriatric", 148, "Geriatric", 7, "Most aged-recipe labels."),
    _goal("green_glass", 149, "Green Glass", 5, "Most displayed Americas and/or Home bottles."),
    _goal("just_desserts", 150, "Just Desserts", 7, "Most non-Vodka labels whose recipe allows fruit sugar."),
    _goal("juvenile", 151, "Juvenile", 7, "Most non-aged-recipe labels."),
    _goal("blue_glass", 152, "Blue Glass", 5, "Most displayed Europe and/or Home bottles."),
    _goal("close_to_home", 153, "Close to Home", 5,
          "Most labels from one single region (Home = own region)."),
    _goal("delegation", 154, "Delegation", 6, "Most SP scored from specialist upgrades."),
    _goal("diverse_portfolio", 155, "Diverse Portfolio", 7,
          "Most distinct label types (a signature label is its own type)."),
    _goal("east_champion", 156, "East Champion", 6, "Most Asia & Oceania labels (Home excluded)."),
    _goal("for_the_farmers", 157, "For the Farmers", 7,
          "Most non-Vodka labels whose recipe allows grain sugar."),
    _goal("west_champion", 158, "West Champion", 6, "Most Americas labels (Home excluded)."),
    _goal("woody", 159, "Woody", 5, "Most labels whose recipe needs a wood barrel."),
)


def _award(
    id_: str, bga: int, name: str, sp: int, text: str,
    excluded: frozenset[str] = frozenset(), excluded_2p: frozenset[str] = frozenset(),
) -> AwardDef:
    return AwardDef(
        id_, bga, name, sp, condition=id_, text=text, excluded_flights=excluded,
        excluded_two_player_flights=excluded_2p,
    )


# Checked at every round end; "sell" conditions look at this round's sales only.
AWARD_DEFS: tuple[AwardDef, ...] = (
    _award("proof_120", 0, "120 Proof", 7, "Sell a spirit containing at least 6 Alcohol cards."),
    _award("double_sale", 1, "Double Sale", 5, "Sell 2 spirits in one round."),
    _award("land_grab", 2, "Land Grab", 5, "Labels from 2 different regions (Home = own region)."),
    _award("builder", 3, "Builder", 5, "Own 3 equipment upgrades at round end."),
    _award("globetrotter", 4, "Globetrotter", 7, "Labels from 3 different regions (Home = own region)."),
    _award("mouth_party", 5, "Mouth Party", 7, "Sell a spirit with at least 4 flavor cards."),
    _award("collector", 6, "Collector", 7, "4 bottles in your display."),
    _award("high_class", 7, "High Class", 5, "Sell one spirit worth at least 12 SP."),
    _award("olympic_spirit", 8, "Olympic Spirit", 5, "Own a bronze-, a silver- and a gold-tier label.",
           excluded=frozenset({"G"})),
    _award("north_and_south", 9, "North and South", 7, "3 Americas labels (Home does not count).",
           excluded_2p=frozenset({"D", "F"})),
    _award("perfect_pair", 10, "Perfect Pair", 5, "Sell a non-Vodka spirit in a bottle of the same region."),
    _award("sophisticated", 11, "Sophisticated", 5, "Sell an aged spirit."),
    _award("patience", 12, "Patience", 5,
           "Have 2 spirits aging in a single round (both warehouses occupied)."),
    _award("recipe_book", 13, "Recipe Book", 5, "Own 4 recipe cubes."),
    _award("sweet", 14, "Sweet", 7, "Sell a spirit containing at least 5 sugar cards."),
    _award("pennysaver", 15, "Pennysaver", 7, "Have at least 25 money at round end."),
    _award("recruiter", 16, "Recruiter", 5, "Own 3 specialist upgrades at round end."),
    _award("sun_never_sets", 17, "Sun Never Sets", 7, "3 Europe labels (Home does not count).",
           excluded_2p=frozenset({"E", "F"})),
    _award("top_shelf", 18, "Top Shelf", 7, "Sell one spirit worth at least 15 money."),
    _award("silver_spoon", 19, "Silver Spoon", 7, "3 silver-tier labels."),
    _award("up_with_the_sun", 20, "Up With the Sun", 7, "3 Asia & Oceania labels (Home does not count).",
           excluded_2p=frozenset({"D", "E"})),
    _award("gold_digger", 21, "Gold Digger", 7, "2 gold-tier labels.", excluded=frozenset({"G"})),
    _award("quantity_over_quality", 22, "Quantity Over Quality", 5, "3 bronze-tier labels.",
           excluded_2p=frozenset({"D", "E", "H"})),
)

# Index order = BGA board order. Any space may instead give 2 SP (D6); with all 7 full, 2 SP (D5).
LABEL_SPACE_DEFS: tuple[LabelSpaceDef, ...] = (
    LabelSpaceDef(0, "money_5", "+5 money."),
    LabelSpaceDef(1, "signature", "Move your signature ingredient from out of play into your pantry."),
    LabelSpaceDef(2, "truck_swap", "Discard 1 card from your pantry to the truck, then take any 1 card "
                  "from the truck free (an upgrade goes into a slot)."),
    LabelSpaceDef(3, "free_ingredient", "1 free ingredient: any card in the premium ingredient row, or a "
                  "basic ingredient (not a barrel)."),
    LabelSpaceDef(4, "free_cube", "1 free recipe cube, any tier in your flight."),
    LabelSpaceDef(5, "free_item", "1 free item: any card in the premium item row, or a basic barrel."),
    LabelSpaceDef(6, "free_upgrade", "1 free distillery upgrade from the row, placed into a slot."),
)
