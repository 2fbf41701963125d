"""Every sentence the command line says about a game, in one place: a translation replaces these strings only.

Templates take named fields ({who}, {card}, ...) filled by infra.render; the code
decides which template applies, never how the sentence reads.
"""

from __future__ import annotations

WORDS: dict[str, str] = {
    "and": " and ",
    "list": ", ",
    "none": "nothing",
    "nobody": "nobody",
    "spirit": "#{id}",
    "seat": "seat {seat}",
    "hidden": "a hidden card",
    "cards": "{count} card(s)",
}

# --- the pending choice a seat owes: `show`, and the one line of `--quiet` ---------------------------------

PENDING: dict[str, str] = {
    "reveal_deck": "the water bonus: reveal the top card of a premium deck (distilled reveal upgrades|ingredients"
                   "|items) or decline it (distilled decline)",
    "revealed": "the water bonus revealed {card}: buy it (distilled buy --revealed) or leave it (distilled decline)",
    "name_spirit": "name the spirit you distilled ({cards}) and barrel it (distilled name RECIPE --barrel BARREL)",
    "place_label": "place the {recipe} label on a free label space (distilled label SPACE, or add --take-sp for "
                   "2 SP)",
    "gain_basic": "{power}: take a free basic card (distilled gain CARD)",
    "look_deck": "{power}: look at the top cards of a premium deck (distilled look DECK) or decline (distilled "
                 "decline)",
    "looked": "{power}: buy one of {cards} (distilled buy --looked --card CARD) or decline (distilled decline)",
    "truck": "{power}: buy a card from the truck (distilled buy --truck --card CARD) or decline (distilled decline)",
    "keep_flavor": "{power}: keep one of the flavors {cards} for spirit #{spirit} (distilled keep-flavor CARD)",
    "double_flavor": "choose the flavor of spirit #{spirit} whose money counts twice: {cards} (distilled "
                     "double-flavor CARD)",
    "unknown": "{kind}",
}

QUIET: dict[str, str] = {
    "accepted": "ok: {route} accepted (version {version})",
    "pending": "; you still have to choose: {pending}",
    "waiting": "; now {waiting}",
}

# --- the label spaces' one-time rewards (RULES §3.6) ------------------------------------------------------

LABEL_REWARDS: dict[str, str] = {
    "money_5": "+5 money",
    "signature": "your signature ingredient into your pantry",
    "truck_swap": "one pantry card to the truck, then one truck card free",
    "free_ingredient": "a free ingredient: premium row or basic (not a barrel)",
    "free_cube": "a free recipe cube of your flight",
    "free_item": "a free item: premium row or basic barrel",
    "free_upgrade": "a free upgrade from the row, into a slot",
}
