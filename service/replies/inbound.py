"""Taking in a reply (issue 23): a raw mail and its receipt's verdicts in, at most one answer out.

In order, each step ending it without a word to anyone when it fails:
1. a machine's mail (service/replies/mail.py `automatic`), or spam or a virus (the receipt's verdicts): dropped;
2. the reply address: `play+<reply token>@<REPLY_DOMAIN>` among the envelope's recipients or the To, Cc,
   Delivered-To headers, its grant known, unexpired and still the seat's (a reissued seat token voids it);
3. the sender: From must be the seat's player's confirmed address, with e-mail on, AND the receipt must show
   SPF or DKIM passing (and DMARC not failing, when judged). A stranger, or a stolen address used from another
   mailbox, never gets a mail and moves nothing;
4. a mail already answered (by its Message-ID) is dropped: delivered twice, it acts and answers once;
5. the player's replies are rate limited (LIMIT_REPLIES_PER_PLAYER_HOUR, 30; 0: off): over it, dropped;
6. the new text's lines run (service/replies/run.py); then exactly one answer, to the confirmed address only,
   from the injected renderer, with the seat's new reply address in Reply-To and nothing else secret; or, when
   every line was played and the seat now waits, the answer is held for the seat's next e-mail, which says it
   (service/replies/fold.py): one e-mail per reply.

An answer that shows the seat its next turn marks that turn's e-mail notice sent (the notice's own marker,
service/notices/delivery.py), so the notifier does not send the same board again; and the player's first
accepted reply switches "e-mail every turn" on (when the player never chose), since a reply game moves a turn
at a time. Nothing here logs an address, a token or a line.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domain.legal import to_act
from domain.records import record
from infra.channels.base import YOUR_TURN, MarkerKey, Markers
from infra.channels.email import EmailSender, address_hash
from infra.held_answers import HeldAnswer, HeldAnswers
from infra.limits import Limited, Limiter, Window
from infra.players import PlayerRecord, PlayerStore, RevisionConflict
from service.clock import iso, now_epoch
from service.games.aggregate import Aggregate
from service.limits.rules import HOUR
from service.notices.email.channel import EMAIL
from service.replies.fold import fold_seconds, foldable, held_lines
from service.replies.mail import Incoming, parse
from service.replies.port import ACCEPTED, SHOWN, Answer, Line, Reader, RenderAnswer
from service.replies.run import GamesPort, Runner
from service.replies.tokens import ReplyTokens, token_in
from service.times import iso_seconds

if TYPE_CHECKING:
    from infra.links.base import Grant

DEFAULT_REPLIES_PER_PLAYER_HOUR = 30
ANSWERS = "reply"  # the markers' channel of answered mails


@record(frozen=True)
class Verdicts:
    """The receipt's verdicts (SES: PASS, FAIL, GRAY, PROCESSING_FAILED; "" when not given)."""

    spf: str = ""
    dkim: str = ""
    spam: str = ""
    virus: str = ""
    dmarc: str = ""

    @property
    def authenticated(self) -> bool:
        return (self.spf == "PASS" or self.dkim == "PASS") and self.dmarc != "FAIL"

    @property
    def harmful(self) -> bool:
        return self.spam == "FAIL" or self.virus == "FAIL"


def replies_per_hour() -> int:
    value = os.environ.get("LIMIT_REPLIES_PER_PLAYER_HOUR", "").strip()
    return int(value) if value.isdigit() else DEFAULT_REPLIES_PER_PLAYER_HOUR


