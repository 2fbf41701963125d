"""The local mailbox: e-mails the notifier sent through SES (the embedded moto) as `.eml` files and an HTML
preview each, listed in the outbox (/_local/outbox) with the link they carry.

The notifier calls SES for real (boto3, sesv2 SendEmail); moto keeps what it accepted in its SES backend, in
this process, and the mailbox reads it from there after each stream poll, as the outbox reads the SQS queue
SNS feeds. The links point at the local server (PAGE_BASE_URL), so opening one plays that seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from email import message_from_string, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from devtools.local.inbox import reply_form
from devtools.local.outbox import Entry
from devtools.local.streams import now_iso

LOCAL_SENDER = "turns@distilled.local"
ACCOUNT = "123456789012"  # moto's
_LINK = re.compile(r"https?://\S+/play/[^\s\"'<>]+")
_CONFIRM = re.compile(r"https?://\S+/players/[^/\s]+/confirm-email\?code=[A-Za-z0-9_-]+")


def mail_environment(variables: dict[str, Any], base_url: str) -> dict[str, str]:
    """The e-mail settings of a function that declares them: sent from the local sender, linking here."""
    wanted = {"PAGE_BASE_URL": base_url, "EMAIL_FROM": LOCAL_SENDER, "SES_CONFIGURATION_SET": ""}
    return {k: v for k, v in wanted.items() if k in variables}


def _body(message: EmailMessage, kind: str) -> str:
    part = message.get_body((kind,))
    return str(part.get_content()) if part is not None else ""


def entry_from_email(message_id: str, raw: str, directory: Path, inbox_url: str | None = None) -> Entry:
    """The outbox entry of one sent e-mail, its `.eml` and preview written to `directory`; an e-mail with a
    Reply-To gets a "Reply as this player" form in its preview, posting to `inbox_url` (devtools/local/inbox.py)."""
    message = message_from_string(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    name = re.sub(r"[^A-Za-z0-9_-]", "_", message_id)[:80]
    eml, preview = directory / f"{name}.eml", directory / f"{name}.html"
    eml.write_text(raw, encoding="utf-8")
    html = _body(message, "html")
    reply_to, mail_id = str(message.get("Reply-To") or ""), str(message.get("Message-ID") or "")
    preview.write_text(_with_form(html, inbox_url, message, reply_to, mail_id), encoding="utf-8")
    key = str(message.get("X-Distilled-Notice") or "").split(":")
    found = _LINK.search(_body(message, "plain"))
    notice: dict[str, Any] = {
        "kind": "email", "to": str(message.get("To") or ""), "subject": str(message.get("Subject") or ""),
        "eml": str(eml), "preview": str(preview), "link": found.group(0) if found else None, "html": html,
        "reply_to": reply_to or None, "message_id": mail_id or None,
        "in_reply_to": str(message.get("In-Reply-To") or "") or None,
    }
    if len(key) >= 3 and key[2].isdigit() and key[1] != "confirm_email":
        notice.update(game_id=key[0], version=int(key[1]) if key[1].isdigit() else None, seat=int(key[2]))
    elif len(key) == 3:  # a new address's confirmation (service/notices/email/confirm.py)
        confirm = _CONFIRM.search(_body(message, "plain"))
        link = confirm.group(0) if confirm else None
        notice.update(kind="confirm_email", channel="email", player_id=key[0], link=link,
                      code=parse_qs(urlsplit(link).query).get("code", [None])[0] if link else None,
                      text=f"confirm {notice['to']}: {link}")
    return {"id": message_id, "received_at": now_iso(), "topic": "email", "subject": notice["subject"],
            "message": notice, "attributes": {}}


def _with_form(html: str, inbox_url: str | None, message: EmailMessage, reply_to: str, mail_id: str) -> str:
    if not (inbox_url and reply_to):
        return html
    form = reply_form(inbox_url, str(message.get("To") or ""), reply_to, mail_id, str(message.get("Subject") or ""))
    at = html.lower().rfind("</body>")
    return html[:at] + form + html[at:] if at >= 0 else html + form


class Mailbox:
    def __init__(self, directory: Path, sent: Callable[[], list[Any]], inbox_url: str | None = None) -> None:
        """`sent`: the messages the embedded SES accepted so far, oldest first (moto's RawMessage objects);
        `inbox_url`: where the previews' reply forms post (none: no form)."""
        self.directory, self._sent, self._taken, self.inbox_url = directory, sent, 0, inbox_url
        directory.mkdir(parents=True, exist_ok=True)

    def collect(self) -> list[Entry]:
        """The e-mails sent since the last call, written out."""
        messages = self._sent()
        fresh, self._taken = messages[self._taken:], len(messages)
        return [entry_from_email(m.id, m.raw_data, self.directory, self.inbox_url)
                for m in fresh if hasattr(m, "raw_data")]


def moto_sent(region: str) -> Callable[[], list[Any]]:
    """What the in-process moto's SES backend has accepted (sesv2 SendEmail keeps its messages there)."""

    def sent() -> list[Any]:
        from moto.backends import get_backend

        return list(get_backend("ses")[ACCOUNT][region].sent_messages)

    return sent


def verify_sender(ses: Any) -> None:
    """moto, like SES, sends only from a verified identity."""
    ses.verify_email_identity(EmailAddress=LOCAL_SENDER)
