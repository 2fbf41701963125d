"""The reply grammar, both ways: a seat's legal actions as numbered choices with the words to reply, and one reply
line read back into a command. Pure: no I/O, no clock, no randomness (the labels' words are the page's texts,
read once per container by service/texts/words.py).

The interface (the inbound side calls these):

- `choices(state, seat, language="en") -> list[Choice]`: `state` is the domain `GameState` as the service holds it
  (an `Aggregate.state`); the choices come from `view(state, seat)` only, the seat's own view, so they hold
  nothing the seat may not see. `listing(seat_view, language)` does the same from a view already made.
- `read(line, choices) -> Reading`: one of `Command(body)` (the body POST /games/{id}/{body["type"]} takes,
  without `command_id` and `expected_version`; `command_of(body, seat)` is the domain command), `Show()` (send
  the board again) or `Unreadable(reason, code)`.

A `Choice` is numbered from 1 in the order of `legal_actions`; `words` is the exact text to reply (phrases.py
says how each command is phrased). A reply is read as: its number (`2`), its words (`buy water`), or both (`2
buy water`, as the e-mail prints them: they must agree), any case, spacing and punctuation (`Buy Water.`,
`mixed grains` for `mixed_grains`), `undo` or `take back` for a take-back, `show` for the board. The open
Distill choice is listed once: its `template` says how to name the cards (`distill yeast water mixed_grains`,
`extra 1`, `top only` when offered) and its `words` are an example that always works (every card that may go
in); a reply `distill <cards…>` is built into a Distill of those cards, and `decide` judges it. A line that is
none of these, or that could be two choices, is refused with its reason: nothing is ever guessed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from domain.commands import COMMAND_TYPES
from domain.records import field, record
from domain.state import GameState
from domain.view import view
from service.replies.labels import label
from service.replies.phrases import ALIASES, SHOW, distill_words, phrase
from service.texts.words import texts


@record(frozen=True)
class Choice:
    number: int
    words: str  # the exact reply; for the open Distill, an example (every card that may go in)
    label: str  # what it does, in the player's language (the page's button label)
    action: Mapping[str, Any] = field(default_factory=dict, compare=False)  # the listed action, as the view has it
    template: str = ""  # the open Distill only: how to name the cards

    @property
    def open(self) -> bool:
        return bool(self.action.get("open"))


@record(frozen=True)
class Command:
    body: dict[str, Any]


@record(frozen=True)
class Show:
    pass


@record(frozen=True)
class Unreadable:
    reason: str  # in English, for a log or a reply; `code` picks the player's words (replies.refused.<code>)
    code: str = "unknown_words"


Reading = Command | Show | Unreadable


def normal(text: str) -> str:
    """Lower case, letters and digits only, single spaces: `Buy Mixed_Grains.` and `buy mixed grains` alike."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def body_of(action: Mapping[str, Any]) -> dict[str, Any]:
    """A listed command as the body its route takes: its type and every field not at its default, no seat."""
    model = COMMAND_TYPES[str(action["type"])]
    command = model.model_validate(dict(action))
    return {"type": action["type"], **command.model_dump(mode="json", exclude={"seat", "type"}, exclude_defaults=True)}


def command_of(body: Mapping[str, Any], seat: int) -> Any:
    """The domain command a reply's body asks for, acting as `seat` (as functions/api/models.to_command)."""
    return COMMAND_TYPES[str(body["type"])].model_validate({**body, "seat": seat})


def choices(state: GameState, seat: int, language: str = "en") -> list[Choice]:
    """The seat's legal actions now, numbered, with their reply words and labels (from the seat's view only)."""
    return listing(view(state, seat), language)


def listing(seat_view: Mapping[str, Any], language: str = "en") -> list[Choice]:
    actions: list[Mapping[str, Any]] = list(seat_view.get("legal_actions") or [])
    full = [False] * len(actions)
    while True:  # the short words, and the full ones for the buys whose short words another choice shares
        said = [_said(a, f) for a, f in zip(actions, full, strict=True)]
        shared = Counter(normal(w) for w in said)
        clash = [i for i, w in enumerate(said) if shared[normal(w)] > 1 and not full[i] and actions[i]["type"] == "buy"]
        if not clash:
            break
        for i in clash:
            full[i] = True
    words = texts(language)
    return [Choice(i + 1, w, label(words, a, seat_view), a, _template(a) if a.get("open") else "")
            for i, (a, w) in enumerate(zip(actions, said, strict=True))]


def _said(action: Mapping[str, Any], full: bool) -> str:
    return distill_words(sorted(action.get("cards") or ())) if action.get("open") else phrase(action, full)


