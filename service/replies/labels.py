"""A listed action's label in the player's language: what the page's button says (web/static/js/actions.js's
actionLabel, the same `actions.*` texts), for the choices of an e-mail. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.texts.words import Texts

Action = Mapping[str, Any]

SIMPLE = frozenset({"pass", "decline", "redistill", "skip_distill", "decline_goals", "resign", "take_back"})
ROW_SOURCES = frozenset({"revealed", "looked", "truck"})


def _extras(words: Texts, base: str, extras: list[str]) -> str:
    return f"{base} ({words.t('words.list').join(extras)})" if extras else base


def _buy(w: Texts, a: Action) -> str:
    source = a.get("source")
    if source == "cube":
        base = w.t("actions.buy.cube", recipe=w.recipe(a.get("recipe")))
    elif source == "basic" or source in ROW_SOURCES:
        base = w.t(f"actions.buy.{source}", card=w.card(a.get("card")))
    else:
        base = w.t("actions.buy.row", card=w.card(a.get("card")))
    extras = [w.t("actions.buy.replace", card=w.card(a["replace"]))] if a.get("replace") else []
    if a.get("save_discounts"):
        extras.append(w.t("actions.buy.save_discounts"))
    return _extras(w, base, extras)


def _label(w: Texts, a: Action) -> str:
    space = a.get("space")
    if space is None:
        return w.t("actions.place_label_full")
    if a.get("take_sp"):
        return w.t("actions.place_label_sp", space=space)
    extras = [w.t(key, **{name: name_of(a[field])})
              for field, key, name, name_of in (("card", "actions.label_card", "card", w.card),
                                                ("recipe", "actions.label_cube", "recipe", w.recipe),
                                                ("discard", "actions.label_discard", "card", w.card),
                                                ("replace", "actions.buy.replace", "card", w.card)) if a.get(field)]
    return _extras(w, w.t("actions.place_label", space=space, reward=w.label_reward(space)), extras)


def _name(w: Texts, a: Action) -> str:
    extras = [w.t("actions.restore_signature")] if a.get("restore_signature") else []
    if a.get("return_card"):
        extras.append(w.t("actions.return_card", card=w.card(a["return_card"])))
    if a.get("cash_card"):
        extras.append(w.t("actions.cash_card", card=w.card(a["cash_card"])))
    return _extras(w, w.t("actions.name_spirit", recipe=w.recipe(a.get("recipe")), barrel=w.card(a.get("barrel"))),
                   extras)


def _sell(w: Texts, a: Action, seat_view: Mapping[str, Any]) -> str:
    players = seat_view.get("players") or []
    me: Mapping[str, Any] = next((p for p in players if p.get("seat") == seat_view.get("you")), {})
    spirit = next((s for s in me.get("spirits") or [] if s.get("id") == a.get("spirit")), None)
    recipe = w.recipe(spirit["recipe"]) if spirit and spirit.get("recipe") else ""
    return w.t("actions.sell", spirit=a.get("spirit"), recipe=recipe, bottle=w.card(a.get("bottle")))


def label(w: Texts, a: Action, seat_view: Mapping[str, Any]) -> str:
    kind = str(a.get("type"))
    if kind in SIMPLE:
        return w.t(f"actions.{kind}")
    if kind == "distill":
        return w.t("actions.distill.title")
    if kind == "buy":
        return _buy(w, a)
    if kind == "place_label":
        return _label(w, a)
    if kind == "name_spirit":
        return _name(w, a)
    if kind == "sell":
        return _sell(w, a, seat_view)
    return _simple(w, a, kind)


def _simple(w: Texts, a: Action, kind: str) -> str:
    fields: dict[str, dict[str, Any]] = {
        "choose_distiller": {"distiller": w.distiller(a.get("distiller"))},
        "gain": {"card": w.card(a.get("card"))}, "look": {"deck": w.deck(a.get("deck"))},
        "reveal": {"deck": w.deck(a.get("deck"))},
        "trade": {"give": w.card(a.get("give")), "take": w.card(a.get("take"))},
        "keep_flavor": {"card": w.card(a.get("card"))}, "double_flavor": {"card": w.card(a.get("card"))},
        "age": {"warehouse": a.get("warehouse")}, "discard_goal": {"goal": w.goal(a.get("goal"))},
        "claim_goal": {"goal": w.goal(a.get("goal"))},
        "swap_goals": {"row": a.get("row"), "a": a.get("a"), "b": a.get("b")},
    }
    if kind == "taste":
        return w.t("actions.taste", sp=a.get("sp")) if a.get("sp") else w.t("actions.taste_none")
    if kind in fields:
        return w.t(f"actions.{kind}", **fields[kind])
    return w.t("actions.unknown", type=kind.replace("_", " "))
