"""The answer to a reply by e-mail: what became of each line, and, when the seat must act again, its board and
choices as the turn e-mail shows them (service/notices/email/board.py). Pure: the caller sends it.

The interface (the inbound side calls it):

    render_answer(game_id, lines, language="en", seat_view=None, link=None) -> Answer(subject, text, html)

- `lines`: each reply line read, in order, with its outcome: `Accepted()`, or `Refused(code, message)` (a
  `words.Unreadable`'s code and reason, or a refused command's error code and message). A refusal is said in the
  player's language by its code (`errors.<code>`, the page's words for the rules' refusals, or
  `mail.refused.<code>` for the reading's), in English by its message, which says more.
- `seat_view`: `domain.view(state, seat)` after the lines were played, when the seat should see its board again
  (it must act again, or it asked `show`); its choices are `words.listing(seat_view)`, numbered afresh.
- `link`: the page's address for the seat, if the answer should carry one.
Every value in the HTML is escaped: a line is whatever the player wrote.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from domain.commands import ANYTIME
from domain.records import record
from service.notices.email import board
from service.replies.words import listing
from service.texts.words import Texts, texts

SHOWN = 120  # characters of a reply line repeated in the answer


@record(frozen=True)
class Accepted:
    pass


@record(frozen=True)
class Refused:
    code: str
    message: str = ""


@record(frozen=True)
class Answer:
    subject: str
    text: str
    html: str


def reason(words: Texts, refused: Refused) -> str:
    if words.language == "en" and refused.message:
        return refused.message
    for key in (f"errors.{refused.code}", f"mail.refused.{refused.code}"):
        if words.has(key):
            return words.t(key)
    return refused.message or words.t("mail.refused.unknown_words")


def said(line: str) -> str:
    """A reply line as an answer repeats it: on one line, at most SHOWN characters."""
    line = " ".join(line.split())
    return line if len(line) <= SHOWN else line[:SHOWN - 1] + "…"


def render_answer(game_id: str, lines: Sequence[tuple[str, Accepted | Refused]], language: str = "en",
                  seat_view: Mapping[str, Any] | None = None, link: str | None = None) -> Answer:
    words = texts(language)
    subject = words.t("mail.answer.subject", game=words.t("app.game", game=game_id))
    results = [words.t("mail.answer.accepted", line=said(line)) if isinstance(outcome, Accepted)
               else words.t("mail.answer.refused", line=said(line), reason=reason(words, outcome))
               for line, outcome in lines] or [words.t("mail.answer.empty")]
    sections: list[board.Section] = []
    intro: list[str] = []
    if seat_view is not None:
        listed = listing(seat_view, words.language)
        if any(c.action.get("type") not in ANYTIME for c in listed):
            intro.append(words.t("mail.answer.next"))
        sections = [*board.board(words, seat_view), board.choices_section(words, listed)]
    title = words.t("mail.answer.title")
    text = "\n".join([f"{title}:", *(f"- {r}" for r in results), *(["", *intro] if intro else []),
                      *board.text(sections), *(["", link] if link else []), ""])
    html = "".join([
        f'<!doctype html><html lang="{escape(words.language)}"><head><meta charset="utf-8">',
        f"<title>{escape(subject)}</title></head><body><h2>{escape(title)}</h2><ul>",
        *(f"<li>{escape(r)}</li>" for r in results), "</ul>", *(f"<p>{escape(line)}</p>" for line in intro),
        board.html(sections),
        f'<p><a href="{escape(link, quote=True)}">{escape(words.t("app.game", game=game_id))}</a></p>' if link else "",
        "</body></html>",
    ])
    return Answer(subject, text, html)
