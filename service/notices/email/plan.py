"""Which notices become e-mails, and sending each exactly once (docs/adr/0015-email-notices.md).

Coalescing is decided here, not in the channel: by default a seat gets at most one e-mail per round, for its
first "your turn" of the round; its later turns that round are skipped, since the first e-mail's link already
opens the game as it is now. A player who opted in (`email_every_turn`) gets one for every "your turn". "Game
over" is always sent.

Markers (the notices' own, service/notices/plan.py Markers) record two things, outside the game's partition:
- (game, version, seat, "email"): this notice's e-mail went out. A stream record delivered twice sends once.
- (game, round, seat, "email"): the round's e-mail for this seat went out; a later "your turn" that round is
  skipped because of it (the decision is recorded there, once, not per skipped notice).

Order: send, then mark the round, then mark the version. A crash (or a failed marker write) after the send and
before the marks sends that e-mail again when the stream retries the record: at-least-once, never lost. It
carries its key (X-Distilled-Notice) so a receiver can drop the repeat. Marking first would be at-most-once:
a crash after the mark would lose the e-mail, and a lost "your turn" stalls a play-by-email game.

E-mail operations (docs/adr/0019-email-operations.md): no e-mail to a player who turned e-mail off or whose
address bounced or complained, nor to a suppressed seat contact; each e-mail carries its own one-click
unsubscribe URL; a send that failed MAX_SEND_ATTEMPTS times goes to the e-mail dead-letter queue instead of
failing its record once more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domain.records import field, record
from infra.channels.email import Email, EmailSender, address_hash
from infra.store import Commit
from service.games.repository import Aggregate
from service.notices.email.render import Recipient, link_url, render, since_last_move
from service.notices.plan import YOUR_TURN, Markers, Notice

if TYPE_CHECKING:
    from infra.mail_state import DeadLetters, MailState
    from infra.players import PlayerStore
    from service.links import Links
    from service.notices.email.unsubscribe import Unsubscribes

EMAIL = "email"
# Sends of one e-mail that fail before it goes to the e-mail dead-letter queue: under the stream's 5 retries, so
# the record is still the stream's when it is given up (the notifier's own DLQ then gets nothing for it).
MAX_SEND_ATTEMPTS = 3


def version_marker(notice: Notice) -> Notice:
    """The marker of (game, version, seat, e-mail)."""
    return replace(notice, kind=f"{notice.kind}.{EMAIL}")


def round_marker(notice: Notice) -> Notice:
    """The marker of (game, round, seat, e-mail): version 0 is never a commit, so it never meets a version's."""
    return replace(notice, version=0, kind=f"round{notice.round}.{EMAIL}", actions=())


def due(notice: Notice, recipient: Recipient, markers: Markers) -> bool:
    """Whether this notice's e-mail is still to be sent (not sent already, not coalesced into an earlier one)."""
    if markers.sent(version_marker(notice)):
        return False
    coalesced = notice.kind == YOUR_TURN and not recipient.every_turn
    return not (coalesced and markers.sent(round_marker(notice)))


def recipient(aggregate: Aggregate, seat: int, players: PlayerStore | None) -> Recipient | None:
    """Where the seat's e-mail goes: its player's confirmed address, else the address given for the seat at
    creation (contacts), else nowhere. A player who turned e-mail off (or whose address bounced or complained)
    gets none, not even at the seat's contact."""
    player_id = aggregate.players[seat] if seat < len(aggregate.players) else None
    if player_id and players is not None:
        record = players.get(player_id)
        if record is not None and (record.email_enabled is False or record.email_disabled_reason):
            return None
        if record is not None and record.email and record.email_confirmed:
            return Recipient(record.email, record.language or "en", bool(record.email_every_turn), player_id)
    contact = aggregate.contacts[seat] if seat < len(aggregate.contacts) else None
    address = (contact or {}).get("email")
    return Recipient(address) if address else None


def _player(aggregate: Aggregate, seat: int) -> str | None:
    return aggregate.players[seat] if seat < len(aggregate.players) else None


@record
class Mailer:
    sender: EmailSender
    markers: Markers
    links: Links
    commits: Callable[[str], Sequence[Commit]]  # a game's commits (read once per game, when an e-mail is due)
    page_base_url: str
    players: PlayerStore | None = None
    unsubscribe_url: str | None = None
    state: MailState | None = None  # suppressions and send attempts; None: neither checked nor counted
    unsubscribes: Unsubscribes | None = None  # one-click links; None: the fixed `unsubscribe_url`
    dead_letters: DeadLetters | None = None  # None: a failed send fails its record, however often
    _read: dict[str, Sequence[Commit]] = field(default_factory=dict)
    # Quiet hours (service/notices/held.py): (notice, the seat's player id, channel) -> held instead of sent.
    hold: Callable[[Notice, str | None, str], bool] | None = None

    def deliver(self, notices: Iterable[Notice], newest: Aggregate) -> int:
        """E-mail every notice due (`newest`: the game now, whose seats and tokens the links are bound to)."""
        sent = 0
        for notice in notices:
            to = recipient(newest, notice.seat, self.players)
            if to is None or not due(notice, to, self.markers) or self._suppressed(to):
                continue
            if self.hold is not None and self.hold(notice, _player(newest, notice.seat), EMAIL):
                continue
            if notice.game_id not in self._read:
                self._read[notice.game_id] = self.commits(notice.game_id)
            at, events = since_last_move(notice.game_id, self._read[notice.game_id], notice.seat, notice.version)
            token = self.links.mint(newest, notice.seat).token
            link = link_url(self.page_base_url, notice.game_id, token)
            unsubscribe = (self.unsubscribes.url(self.page_base_url, to.player_id, address_hash(to.address))
                           if self.unsubscribes is not None else self.unsubscribe_url)
            if not self._send(render(notice, at, events, to, link, unsubscribe), notice):
                continue
            if notice.kind == YOUR_TURN:
                self.markers.mark(round_marker(notice))
            self.markers.mark(version_marker(notice))
            sent += 1
        return sent

    def _suppressed(self, to: Recipient) -> bool:
        """A seat contact's address that unsubscribed, bounced or complained (a player's is on its record)."""
        return to.player_id is None and self.state is not None and bool(self.state.suppressed(address_hash(to.address)))

    def _send(self, email: Email, notice: Notice) -> bool:
        """Send; on the last allowed failure, hand it to the dead-letter queue instead (False: not sent)."""
        try:
            self.sender.send(email)
        except Exception as error:
            if self.state is None or self.dead_letters is None:
                raise
            if self.state.attempt(notice.game_id, email.key) < MAX_SEND_ATTEMPTS:
                raise
            self.dead_letters.put(dead_letter(notice, error))
            return False
        return True


def dead_letter(notice: Notice, error: Exception) -> dict[str, Any]:
    """What a re-drive needs (devtools/resend_notices.py): the notice's key, never the e-mail or its address."""
    return {"game_id": notice.game_id, "version": notice.version, "seat": notice.seat, "kind": notice.kind,
            "channel": EMAIL, "error": type(error).__name__, "attempts": MAX_SEND_ATTEMPTS}
