"""A listed action in reply words (the grammar of service/replies/words.py): lower-case, the verb first, cards,
recipes, decks and goals by their catalogue ids, numbers as the API has them (a spirit by its id, a label space
by its index, as the page's "Space 0"), and every field that is not its default.

`phrase(action, full)`: `full` adds what tells two otherwise alike buys apart (where the card is bought from);
words.py asks for it only for the buys whose short words another choice shares. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Action = Mapping[str, Any]  # a legal action as the view lists it (`legal_actions[i]`)

# The fields a type's phrase names; any other field that is set is added as "<field> <value>", so two different
# actions never share their words.
Phrase = Callable[[Action], list[str]]


def _buy(a: Action) -> list[str]:
    out = ["buy", "cube", str(a.get("recipe"))] if a.get("source") == "cube" else ["buy", str(a.get("card"))]
    if a.get("replace"):
        out += ["replacing", str(a["replace"])]
    if a.get("save_discounts"):
        out += ["full", "price"]
    return out


def _name(a: Action) -> list[str]:
    out = ["name", str(a.get("recipe")), "in", str(a.get("barrel"))]
    if a.get("restore_signature"):
        out += ["restore", "signature"]
    if a.get("return_card"):
        out += ["return", str(a["return_card"])]
    if a.get("cash_card"):
        out += ["cash", str(a["cash_card"])]
    return out


def _label(a: Action) -> list[str]:
    if a.get("space") is None:
        return ["label", "sp"]
    out = ["label", str(a["space"])]
    if a.get("take_sp"):
        return [*out, "sp"]
    for field, word in (("card", "take"), ("recipe", "cube"), ("discard", "discard"), ("replace", "replacing")):
        if a.get(field):
            out += [word, str(a[field])]
    return out


PHRASES: dict[str, tuple[Phrase, frozenset[str]]] = {
    "choose_distiller": (lambda a: ["choose", str(a.get("distiller"))], frozenset({"distiller"})),
    "buy": (_buy, frozenset({"source", "card", "recipe", "replace", "save_discounts"})),
    "gain": (lambda a: ["gain", str(a.get("card"))], frozenset({"card"})),
    "look": (lambda a: ["look", str(a.get("deck"))], frozenset({"deck"})),
    "reveal": (lambda a: ["reveal", str(a.get("deck"))], frozenset({"deck"})),
    "decline": (lambda a: ["decline"], frozenset()),
    "pass": (lambda a: ["pass"], frozenset()),
    "trade": (lambda a: ["trade", str(a.get("give")), "for", str(a.get("take"))], frozenset({"give", "take"})),
    "redistill": (lambda a: ["redistill"], frozenset()),
    "skip_distill": (lambda a: ["skip", "distill"], frozenset()),
    "name_spirit": (_name, frozenset({"recipe", "barrel", "restore_signature", "return_card", "cash_card"})),
    "keep_flavor": (lambda a: ["keep", str(a.get("card"))], frozenset({"card"})),
    "double_flavor": (lambda a: ["double", str(a.get("card"))], frozenset({"card"})),
    "sell": (lambda a: ["sell", str(a.get("spirit")), str(a.get("bottle"))], frozenset({"spirit", "bottle"})),
    "place_label": (_label, frozenset({"space", "take_sp", "card", "recipe", "discard", "replace"})),
    "age": (lambda a: ["age", str(a.get("warehouse"))], frozenset({"warehouse"})),
    "taste": (lambda a: ["taste", str(a.get("sp"))], frozenset({"sp"})),
    "discard_goal": (lambda a: ["discard", str(a.get("goal"))], frozenset({"goal"})),
    "claim_goal": (lambda a: ["claim", str(a.get("goal"))], frozenset({"goal"})),
    "decline_goals": (lambda a: ["decline", "goals"], frozenset()),
    "swap_goals": (lambda a: ["swap", "row", str(a.get("row")), str(a.get("a")), str(a.get("b"))],
                   frozenset({"row", "a", "b"})),
    "resign": (lambda a: ["resign"], frozenset()),
    "take_back": (lambda a: ["undo"], frozenset()),
}
NOT_FIELDS = frozenset({"type", "seat"})
# Other ways to say a choice's words (normalized as words.normal does), never the words of another choice.
ALIASES = {"take back": "undo", "takeback": "undo", "take back my last move": "undo", "skip": "skip distill"}
# Replies that ask for the board again rather than act.
SHOW = frozenset({"show", "board", "show board", "status"})


def phrase(action: Action, full: bool = False) -> str:
    kind = str(action.get("type"))
    made, named = PHRASES.get(kind, (lambda a: [kind.replace("_", " ")], frozenset()))
    words = made(action)
    if full and kind == "buy" and action.get("source") != "cube":
        words[2:2] = ["from", str(action.get("source"))]
    rest = [(k, v) for k, v in action.items() if k not in named and k not in NOT_FIELDS and v not in (None, False)]
    for key, value in rest:  # a field this code does not phrase yet (a new one) still tells actions apart
        words += [key.replace("_", " "), str(value)]
    return " ".join(words).lower()  # solo goals are upper case (C18): read compares lower case alike


def distill_words(cards: list[str], extra_alcohol: int = 0, top_only: bool = False) -> str:
    """An open Distill choice as reply words: `distill <card> <card> … [extra N] [top only]`."""
    return " ".join(["distill", *cards, *(["extra", str(extra_alcohol)] if extra_alcohol else []),
                     *(["top", "only"] if top_only else [])])
