"""The history's sentences: each served (redacted) event in words, as web/static/js/history.js says it on the page.

One sentence per event, written once in web/static/texts/<lang>.json (`events.*`, with its `event_bits.*`);
this module and history.js only choose the template and fill its fields, the same way (their FORMS tables
are kept equal by tests/browser/test_history_sentences.py, which runs history.js). The e-mails and the
command line (`distilled log`) both render with it. A hidden value stays hidden: only the served fields are read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.texts.clocks import CLOCK_FORMS
from service.texts.words import HIDDEN, Seats, Texts

Event = dict[str, Any]
Form = Callable[[Texts, Event, Seats], tuple[str, dict[str, Any]]]


def _flag(key: str, on: str) -> str:
    return f"{key}_{on}" if on else key


def _count(e: Event) -> int:
    cards = e.get("cards")
    return cards if isinstance(cards, int) else len(cards or [])


def _seen(w: Texts, e: Event) -> str:
    return w.t("event_bits.seen", cards=w.cards(e["cards"])) if isinstance(e.get("cards"), list) else ""


def _spirits(w: Texts, ids: Any) -> str:
    return w.t("words.list").join(w.t("words.spirit", id=i) for i in ids or []) or w.t("words.none")


def _goals(w: Texts, ids: Any) -> str:
    return w.t("words.list").join(w.goal(i) for i in ids or []) or w.t("words.none")


def _bought(w: Texts, e: Event, _: Seats) -> tuple[str, dict[str, Any]]:
    key = {"cube": "card_bought_cube", "revealed": "card_bought_revealed", "looked": "card_bought_looked",
           "truck": "card_bought_truck"}.get(e.get("source") or "", "card_bought")
    extra = ""
    if e.get("bonus_money"):
        extra += w.t("event_bits.bonus_money", money=e["bonus_money"])
    if e.get("replaced"):
        extra += w.t("event_bits.replaced", card=w.card(e["replaced"]))
    if e.get("refill"):
        extra += w.t("event_bits.refill", card=w.card(e["refill"]))
    return key, {"card": w.card(e.get("card")), "recipe": w.recipe(e.get("recipe")), "cost": e.get("cost"),
                 "extra": extra}


def _labelled(w: Texts, e: Event, _: Seats) -> tuple[str, dict[str, Any]]:
    fields: dict[str, Any] = {"recipe": w.recipe(e.get("recipe")), "space": e.get("space")}
    if e.get("space") is None:
        return "label_placed_full", fields
    if e.get("take_sp"):
        return "label_placed_sp", fields
    reward = w.label_reward(e["space"])
    if e.get("card"):
        reward += w.t("event_bits.free_card", card=w.card(e["card"]))
    elif e.get("recipe_cube"):
        reward += w.t("event_bits.free_card", card=w.recipe(e["recipe_cube"]))
    return "label_placed", {**fields, "reward": reward}


def _flavor_added(w: Texts, e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    # By seat, as the page lists them (JavaScript orders an object's integer keys): the domain writes the
    # round's turn order.
    income = sorted((e.get("money") or {}).items(), key=lambda item: int(item[0]))
    money = w.t("words.list").join(w.t("event_bits.income", who=who.name(int(s)), money=m) for s, m in income)
    return "flavor_added", {"spirits": _spirits(w, e.get("aged") or e.get("spirit_ids")),
                            "money": w.t("event_bits.barrel_money", money=money) if income else ""}


def _awards(w: Texts, e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    shares = e.get("shares") or {}
    parts = [w.t("event_bits.award", award=w.award(a), seats=who.several(s), sp=shares.get(a, "?"))
             for a, s in (e.get("awards") or {}).items()]
    return "awards_scored", {"round": e.get("round"), "awards": w.t("words.list").join(parts) or w.t("words.none")}


def _ended(w: Texts, e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    scores = [w.t("event_bits.score", who=who.name(seat), sp=(s or {}).get("sp", "?"))
              for seat, s in enumerate(e.get("scores") or [])]
    return "game_ended", {"scores": w.t("words.list").join(scores), "winners": who.several(e.get("winners"))}


# Bookkeeping of take-backs, left out of the e-mails' history as the page's (web/static/js/summary.js QUIET_EVENTS):
# the choices offer the take-back itself; the history stays about the game.
QUIET = frozenset({"undo_point_set", "undo_point_cleared"})

FORMS: dict[str, Form] = {
    "game_created": lambda w, e, who: ("game_created", {
        "names": who.several(range(len(who.names))), "flight": (e.get("setup") or {}).get("flight"),
        "first": who.name((e.get("setup") or {}).get("first_player"))}),
    "distiller_chosen": lambda w, e, _: (("distiller_chosen_hidden", {}) if e.get("distiller") == HIDDEN
                                         else ("distiller_chosen", {"distiller": w.distiller(e.get("distiller"))})),
    "round_started": lambda w, e, who: ("round_started", {"round": e.get("round"),
                                                          "first": who.name(e.get("first_player"))}),
    "card_bought": _bought,
    "card_gained": lambda w, e, _: ("card_gained", {"card": w.card(e.get("card")), "power": w.power(e.get("power"))}),
    "money_gained": lambda w, e, _: ("money_gained", {"money": e.get("money"), "power": w.power(e.get("power"))}),
    "power_offered": lambda w, e, _: ("power_offered", {"power": w.power(e.get("power"))}),
    "deck_looked": lambda w, e, _: ("deck_looked", {"count": _count(e), "deck": w.deck(e.get("deck")),
                                                    "seen": _seen(w, e)}),
    "power_declined": lambda w, e, _: ("power_declined", {"power": w.power(e.get("power"))}),
    "card_revealed": lambda w, e, _: ("card_revealed", {"card": w.card(e.get("card")), "deck": w.deck(e.get("deck"))}),
    "reveal_declined": lambda w, e, _: (_flag("reveal_declined", "card" if e.get("card") else ""),
                                        {"card": w.card(e.get("card")), "deck": w.deck(e.get("deck"))}),
    "player_passed": lambda w, e, _: (_flag("player_passed", "automatic" if e.get("automatic") else ""),
                                      {"phase": w.phase(e.get("phase"))}),
    "deck_reshuffled": lambda w, e, _: ("deck_reshuffled", {"deck": w.deck(e.get("deck"))}),
    "market_cleaned_up": lambda w, e, _: ("market_cleaned_up", {
        "cards": w.cards([c for cs in (e.get("discarded") or {}).values() for c in cs])}),
    "phase_started": lambda w, e, who: (("phase_started", {"phase": w.phase(e.get("phase"))}) if e.get("turn") is None
                                        else ("phase_started_turn", {"phase": w.phase(e.get("phase")),
                                                                     "who": who.name(e["turn"])})),
    "traded": lambda w, e, _: ("traded", {"gave": w.card(e.get("gave")), "took": w.card(e.get("took"))}),
    "spirit_distilled": lambda w, e, _: ("spirit_distilled", {
        "washback": w.cards(e.get("washback")), "alcohol": e.get("alcohol_added") or 0, "cut": w.cards(e.get("cut")),
        "spirit": w.cards(e.get("spirit"))}),
    "spirit_recut": lambda w, e, _: ("spirit_recut", {"cut": w.cards(e.get("cut")),
                                                      "spirit": w.cards(e.get("spirit"))}),
    "distill_skipped": lambda w, e, _: (_flag("distill_skipped", "automatic" if e.get("automatic") else ""), {}),
    "secret_distill_step": lambda w, e, _: ("secret_distill_step", {}),
    "spirit_named": lambda w, e, _: ("spirit_named", {"recipe": w.recipe(e.get("recipe")), "spirit": e.get("spirit_id"),
                                                      "barrel": w.card(e.get("barrel"))}),
    "flavors_drawn": lambda w, e, _: ("flavors_drawn", {"count": _count(e), "spirit": e.get("spirit_id"),
                                                        "power": w.power(e.get("power")), "seen": _seen(w, e)}),
    "flavor_kept": lambda w, e, _: ("flavor_kept", {"spirit": e.get("spirit_id"), "power": w.power(e.get("power")),
                                                    "card": w.card(e.get("card"))}),
    "labels_settled": lambda w, e, _: ("labels_settled", {
        "labelled": _spirits(w, e.get("labelled")),
        "unlabelled": w.t("event_bits.unlabelled", spirits=_spirits(w, e["unlabelled"])) if e.get("unlabelled")
        else ""}),
    "spirit_sold": lambda w, e, _: ("spirit_sold", {
        "spirit": e.get("spirit_id"), "bottle": w.card(e.get("bottle")), "money": e.get("money"), "sp": e.get("sp"),
        "flavors": w.t("event_bits.sold_flavors", cards=w.cards(e["flavors"])) if e.get("flavors") else ""}),
    "flavor_doubled": lambda w, e, _: ("flavor_doubled", {"card": w.card(e.get("card")), "spirit": e.get("spirit_id"),
                                                          "money": e.get("money")}),
    "label_placed": _labelled,
    "spirit_stored": lambda w, e, _: ("spirit_stored", {"spirit": e.get("spirit_id"), "warehouse": e.get("warehouse")}),
    "flavor_added": _flavor_added,
    "awards_scored": _awards,
    "tasting_held": lambda w, e, _: ("tasting_held", {"sp": e.get("sp")}),
    "goal_discarded": lambda w, e, _: (("goal_discarded_hidden", {}) if e.get("goal") == HIDDEN
                                       else ("goal_discarded", {"goal": w.goal(e.get("goal"))})),
    "round_ended": lambda w, e, _: ("round_ended", {"round": e.get("round")}),
    "game_ended": _ended,
    "goals_offered": lambda w, e, _: ("goals_offered", {"trigger": w.t(f"triggers.{e.get('trigger')}"),
                                                        "goals": _goals(w, e.get("goals"))}),
    "goal_claimed": lambda w, e, _: ("goal_claimed", {"goal": w.goal(e.get("goal"))}),
    "goals_declined": lambda w, e, _: ("goals_declined", {"goals": _goals(w, e.get("goals"))}),
    "goals_swapped": lambda w, e, _: ("goals_swapped", {"a": e.get("a"), "b": e.get("b"), "row": e.get("row")}),
    "seat_resigned": lambda w, e, _: ("seat_resigned", {}),
    "undo_point_set": lambda w, e, _: ("undo_point_set", {}),
    "undo_point_cleared": lambda w, e, _: ("undo_point_cleared", {}),
    "move_taken_back": lambda w, e, _: ("move_taken_back", {}),
    **CLOCK_FORMS,
}


def template(words: Texts, event: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    """The `events.*` key of the event's sentence and the fields that fill it."""
    form = FORMS.get(str(event.get("type")))
    if form is None:  # a type newer than this code still gets a line
        prefix = f"{who.name(event['seat'])}: " if "seat" in event else ""
        return "unknown", {"who": prefix, "type": str(event.get("type"))}
    key, fields = form(words, event, who)
    return key, {"who": who.name(event.get("seat")), **fields}


def sentence(words: Texts, event: Event, who: Seats) -> str:
    """One (redacted) event in words, as the page's history shows it."""
    key, fields = template(words, event, who)
    return words.t(f"events.{key}", **fields)