@record
class Inbound:
    tokens: ReplyTokens
    games: GamesPort
    players: PlayerStore
    markers: Markers
    limiter: Limiter
    sender: EmailSender
    reader: Reader
    render: RenderAnswer
    at_version: Callable[[str, int], Aggregate]
    held: HeldAnswers | None = None  # answers folded into the seat's next e-mail (fold.py); None: never held
    clock: Callable[[], float] = now_epoch

    def receive(self, raw: bytes, verdicts: Verdicts, recipients: Sequence[str] = ()) -> str:
        """What became of the mail, as one word for the metrics: `answered`, `held` (its answer waits for the
        seat's next e-mail: fold.py) or why it was dropped."""
        mail = parse(raw)
        if mail.automatic or verdicts.harmful:
            return "automatic" if mail.automatic else "harmful"
        token = token_in([*recipients, *mail.recipients], self.tokens.domain)
        grant = self.tokens.find(token) if token is not None else None
        if grant is None:
            return "unknown_address"
        aggregate = self.games.load(grant.game_id)
        if not aggregate.exists or not self.tokens.current(grant, aggregate):
            return "unknown_address"
        player = self._player(aggregate, grant.seat)
        if player is None or player.email is None or not mail.sender or \
                address_hash(mail.sender) != address_hash(player.email) or not verdicts.authenticated:
            return "stranger"
        if not mail.message_id:
            return "no_message_id"  # nothing to tell a second delivery by
        answered = MarkerKey(grant.game_id, grant.seat, ANSWERS, 0, "answer" + _digest(mail.message_id))
        if self.markers.sent(answered):
            return "duplicate"
        if not self._admit(player.player_id):
            return "rate_limited"
        return self._answer(mail, grant, player, answered)

    def _player(self, aggregate: Aggregate, seat: int) -> PlayerRecord | None:
        players = aggregate.players
        player_id = players[seat] if seat < len(players) else None
        record = self.players.get(player_id) if player_id else None
        if record is None or not record.email_confirmed or record.email_enabled is False or \
                record.email_disabled_reason:
            return None
        return record

    def _admit(self, player_id: str) -> bool:
        limit = replies_per_hour()
        if limit == 0:
            return True
        try:
            self.limiter.take([Window(f"replies:player:{player_id}", limit, HOUR)], self.clock())
        except Limited:
            return False
        return True

    def _answer(self, mail: Incoming, grant: Grant, player: PlayerRecord, answered: MarkerKey) -> str:
        game_id, seat = grant.game_id, grant.seat
        played = Runner(self.games, self.reader, self.at_version).run(
            game_id, seat, grant.version, mail.lines or ("show",), mail.message_id)
        now = self.games.load(game_id)
        earlier = self.held.take(game_id, seat) if self.held is not None else None
        lines = (*held_lines(earlier), *played)
        if any(line.outcome == ACCEPTED for line in played):
            self._every_turn(player)
        if self.held is not None and fold_seconds() > 0 and foldable(lines, seat in to_act(now.state)):
            due = iso_seconds(self.clock() + fold_seconds())
            self.held.hold(HeldAnswer(game_id, seat, player.player_id, tuple(line.text for line in lines),
                                      earlier.subject if earlier is not None else mail.subject, mail.message_id, due))
            self.markers.mark(answered)
            return "held"
        self._send(now, seat, player, lines, earlier.subject if earlier is not None else mail.subject,
                   mail.message_id)
        self.markers.mark(answered)
        return "answered"

    def send_alone(self, held: HeldAnswer) -> bool:
        """A held answer that no e-mail took in time, sent by itself (service/replies/fold.py): False when its
        player no longer gets e-mails at the seat."""
        aggregate = self.games.load(held.game_id)
        player = self._player(aggregate, held.seat) if aggregate.exists else None
        if player is None or player.player_id != held.player_id:
            return False
        self._send(aggregate, held.seat, player, held_lines(held), held.subject, held.message_id)
        return True

    def _send(self, now: Aggregate, seat: int, player: PlayerRecord, lines: Sequence[Line], subject: str,
              in_reply_to: str) -> None:
        waits = seat in to_act(now.state)
        choices = tuple(self.reader.choices(now.state, seat)) if waits else ()
        answer = Answer(now.game_id, seat, player.language or "en", now, tuple(lines), choices, subject,
                        show=any(line.outcome == SHOWN for line in lines))
        email = replace(self.render(answer), to=player.email or "", in_reply_to=in_reply_to,
                        reply_to=self.tokens.address(now, seat, now.version), unsubscribe_url=None)
        if waits:  # the answer carries this turn: its "your turn" e-mail is not sent again
            self.markers.mark(MarkerKey(now.game_id, seat, EMAIL, now.version, YOUR_TURN))
        self.sender.send(email)

    def _every_turn(self, player: PlayerRecord) -> None:
        """The first accepted reply switches "e-mail every turn" on, unless the player has chosen."""
        if player.email_every_turn is not None:
            return
        # RevisionConflict: the player changed the profile meanwhile; that change wins, the next reply tries again
        with suppress(RevisionConflict):
            self.players.replace(replace(player, email_every_turn=True, revision=player.revision + 1,
                                         updated_at=iso(self.clock())))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def verdicts_of(receipt: dict[str, Any]) -> Verdicts:
    """SES's receipt (`ses.receipt` of a Lambda action's event) as verdicts."""
    def status(name: str) -> str:
        found = receipt.get(name)
        return str(found.get("status", "")).upper() if isinstance(found, dict) else ""

    return Verdicts(status("spfVerdict"), status("dkimVerdict"), status("spamVerdict"), status("virusVerdict"),
                    status("dmarcVerdict"))
