"""E-mail out: the `EmailSender` contract, its SES v2 implementation and an in-memory fake.

SES v2's Raw content, not Simple: only a raw MIME message can carry `List-Unsubscribe` and
`List-Unsubscribe-Post` (RFC 8058 one-click unsubscribe), which mailbox providers ask of bulk senders.
"""

from __future__ import annotations

import threading
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any, Protocol

from domain.records import field, record
from infra.players.base import address_hash

__all__ = ["Email", "EmailSender", "MemoryEmailSender", "SesEmailSender", "address_hash", "mime"]


@record(frozen=True)
class Email:
    to: str
    subject: str
    text: str
    html: str
    unsubscribe_url: str | None = None
    key: str = ""  # the idempotency key it was sent under (a header, so that a receiver can drop a repeat)
    reply_to: str | None = None  # the seat's reply address (service/replies/tokens.py): a reply is a move
    in_reply_to: str | None = None  # the Message-ID of the mail this answers (threads the answer under it)


class EmailSender(Protocol):
    def send(self, email: Email) -> None: ...


def mime(email: Email, sender: str, sender_name: str = "Distilled Online") -> EmailMessage:
    """The message as it travels: plain text first, HTML as the preferred alternative."""
    message = EmailMessage()
    message["From"] = formataddr((sender_name, sender))
    message["To"] = email.to
    message["Subject"] = email.subject
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    if email.key:
        message["X-Distilled-Notice"] = email.key
    if email.reply_to:
        message["Reply-To"] = email.reply_to
    if email.in_reply_to:
        message["In-Reply-To"] = email.in_reply_to
        message["References"] = email.in_reply_to
    if email.unsubscribe_url:
        message["List-Unsubscribe"] = f"<{email.unsubscribe_url}>, <mailto:{sender}?subject=unsubscribe>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    else:  # one-click (RFC 8058) needs an HTTPS address that turns the address off; until then, a reply
        message["List-Unsubscribe"] = f"<mailto:{sender}?subject=unsubscribe>"
    message.set_content(email.text)
    message.add_alternative(email.html, subtype="html")
    return message


class SesEmailSender:
    def __init__(self, client: Any, sender: str, configuration_set: str | None = None) -> None:
        self.client, self.sender, self.configuration_set = client, sender, configuration_set

    def send(self, email: Email) -> None:
        request: dict[str, Any] = {
            "FromEmailAddress": self.sender,
            "Destination": {"ToAddresses": [email.to]},
            "Content": {"Raw": {"Data": mime(email, self.sender).as_bytes()}},
        }
        if self.configuration_set:
            request["ConfigurationSetName"] = self.configuration_set
        self.client.send_email(**request)


@record
class MemoryEmailSender:
    """Every e-mail sent, in order (tests, benches)."""

    sent: list[Email] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, email: Email) -> None:
        with self.lock:
            self.sent.append(email)
