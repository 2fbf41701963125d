"""Commands as the API takes them: the route of each command type, and the body of a legal action."""

from __future__ import annotations

import random
from typing import Any

from devtools.bots import random_washback
from domain.commands import ANYTIME

# The command route of each command type, where the two differ (POST /games/{game_id}/{route}).
ROUTES: dict[str, str] = {}

# Not part of a command's body: the seat comes from the token, the route names the type.
NOT_IN_BODY = frozenset({"seat", "type", "open", "cards", "rule", "extra_alcohol", "top_only"})


def route_of(command_type: str) -> str:
    return ROUTES.get(command_type, command_type)


def body_of(action: dict[str, Any]) -> dict[str, Any]:
    """A legal action (from a view) as the body of its command, without nulls the command defaults anyway."""
    return {k: v for k, v in action.items() if k not in NOT_IN_BODY and v is not None}


def playing(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A view's legal actions less resign and take back (commands.ANYTIME): what a bot may pick at random."""
    return [a for a in actions if a.get("type") not in ANYTIME]


def is_open(action: dict[str, Any]) -> bool:
    """An action with a choice still to make (which cards go into the washback)."""
    return bool(action.get("open"))


def concrete(action: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The route and body for a legal action, choosing a random washback for an open distill."""
    if is_open(action):
        body: dict[str, Any] = {"washback": list(random_washback(tuple(action["cards"]), rng))}
        extra, top = rng.choice(action.get("extra_alcohol") or [0]), rng.choice(action.get("top_only") or [False])
        body |= ({"extra_alcohol": extra} if extra else {}) | ({"top_only": True} if top else {})
        return route_of(action["type"]), body
    return route_of(action["type"]), body_of(action)


def _flag(name: str, value: Any) -> str:
    return f" --{name} {value}" if value not in (None, False) else ""


def cli_words(action: dict[str, Any]) -> str:
    """The `distilled ...` arguments that send this action: what `show` prints next to its number."""
    a, t = action, action.get("type")
    if t == "buy":
        replace = _flag("replace", a.get("replace"))
        if a.get("source") == "basic":
            return f"buy --basic {a.get('card')}"
        if a.get("source") == "cube":
            return f"buy --cube {a.get('recipe')}"
        save = " --save-discounts" if a.get("save_discounts") else ""
        if a.get("source") in ("revealed", "looked", "truck"):
            return f"buy --{a.get('source')} --card {a.get('card')}{replace}{save}"
        return f"buy --row {a.get('source')} --card {a.get('card')}{replace}{save}"
    if t == "distill" and is_open(a):
        extras = [f"--extra-alcohol {n}" for n in a.get("extra_alcohol") or [] if n]
        extras += ["--top-only"] if True in (a.get("top_only") or []) else []
        options = f" [{' | '.join(extras)}]" if extras else ""
        return f"distill CARD...{options} (from: {' '.join(a.get('cards') or [])}; {a.get('rule', '')})"
    simple = {
        "pass": "pass", "decline": "decline", "skip_distill": "skip-distill",
        "choose_distiller": f"choose-distiller {a.get('distiller')}", "reveal": f"reveal {a.get('deck')}",
        "trade": f"trade {a.get('give')} {a.get('take')}",
        "distill": "distill " + " ".join(a.get("washback") or []),
        "name_spirit": f"name {a.get('recipe')} --barrel {a.get('barrel')}"
                       + (" --restore-signature" if a.get("restore_signature") else "")
                       + _flag("return-card", a.get("return_card")) + _flag("cash-card", a.get("cash_card")),
        "gain": f"gain {a.get('card')}", "look": f"look {a.get('deck')}", "redistill": "redistill",
        "keep_flavor": f"keep-flavor {a.get('card')}", "double_flavor": f"double-flavor {a.get('card')}",
        "claim_goal": f"claim-goal {a.get('goal')}", "decline_goals": "decline-goals",
        "swap_goals": f"swap-goals {a.get('row')} {a.get('a')} {a.get('b')}",
        "sell": f"sell {a.get('spirit')} --bottle {a.get('bottle')}",
        "age": f"age {a.get('warehouse')}", "taste": f"taste {a.get('sp')}", "discard_goal": f"discard {a.get('goal')}",
    }
    if t in simple:
        return simple[str(t)]
    if t == "place_label":
        words = "label" + (f" {a['space']}" if a.get("space") is not None else "")
        words += " --take-sp" if a.get("take_sp") else ""
        return words + "".join(_flag(k, a.get(k)) for k in ("card", "recipe", "discard", "replace"))
    return f"{t} {body_of(a)}"
