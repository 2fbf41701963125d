"""A numbers-only reader of replies and a plain answer, the stand-ins of service/replies/words.py and
service/replies/answer.py until those are there (the composition root takes them when they are): a line `N`
is the seat's N-th legal action, `show` (or `board`) shows the board; anything else is unreadable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.legal import legal_actions
from domain.records import record
from domain.state import GameState
from infra.channels.email import Email
from service.replies.port import Answer


@record(frozen=True)
class Choice:
    number: int
    body: Mapping[str, Any]


@record(frozen=True)
class Command:
    body: Mapping[str, Any]


@record(frozen=True)
class Show:
    pass


@record(frozen=True)
class Unreadable:
    reason: str


class NumbersReader:
    def choices(self, state: GameState, seat: int) -> Sequence[Choice]:
        return [Choice(i, a.model_dump(mode="json", exclude={"seat"}))
                for i, a in enumerate(legal_actions(state, seat), start=1)]

    def read(self, line: str, choices: Sequence[Any]) -> Command | Show | Unreadable:
        word = line.strip().rstrip(".").lower()
        if word in ("show", "board"):
            return Show()
        if word.isdigit() and 1 <= int(word) <= len(choices):
            return Command(dict(choices[int(word) - 1].body))
        return Unreadable("not_a_choice")


def plain_answer(answer: Answer) -> Email:
    lines = [f"{line.text}: {line.outcome}{f' ({line.reason})' if line.reason else ''}" for line in answer.lines]
    choices = [f"{c.number}. {c.body.get('type')}" for c in answer.choices]
    text = "\n".join([f"Game {answer.game_id}, version {answer.aggregate.version}", "", *lines, "", *choices])
    subject = answer.subject if answer.subject.lower().startswith("re:") else f"Re: {answer.subject}"
    return Email("", subject, text, "<pre>" + text.replace("&", "&amp;").replace("<", "&lt;") + "</pre>")
