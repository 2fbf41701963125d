"""A seat's view as plain text for a terminal: the market, each distillery, scores, and the numbered legal actions."""

from __future__ import annotations

from typing import Any

from devtools.client import names
from devtools.client.actions import cli_words
from devtools.client.phrases import PENDING
from domain.catalogue import CARDS, DISTILLERS, FLIGHTS, LABEL_SPACES
from domain.catalogue.model import Market
from domain.purchase import cube_cost
from service.texts.words import texts

WIDTH = 14  # label column
BASIC = [c.id for c in CARDS.values() if c.market is Market.BASIC]


def _list(values: Any, empty: str = "-") -> str:
    if not values:
        return empty
    return ", ".join(str(v) for v in values)


def _counted(values: list[str]) -> str:
    """"water x3, yeast x2" rather than the same name again and again."""
    if not values:
        return "-"
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in counts.items())


def _row(label: str, value: str, indent: int = 2) -> str:
    """One aligned line; an empty label continues the row above."""
    return f"{' ' * indent}{label + ':' if label else '':<{WIDTH}} {value}"


def _priced(cards: list[str]) -> str:
    """Cards with what they cost to buy: "barley (3), figs (2)"."""
    return _list(f"{c} ({names.cost(c)})" if names.cost(c) is not None else c for c in cards)


def pending_text(pending: dict[str, Any]) -> str:
    """The choice a seat owes, in words, with the command that makes it."""
    kind = str(pending.get("kind"))
    card = pending.get("card")
    return PENDING.get(kind, PENDING["unknown"]).format(
        kind=kind, card=_priced([card]) if card else "?", cards=_priced(pending.get("cards") or []),
        recipe=pending.get("recipe"), power=names.power(pending.get("power")), spirit=pending.get("spirit"))


def _reward(reward: str, fallback: str) -> str:
    """A label space's reward in the words the history uses for it (texts/en.json, as `distilled show` is English)."""
    words = texts("en")
    return words.t(f"label_rewards.{reward}") if words.has(f"label_rewards.{reward}") else fallback


def _spirit(s: dict[str, Any]) -> str:
    where = f"warehouse {s['warehouse']}" if s.get("warehouse") else "washback"
    parts = [f"#{s['id']} {s.get('recipe') or '?'}", f"in {s.get('barrel')}", where]
    if s.get("times_aged"):
        parts.append(f"aged {s['times_aged']}x")
    if s.get("flavors"):
        parts.append(f"{s['flavors']} flavor(s)")
    if s.get("label_pending"):
        parts.append("label to place")
    parts.append(f"from {_counted(s.get('cards') or [])}")
    return ", ".join(parts)


def _player(p: dict[str, Any], view: dict[str, Any]) -> list[str]:
    marks = []
    if p["seat"] == view.get("you"):
        marks.append("you")
    if p["seat"] in (view.get("to_act") or []):
        marks.append("to act")
    if p.get("passed"):
        marks.append("passed")
    head = f"{'>' if p['seat'] in (view.get('to_act') or []) else ' '} seat {p['seat']} {p['name']}"
    head += f" [{', '.join(marks)}]" if marks else ""
    head += f"  money {p.get('money', 0)}  SP {p.get('sp', 0)}  distiller {p.get('distiller') or '?'}"
    pantry = _counted(p.get("pantry") or [])
    lines = [head]
    if view.get("secret_phase") and p["seat"] != view.get("you"):
        lines.append("    (as the Distill phase began: what they do in it stays secret until it ends)")
    lines += [_row("pantry", pantry, 4), _row("storeroom", _counted(p.get("storeroom") or []), 4)]
    spirits = p.get("spirits") or []
    warehouse = [_spirit(s) for s in spirits if s.get("warehouse")]
    washback = [_spirit(s) for s in spirits if not s.get("warehouse")]
    lines.append(_row("warehouse", "; ".join(warehouse) or "-", 4))
    if washback:
        lines.append(_row("washback", "; ".join(washback), 4))
    spaces = p.get("label_spaces") or []
    labels = [f"{x} on {i}" for i, x in enumerate(spaces) if x] + list(p.get("extra_labels") or [])
    lines.append(_row("labels", _list(labels) + f"  (free spaces: {_list(i for i, x in enumerate(spaces) if not x)})",
                      4))
    extras = [("upgrades", p.get("upgrades")), ("display", p.get("display")), ("cubes", p.get("cubes"))]
    lines += [_row(k, _list(v), 4) for k, v in extras if v]
    goals = p.get("goals")
    lines.append(_row("goals", _list(goals) if goals is not None else f"{p.get('goal_count', 0)} (secret)", 4))
    dealt = p.get("dealt_distillers") or []
    if not p.get("distiller") and dealt:
        lines += [_row("dealt" if i == 0 else "", f"{i + 1} {d} ({names.distiller(d)}): "
                       f"{DISTILLERS[d].power if d in DISTILLERS else '?'}", 4) for i, d in enumerate(dealt)]
    pending = p.get("pending")
    if pending:
        lines.append(_row("your choice", pending_text(pending), 4))
    if p.get("tasting_due") or p.get("discard_due"):
        due = [n for n, k in (("tasting", "tasting_due"), ("goal discard", "discard_due")) if p.get(k)]
        lines.append(_row("due", _list(due), 4))
    return lines


