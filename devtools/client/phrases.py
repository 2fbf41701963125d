"""The command line's own sentences, in one place: the choices a seat owes and the one line of `--quiet`, each
naming the `distilled` command that answers it (words the page does not say).

The history's sentences are not here: `distilled log` says each event as the page and the e-mails do, from
web/static/texts/<lang>.json (devtools.client.history). Templates take named fields filled by devtools.render
and devtools.client.report; the code decides which template applies, never how the sentence reads.
"""

from __future__ import annotations

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
