"""The e-mail channel (docs/adr/0015-email-notices.md): which seats get e-mails, and sending one.

Policy: coalesced (by default a seat gets at most one e-mail per round, for its first "your turn" of the round:
the first e-mail's link already opens the game as it is now; a player who opted in, `email_every_turn`, gets
one for every "your turn"; "game over" and reminders always go), held in quiet hours, and MAX_SEND_ATTEMPTS
failed sends before the notices' dead-letter queue (channel "email"). The loop that applies it, with the
markers, is service/notices/delivery.py.

E-mail operations (docs/adr/0019-email-operations.md): no e-mail to a player who turned e-mail off or whose
address bounced or complained, nor to a suppressed seat contact; each e-mail carries its own one-click
unsubscribe URL and its key (X-Distilled-Notice), so that a receiver can drop a repeat.

Replies (service/replies/): with REPLY_DOMAIN set, a "your turn" or a reminder to a player's confirmed address
carries a new reply address in Reply-To (`play+<reply token>@<domain>`, minted for this e-mail): answering it is
a move. A seat contact's e-mail carries none (its address was never confirmed). A player's next e-mail also says
the answer to the replies it sent since its last one, when that answer was held for it (service/replies/fold.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from domain.records import record
from infra.channels.base import GAME_OVER, REMINDER, YOUR_TURN, Notice
from infra.channels.email import EmailSender, address_hash
from service.games.repository import Aggregate
from service.notices.delivery import Policy, Seat
from service.notices.email.render import Recipient, render, since_last_move

if TYPE_CHECKING:
    from infra.held_answers import HeldAnswer, HeldAnswers
    from infra.mail_state import MailState
    from infra.players import PlayerRecord
    from service.looks import Looks
    from service.notices.email.unsubscribe import Unsubscribes
    from service.replies.tokens import ReplyTokens

EMAIL = "email"
# Sends of one e-mail that fail before it goes to the dead-letter queue: under the stream's 5 retries, so the
# record is still the stream's when it is given up (the notifier's own DLQ then gets nothing for it).
MAX_SEND_ATTEMPTS = 3
POLICY = Policy(coalesce=True, quiet_hours=True, attempts=MAX_SEND_ATTEMPTS, history=True)


def recipient(aggregate: Aggregate, seat: int, record: PlayerRecord | None) -> Recipient | None:
    """Where the seat's e-mail goes: its player's confirmed address, else the address given for the seat at
    creation (contacts), else nowhere. A player who turned e-mail off (or whose address bounced or complained)
    gets none, not even at the seat's contact."""
    if record is not None and (record.email_enabled is False or record.email_disabled_reason):
        return None
    if record is not None and record.email and record.email_confirmed:
        return Recipient(record.email, record.language or "en", bool(record.email_every_turn), record.player_id)
    contact = aggregate.contacts[seat] if seat < len(aggregate.contacts) else None
    address = (contact or {}).get("email")
    return Recipient(address) if address else None


@record
class EmailChannel:
    sender: EmailSender
    state: MailState | None = None  # suppressed contact addresses; None: none checked
    unsubscribes: Unsubscribes | None = None  # one-click links; None: the fixed `unsubscribe_url`
    unsubscribe_url: str | None = None
    replies: ReplyTokens | None = None  # reply addresses (REPLY_DOMAIN); None: no e-mail carries one
    answers: HeldAnswers | None = None  # answers to replies held for the seat's next e-mail (fold.py)
    looks: Looks | None = None  # the seats' last looks: an e-mail tells what happened since (docs/catch-up.md)
    name: str = EMAIL
    policy: Policy = POLICY

    def recipient(self, seat: Seat) -> Recipient | None:
        to = recipient(seat.table.newest, seat.seat, seat.player)
        if to is None or self._suppressed(to):
            return None
        return to

    def send(self, notice: Notice, to: Recipient, seat: Seat) -> int:
        table = seat.table
        link = seat.link()
        if link is None:
            raise ValueError("e-mails need the page's address (PAGE_BASE_URL)")
        look = self.looks.since(notice.game_id, notice.seat) if self.looks is not None else None
        at, events = since_last_move(notice.game_id, table.commits(), notice.seat, notice.version,
                                     table.at.get(notice.version), look.version if look is not None else 0)
        unsubscribe = (self.unsubscribes.url(table.page_base_url, to.player_id, address_hash(to.address))
                       if self.unsubscribes is not None else self.unsubscribe_url)
        folded = self._folded(notice, to)
        try:
            email = render(notice, at, events, to, link, unsubscribe, folded.lines if folded is not None else ())
            if folded is not None:
                email = replace(email, in_reply_to=folded.message_id)
            if self.replies is not None and to.player_id is not None and notice.kind in (YOUR_TURN, REMINDER):
                email = replace(email, reply_to=self.replies.address(table.newest, notice.seat, notice.version))
            self.sender.send(email)
        except Exception:
            if folded is not None and self.answers is not None:
                self.answers.hold(folded)  # not sent: it waits again, for the retry or the release
            raise
        return 1

    def _folded(self, notice: Notice, to: Recipient) -> HeldAnswer | None:
        """The answer held for this seat's next e-mail (service/replies/fold.py), taken: this e-mail says it."""
        if self.answers is None or to.player_id is None or notice.kind not in (YOUR_TURN, REMINDER, GAME_OVER):
            return None
        held = self.answers.take(notice.game_id, notice.seat)
        if held is not None and held.player_id != to.player_id:
            self.answers.hold(held)  # another player's (the seat changed hands): not this e-mail's to say
            return None
        return held

    def _suppressed(self, to: Recipient) -> bool:
        """A seat contact's address that unsubscribed, bounced or complained (a player's is on its record)."""
        return to.player_id is None and self.state is not None and bool(self.state.suppressed(address_hash(to.address)))