def _scores(view: dict[str, Any]) -> list[str]:
    lines = ["Final scores"]
    winners = view.get("winners") or []
    for p in sorted(view["players"], key=lambda p: -int(p.get("sp") or 0)):
        detail = ", ".join(f"{k} {v}" for k, v in (p.get("score") or {}).items() if k not in ("sp", "money") and v)
        crown = "  WINNER" if p["seat"] in winners else ""
        lines.append(f"  seat {p['seat']} {p['name']}: {p.get('sp', 0)} SP, {p.get('money', 0)} money"
                     f"{f' ({detail})' if detail else ''}{crown}")
    return lines


def whose_turn(view: dict[str, Any]) -> str:
    if view.get("phase") == "finished":
        return "the game is over"
    names = {p["seat"]: p["name"] for p in view.get("players") or []}
    acting = view.get("to_act") or []
    if not acting:
        return "nobody has to act"
    who = ", ".join(f"seat {s} ({names.get(s, '?')})" + (" = you" if s == view.get("you") else "") for s in acting)
    return f"waiting for {who}"


def _goal(cell: dict[str, Any]) -> str:
    if cell.get("hidden"):
        return "??"
    # claimable: unlocked, face up, in a row still open; it is claimed once its condition is met
    mark = "done" if cell.get("completed") else "open" if cell.get("claimable") else "locked"
    return f"{cell.get('card')} ({mark})"


def _solo(solo: dict[str, Any]) -> list[str]:
    """The solo goal grid, top row first, as it lies on the table."""
    rows = solo.get("rows") or []
    lines = [f"Solo goals  target {solo.get('target')} SP  rows completed {solo.get('rows_completed')}/{len(rows)}"
             + ("  swap used" if solo.get("swap_used") else "")]
    for index in range(len(rows) - 1, -1, -1):
        lines.append(_row(f"row {index}", "   ".join(_goal(c) for c in rows[index])))
    if solo.get("offered"):
        lines.append(_row("offered now", _list(solo["offered"])))
    return lines


def render(answer: dict[str, Any]) -> str:
    """The text of `distilled show` for one GET /games/{game_id} answer ({"game_id", "version", "view"})."""
    view = answer["view"]
    lines = [f"Game {answer.get('game_id', '?')}  version {answer.get('version', '?')}  round {view.get('round')}"
             f"  phase {view.get('phase')}  flight {view.get('flight') or '?'}",
             f"  {whose_turn(view)}", "", "Market (each card's cost in parentheses)", _row("basic", _priced(BASIC))]
    sizes = view.get("deck_sizes") or {}
    for deck, cards in (view.get("rows") or {}).items():
        lines.append(_row(deck, f"{_priced(cards)}  (deck {sizes.get(deck, '?')})"))
    flight = FLIGHTS.get(str(view.get("flight")))
    if flight:
        lines.append(_row("recipe cubes", _list(f"{r} ({cube_cost(r)})" for r in flight.recipes)))
    lines.append(_row("truck", _counted(view.get("truck") or [])))
    lines.append(_row("labels left", _list(f"{k} {v}" for k, v in (view.get("labels") or {}).items())))
    lines.append(_row("awards", _list(view.get("awards"))))
    lines += ["", "Label spaces (a sold spirit's label goes on a free one, for its reward or for 2 SP)"]
    lines += [f"  {space.index}  {_reward(space.reward, space.text)}" for space in LABEL_SPACES]
    if view.get("solo"):
        lines += ["", *_solo(view["solo"])]
    lines += ["", "Players"]
    for p in view.get("players") or []:
        lines += _player(p, view)
    if view.get("phase") == "finished":
        lines += ["", *_scores(view)]
    actions = view.get("legal_actions") or []
    if actions:
        lines += ["", "Your legal actions (send one with `distilled do N`)"]
        lines += [f"  [{i}] distilled {cli_words(a)}" for i, a in enumerate(actions)]
    elif view.get("you") is not None and view.get("phase") != "finished":
        lines += ["", "Nothing for you to do now."]
    return "\n".join(lines)
