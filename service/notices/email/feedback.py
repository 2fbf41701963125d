"""SES bounce and complaint events (through the configuration set's SNS topic): what they turn off.

A permanent bounce or a complaint turns the address off: for the player whose address it is (found by the
address's lookup item, never a scan) `email_disabled_reason` "bounced" / "complained" until the player sets an
address again; for any other address (a seat contact) a suppression item keyed by its hash. A transient bounce
is only counted: mailboxes fill up and empty. Only the fields needed are read, and no address is ever logged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from domain.records import record
from infra.mail_state import MailState
from infra.players import PlayerStore
from infra.players.base import address_hash
from service.notices.email.switch import address_off, change_player, suppress
from service.times import iso_seconds as iso

BOUNCED, COMPLAINED, TRANSIENT = "bounced", "complained", "transient"


@record(frozen=True)
class Feedback:
    outcome: str  # bounced, complained, transient
    address_hash: str


def feedback(event: dict[str, Any]) -> Iterator[Feedback]:
    """Each recipient's outcome in one SES event (event publishing's `eventType`, or an identity's feedback
    notification's `notificationType`); nothing for any other event."""
    kind = event.get("eventType") or event.get("notificationType")
    if kind == "Bounce":
        bounce = event.get("bounce") or {}
        outcome = BOUNCED if bounce.get("bounceType") == "Permanent" else TRANSIENT
        recipients = bounce.get("bouncedRecipients")
    elif kind == "Complaint":
        outcome, recipients = COMPLAINED, (event.get("complaint") or {}).get("complainedRecipients")
    else:
        return
    for recipient in recipients if isinstance(recipients, list) else []:
        address = recipient.get("emailAddress") if isinstance(recipient, dict) else None
        if isinstance(address, str) and "@" in address:
            yield Feedback(outcome, address_hash(address))


@record
class FeedbackHandler:
    state: MailState
    players: PlayerStore
    clock: Callable[[], float] = time.time

    def handle(self, item: Feedback) -> str:
        """Apply one recipient's outcome; what was done (player_off, suppressed, counted, unchanged)."""
        if item.outcome == TRANSIENT:
            self.state.count_transient(item.address_hash)
            return "counted"
        now = self.clock()
        player_id = self.players.player_of_address(item.address_hash)
        if player_id is not None:
            changed = change_player(self.players, player_id, address_off(item.outcome, item.address_hash, iso(now)),
                                    self.clock)
            record = self.players.get(player_id)
            if record is not None and record.email and address_hash(record.email) == item.address_hash:
                return "player_off" if changed else "unchanged"
        suppress(self.state, item.address_hash, item.outcome, now)
        return "suppressed"
