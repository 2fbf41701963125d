"""The answer e-mail of the inbound service (service/replies/inbound.py): its `Answer` said in the player's words
by answer.py. The service addresses what this returns (the confirmed address, the seat's new reply address and
the mail it answers); this only says it.

A line's outcome becomes `Accepted` (played, played before: a mail delivered again, or a `show`) or `Refused`
by its code: the rules' (the page's `errors.<code>` words), the reading's (`words.Unreadable`'s), or the
service's own (`stale`, `not_your_turn`, `invalid`, `busy`, and `not_run` for the lines after a stop), each
in `mail.refused.<code>`.
"""

from __future__ import annotations

from domain import view
from infra.channels.email import Email
from service.replies.answer import Accepted, Refused, render_answer
from service.replies.port import ACCEPTED, NOT_RUN, REPLAYED, SHOWN, Answer, Line


def _outcome(line: Line) -> Accepted | Refused:
    if line.outcome in (ACCEPTED, REPLAYED, SHOWN):
        return Accepted()
    if line.outcome == NOT_RUN:
        return Refused("not_run")
    return Refused(line.reason or "unknown_words", line.message)


def email_answer(answer: Answer) -> Email:
    seat_view = view(answer.aggregate.state, answer.seat) if answer.choices or answer.show else None
    said = render_answer(answer.game_id, [(line.text, _outcome(line)) for line in answer.lines], answer.language,
                         seat_view=seat_view)
    # "Re:" the reply's subject, so that a mail client threads the answer under it.
    subject = answer.subject if answer.subject.lower().startswith("re:") else \
        f"Re: {answer.subject}" if answer.subject else said.subject
    return Email("", subject, said.text, said.html)
