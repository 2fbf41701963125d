"""The page's words for e-mails: web/static/texts/<lang>.json read in Python, and the page's history sentences
(web/static/js/history.js, names.js) rendered from the same event templates, so an e-mail says what the page
says. English fills any key (or whole language) a translation lacks, as on the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from domain.catalogue import DISTILLERS, LABEL_SPACES
from service.texts.clocks import CLOCK_FORMS

TEXTS_DIR = Path(__file__).resolve().parents[2] / "web" / "static" / "texts"
LANGUAGES = ("en", "es", "ko")
HIDDEN = "hidden"
_FIELD = re.compile(r"\{(\w+)\}")


def _lookup(table: Any, key: str) -> Any:
    node = table
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _read(path: Path) -> dict[str, Any]:
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


class Texts:
    def __init__(self, table: dict[str, Any], fallback: dict[str, Any], language: str) -> None:
        self.table, self.fallback, self.language = table, fallback, language

    def has(self, key: str) -> bool:
        return isinstance(_lookup(self.table, key), str) or isinstance(_lookup(self.fallback, key), str)

    def t(self, key: str, **params: Any) -> str:
        text = _lookup(self.table, key)
        if not isinstance(text, str):
            text = _lookup(self.fallback, key)
        if not isinstance(text, str):
            return key
        return _FIELD.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)

    # names.js
    def card(self, id: Any) -> str:
        if id == HIDDEN:
            return self.t("card.hidden")
        if id is None:
            return self.t("card.unknown")
        key = f"cards.{id}.name"
        return self.t(key) if self.has(key) else str(id)

    def cards(self, ids: Any) -> str:
        if isinstance(ids, int):
            return self.t("words.cards", count=ids)
        counts: dict[Any, int] = {}
        for id in ids or []:
            counts[id] = counts.get(id, 0) + 1
        named = [self.t("words.times", card=self.card(i), count=n) if n > 1 else self.card(i)
                 for i, n in counts.items()]
        return self.t("words.list").join(named) or self.t("words.none")

    def _named(self, table: str, id: Any, suffix: str = "") -> str:
        key = f"{table}.{id}{suffix}"
        return self.t(key) if id is not None and self.has(key) else str(id if id is not None else "?")

    def recipe(self, id: Any) -> str:
        return self._named("recipes", id)

    def distiller(self, id: Any) -> str:
        return self._named("distillers", id, ".name")

    def award(self, id: Any) -> str:
        return self._named("awards", id, ".name")

    def deck(self, id: Any) -> str:
        return self._named("decks", id)

    def goal(self, id: Any) -> str:
        if id == HIDDEN:
            return self.t("card.hidden")
        if self.has(f"goals.{id}.name"):
            return self.t(f"goals.{id}.name")
        return self.t("solo.cell", id=id, goal=self.t(f"solo_goals.{id}")) if self.has(f"solo_goals.{id}") else str(id)

    def power(self, id: Any) -> str:
        return self.distiller(id) if id in DISTILLERS else self.card(id)

    def phase(self, id: Any) -> str:
        key = f"phases.{id}"
        return self.t(key) if self.has(key) else str(id).replace("_", " ")

    def list(self, items: Iterable[str]) -> str:
        named = list(items)
        if len(named) > 1:
            return self.t("words.list").join(named[:-1]) + self.t("words.and") + named[-1]
        return named[0] if named else self.t("words.nobody")

    def label_reward(self, index: Any) -> str:
        if not isinstance(index, int) or not 0 <= index < len(LABEL_SPACES):
            return ""
        return self.t(f"label_rewards.{LABEL_SPACES[index].reward}")


@cache
def texts(language: str, directory: Path = TEXTS_DIR) -> Texts:
    """The texts of `language` (English for an unknown one), read once per container."""
    language = language if language in LANGUAGES else "en"
    fallback = _read(directory / "en.json")
    return Texts(fallback if language == "en" else _read(directory / f"{language}.json"), fallback, language)


class Seats:
    def __init__(self, words: Texts, names: Sequence[str]) -> None:
        self.words, self.names = words, list(names)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.words.t("words.seat", seat=seat)

    def several(self, seats: Any) -> str:
        return self.words.list(self.name(s) for s in seats or [])


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
    income = list((e.get("money") or {}).items())
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


def sentence(words: Texts, event: Event, who: Seats) -> str:
    """One (redacted) event in words, as the page's history shows it."""
    form = FORMS.get(str(event.get("type")))
    if form is None:
        prefix = f"{who.name(event['seat'])}: " if "seat" in event else ""
        return words.t("events.unknown", who=prefix, type=str(event.get("type")))
    key, fields = form(words, event, who)
    return words.t(f"events.{key}", **{"who": who.name(event.get("seat")), **fields})
