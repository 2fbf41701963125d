"""The e-mail one seat gets for one notice: subject, plain text and HTML in the player's language.

What it says is only what that seat may see: the events since the seat last acted (or looked, when that is newer:
docs/catch-up.md) as `redact_history` serves them to that seat (the same judgement as GET /games/{id}/events),
phrased by service/texts/words.py, less the
take-back bookkeeping the page's history hides too (history.QUIET); the seat's board, the market and its numbered
choices with the words to reply (board.py, service/replies/words.py), all from `view(state, seat)`, the seat's
own view; and a link carrying a fresh link token (service/links.py), never the seat token. A "your turn" or a
reminder is playable from its text part alone. Every value interpolated into the HTML is escaped (a player may be
called `<b>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from domain.records import record
from domain.view import view
from infra.channels.base import GAME_OVER, REMINDER, Notice
from infra.channels.email import Email
from infra.store import Commit
from service.games.repository import Aggregate, fold_commits
from service.games.seat_history import redacted
from service.links import play_path
from service.notices.email import board
from service.replies.answer import said
from service.replies.words import listing
from service.texts.history import QUIET, sentence
from service.texts.words import Seats, Texts, texts
from service.times import utc_minutes as utc

# The footer's link to the one-click unsubscribe page (the same URL as the List-Unsubscribe header).
FOOTER = {"en": "Stop these e-mails", "es": "Dejar de recibir estos correos", "ko": "이 알림 메일 받지 않기"}

@record(frozen=True)
class Recipient:
    address: str
    language: str = "en"
    every_turn: bool = False  # opt-in: an e-mail for every "your turn", not only the round's first
    player_id: str | None = None  # None: a seat contact (no player record); its unsubscribe turns the address off


def since_last_move(game_id: str, commits: Sequence[Commit], seat: int, version: int,
                    at: Aggregate | None = None, looked: int = 0) -> tuple[Aggregate, list[dict[str, Any]]]:
    """The game at `version` (`at`, when the caller folded it already), and the events after the seat's last
    commit, or its last look (`looked`: the version it last saw, docs/catch-up.md) when that is newer, up to it, as
    that seat may see them (`commits`: the game's, from its first): the seat's catch-up."""
    upto = [c for c in commits if c.version <= version]
    if at is None or at.version != version:
        at = fold_commits(Aggregate(game_id), upto)  # not `replayed`: these commits are shared, not taken over
    last = max((i for i, c in enumerate(upto) if c.seat == seat or c.version <= looked), default=-1)
    # Only the commits after the seat's last are shown: redacting them alone judges a simultaneous phase alike
    # (an opening commit before them means every one of them came after it).
    seen = redacted(upto[last + 1:], seat, at.state)
    return at, [event for events in seen for event in events]


@record(frozen=True)
class Parts:
    subject: str
    intro: list[str]
    history: list[str]
    sections: list[board.Section]  # the board, the market and the choices (a seat that must act), else none
    link_label: str


def _parts(words: Texts, notice: Notice, at: Aggregate, events: list[dict[str, Any]]) -> Parts:
    names = [p.name for p in at.state.players]
    who = Seats(words, names)
    game = words.t("app.game", game=notice.game_id)
    phase = words.t("app.phase", phase=words.phase(notice.phase))
    where = f"{words.t('app.round_plain', round=notice.round)} · {phase}"
    intro = [words.t("app.seat", name=who.name(notice.seat), seat=notice.seat), where]
    sections: list[board.Section] = []
    if notice.kind == GAME_OVER:
        subject = f"{words.phase('finished')}: {game}"
        won = words.t("scores.winners", names=who.several(notice.winners)) if notice.winners else words.t(
            "scores.nobody")
        scores = [f"{who.name(s)}: {sp} {words.t('scores.sp')}" for s, sp in enumerate(notice.scores)]
        intro += [words.t("waiting.over"), won, *scores]
    else:
        if notice.kind == REMINDER:
            subject = f"{words.t('app.title_reminder')}: {game} · {where}"
            intro.append(words.t("waiting.reminder", deadline=utc(notice.deadline)))
        else:
            subject = f"{words.t('app.title_turn')}: {game} · {where}"
            intro.append(words.t("waiting.your_turn"))
        seat_view = view(at.state, notice.seat)  # the seat's own view: all the board and choices come from it
        sections = [*board.board(words, seat_view), board.choices_section(words, listing(seat_view, words.language))]
    history = [sentence(words, e, who) for e in events if e.get("type") not in QUIET] or [words.t("history.empty")]
    return Parts(subject, intro, history, sections, game)


def render(notice: Notice, at: Aggregate, events: list[dict[str, Any]], recipient: Recipient, link: str,
           unsubscribe_url: str | None = None, answered: Sequence[str] = ()) -> Email:
    """`link`: the page's address with a fresh link token in its fragment; `answered`: the lines of the seat's
    replies played since its last e-mail, said first (service/replies/fold.py)."""
    words = texts(recipient.language)
    parts = _parts(words, notice, at, events)
    done_title = words.t("mail.answer.title")
    done = [words.t("mail.answer.accepted", line=said(line)) for line in answered]
    history_title = words.t("app.history")
    footer_words = FOOTER.get(words.language, FOOTER["en"])
    record = [words.t("mail.head", version=notice.version, hash=notice.head)] if notice.head else []
    text = "\n".join([
        *([f"{done_title}:", *(f"- {line}" for line in done), ""] if done else []),
        *parts.intro, "", f"{history_title}:", *(f"- {line}" for line in parts.history),
        *board.text(parts.sections), "", link, *record, "",
        *([f"{footer_words}: {unsubscribe_url}", ""] if unsubscribe_url else []),
    ])
    footer = (f'<hr><p><small><a href="{escape(unsubscribe_url, quote=True)}">'
              f'{escape(footer_words)}</a></small></p>' if unsubscribe_url else "")
    lang = escape(words.language)
    html = "".join([
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(parts.subject)}</title>',
        "</head><body>",
        *([f"<h2>{escape(done_title)}</h2><ul>", *(f"<li>{escape(line)}</li>" for line in done), "</ul>"]
          if done else []),
        *(f"<p>{escape(line)}</p>" for line in parts.intro),
        f"<h2>{escape(history_title)}</h2><ul>", *(f"<li>{escape(line)}</li>" for line in parts.history), "</ul>",
        board.html(parts.sections),
        f'<p><a href="{escape(link, quote=True)}">{escape(parts.link_label)}</a></p>',
        *(f"<p><small>{escape(line)}</small></p>" for line in record), f"{footer}</body></html>",
    ])
    return Email(recipient.address, parts.subject, text, html, unsubscribe_url, email_key(notice))


def link_url(page_base_url: str, game_id: str, link_token: str) -> str:
    return page_base_url.rstrip("/") + play_path(game_id, link_token)


def email_key(notice: Notice) -> str:
    return f"{notice.key}:email"