def _template(action: Mapping[str, Any]) -> str:
    extra = [n for n in action.get("extra_alcohol") or () if n]
    options = [f"[extra {'|'.join(str(n) for n in extra)}]"] if extra else []
    if True in (action.get("top_only") or ()):
        options.append("[top only]")
    return " ".join(["distill <card> <card> …", *options])


def read(line: str, listed: Sequence[Choice]) -> Reading:
    """One reply line as a command, a request for the board, or a refusal saying why."""
    if line.lstrip().startswith(">"):
        return Unreadable("A quoted line is not a move.", "quoted")
    said = normal(line)
    said = ALIASES.get(said, said)
    if not said:
        return Unreadable("The line says nothing.", "empty")
    if said in SHOW:
        return Show()
    head, _, rest = said.partition(" ")
    rest = ALIASES.get(rest, rest)
    if head.isdigit():
        return _numbered(int(head), rest, listed)
    found = [c for c in listed if normal(c.words) == said and not c.open]
    if found:
        return Command(body_of(found[0].action))  # alike words are alike actions (listing makes them so)
    if head == "distill":
        open_one = next((c for c in listed if c.open), None)
        if open_one is not None:
            return _distill(rest, open_one)
    return _unknown(said, listed)


def _numbered(number: int, rest: str, listed: Sequence[Choice]) -> Reading:
    if not 1 <= number <= len(listed):
        return Unreadable(f"There is no choice {number}: the choices are 1 to {len(listed)}.", "out_of_range")
    choice = listed[number - 1]
    if choice.open:
        if rest.startswith("distill"):
            return _distill(rest.partition(" ")[2], choice)
        return Unreadable(f"Choice {number} needs the cards: reply {choice.template}, e.g. {choice.words}.",
                          "name_the_cards")
    if rest and rest != normal(choice.words):
        return Unreadable(f"Choice {number} is {choice.words!r}, not {rest!r}: send one of them.", "ambiguous")
    return Command(body_of(choice.action))


def _distill(rest: str, choice: Choice) -> Reading:
    """`<card> <card> … [extra N] [top only]`: card ids spelt with spaces or underscores, `2 water` for two."""
    tokens = rest.split()
    extra, top = 0, False
    if tokens[-2:] == ["top", "only"]:
        tokens, top = tokens[:-2], True
    if len(tokens) >= 2 and tokens[-2] == "extra" and tokens[-1].isdigit():
        tokens, extra = tokens[:-2], int(tokens[-1])
    if tokens[-2:] == ["top", "only"]:  # either order
        tokens, top = tokens[:-2], True
    pool = Counter(choice.action.get("cards") or ())
    cards = _cards(tokens, set(pool))
    if isinstance(cards, Unreadable):
        return cards
    if not cards:
        return Unreadable(f"Name the cards: {choice.template}.", "name_the_cards")
    over = [c for c, n in Counter(cards).items() if n > pool[c]]
    if over:
        return Unreadable(f"You do not have that many {', '.join(over)} to distill.", "not_in_pantry")
    if extra not in (choice.action.get("extra_alcohol") or (0,)):
        return Unreadable(f"Extra alcohol {extra} is not offered.", "not_offered")
    if top not in (choice.action.get("top_only") or (False,)):
        return Unreadable("Cutting only the top card is not offered.", "not_offered")
    body: dict[str, Any] = {"type": "distill", "washback": cards}
    return Command({**body, **({"extra_alcohol": extra} if extra else {}), **({"top_only": True} if top else {})})


def _cards(tokens: list[str], ids: set[str]) -> list[str] | Unreadable:
    """Card ids from words, the longest id first (`mixed grains` is one card); `2 water` is two."""
    out: list[str] = []
    i, times = 0, 1
    while i < len(tokens):
        if tokens[i].isdigit() and times == 1:
            times, i = int(tokens[i]), i + 1
            continue
        size = next((n for n in range(len(tokens) - i, 0, -1) if "_".join(tokens[i:i + n]) in ids), 0)
        if not size:
            return Unreadable(f"{tokens[i]!r} is not a card you may distill now.", "not_in_pantry")
        out += ["_".join(tokens[i:i + size])] * min(times, 40)
        i, times = i + size, 1
    return out


def _unknown(said: str, listed: Sequence[Choice]) -> Unreadable:
    near = [c for c in listed if normal(c.words).startswith(said + " ")]
    if len(near) > 1:
        return Unreadable(f"{said!r} could be {' or '.join(repr(c.words) for c in near[:4])}: send the whole words "
                          "or the number.", "ambiguous")
    return Unreadable(f"{said!r} is not one of the choices: reply with a number or the words listed.")
