"""Every sentence the command line says about a game, in one place: a translation replaces these strings only.

Templates take named fields ({who}, {card}, ...) filled by devtools.client.history and devtools.render; the code
decides which template applies, never how the sentence reads.
"""

from __future__ import annotations

# --- the history (`distilled log`): one line per event ----------------------------------------------------

EVENTS: dict[str, str] = {
    "game_created": "game created for {names}, flight {flight}; {first} plays first",
    "distiller_chosen": "{who} chose {distiller}",
    "distiller_chosen.hidden": "{who} chose a distiller (secret until everyone has chosen)",
    "round_started": "round {round} started, first player {first}",
    "card_bought": "{who} bought {card} for {cost}",
    "card_bought.cube": "{who} bought the {recipe} recipe cube for {cost}",
    "card_bought.revealed": "{who} bought the revealed {card} for {cost}",
    "card_bought.looked": "{who} bought {card} for {cost}, from the cards they looked at",
    "card_bought.truck": "{who} bought {card} for {cost} from the truck",
    "card_gained": "{who} gained {card} ({power})",
    "money_gained": "{who} gained {money} money ({power})",
    "power_offered": "{who} may now use {power}",
    "deck_looked": "{who} looked at the top {count} cards of the {deck} deck{seen}",
    "power_declined": "{who} let {power} go unused",
    "card_revealed": "{who} revealed {card} from the {deck} deck (water bonus)",
    "reveal_declined": "{who} declined the water bonus",
    "reveal_declined.card": "{who} left {card}; it goes to the bottom of the {deck} deck",
    "player_passed": "{who} passed ({phase})",
    "player_passed.automatic": "{who} passed ({phase}, nothing left to do)",
    "deck_reshuffled": "the truck's {deck} were shuffled under their deck",
    "market_cleaned_up": "end of the Market: {cards} went to the truck",
    "phase_started": "the {phase} phase started",
    "phase_started.turn": "the {phase} phase started; {who} goes first",
    "traded": "{who} traded {gave} for {took}",
    "spirit_distilled": "{who} filled the washback with {washback} (+{alcohol} alcohol); cut {cut}; kept {spirit}",
    "spirit_recut": "{who} cut the spirit again: cut {cut}; kept {spirit}",
    "distill_skipped": "{who} did not distill this round",
    "distill_skipped.automatic": "{who} could not distill this round",
    "secret_distill_step": "{who} took a secret distill step",
    "spirit_named": "{who} distilled a {recipe} (spirit #{spirit}) in a {barrel}",
    "flavors_drawn": "{who} drew {count} flavor card(s) for spirit #{spirit} ({power}){seen}",
    "flavor_kept": "{who} kept a flavor for spirit #{spirit} ({power}): {card}",
    "labels_settled": "labels handed out: {labelled}{unlabelled}",
    "spirit_sold": "{who} sold spirit #{spirit} in a {bottle} for {money} money and {sp} SP{flavors}",
    "flavor_doubled": "{who} counts {card} twice for spirit #{spirit}: +{money} money",
    "label_placed": "{who} placed the {recipe} label on space {space}: {reward}",
    "label_placed.sp": "{who} placed the {recipe} label on space {space} and took 2 SP",
    "label_placed.full": "{who} kept the {recipe} label off the full board and took 2 SP",
    "spirit_stored": "{who} put spirit #{spirit} into warehouse {warehouse}",
    "flavor_added": "the warehouse spirits got their face-down flavors ({spirits}){money}",
    "awards_scored": "awards of round {round}: {awards}",
    "tasting_held": "{who} held a tasting for {sp} SP",
    "goal_discarded": "{who} discarded the goal {goal}",
    "goal_discarded.hidden": "{who} discarded a goal (secret until the end)",
    "round_ended": "round {round} ended",
    "game_ended": "the game is over: {scores}; won by {winners}",
    "goals_offered": "solo goals offered after the {trigger}: {goals}",
    "goal_claimed": "{who} claimed the solo goal {goal}",
    "goals_declined": "{who} declined the solo goals {goals}",
    "goals_swapped": "{who} swapped {a} and {b} in solo row {row}",
    "seat_resigned": "{who} resigned",
    "undo_point_set": "{who} may take this back",
    "undo_point_cleared": "the last command can no longer be taken back",
    "move_taken_back": "{who} took back their last command",
    "clock_started": "{who} has until {deadline} to move",
    "clock_stopped": "{who}'s clock stopped after {used} h",
    "reminder_due": "{who} was reminded: their time runs out at {deadline}",
    "seat_timed_out": "{who}'s time ran out (timeout {count}): the rules played their move",
    "seat_replaced": "{who} timed out too often: the stand-in plays for them from now on",
    "seat_replaced.resign": "{who} timed out too often and resigned",
    "clock_paused": "{who} is on vacation until {until}: their deadline moves to {deadline}",
    "unknown": "{who}{type}",
}

# Bits some events add to their line.
EXTRAS: dict[str, str] = {
    "bonus_money": " (+{money} money bonus)",
    "replaced": ", giving up {card}",
    "refill": "; {card} comes into the row",
    "seen": ": {cards}",
    "sold_flavors": " (flavors: {cards})",
    "unlabelled": "; none left for {spirits}",
    "barrel_money": "; barrel income {money}",
    "award": "{award} to {seats} ({sp} SP each)",
    "score": "{who} {sp} SP",
    "free_card": " ({card})",
}

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
