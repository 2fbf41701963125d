"""The local server's way in for replies (issue 23): mail handed to InboundMailFunction as SES would hand it.

- an SMTP listener (aiosmtpd, `--smtp-port`): each mail it receives becomes the SES receipt event the handler
  reads (functions/mail/inbound.py), the raw mail in its base64 `content` field;
- `POST /_local/inbox`: the same with a raw `.eml` as the body, or with the preview's "Reply as this player" form
  (fields from, to, in_reply_to, subject, text), made into the mail a client would send;
- `GET /_local/inbox`: where the listener is and the reply domain.

Locally nothing signs a mail, so the verdicts are a stand-in: SPF and DKIM PASS when the envelope sender (SMTP's
MAIL FROM; the From header for a posted mail) is a player's confirmed address, else FAIL; spam and virus PASS.
A forged From from another envelope sender is then refused as SES's failed SPF and DKIM would make it.
"""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import threading
import uuid
from collections.abc import Callable
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import formatdate, getaddresses, make_msgid, parseaddr
from html import escape
from typing import Any
from urllib.parse import parse_qs

from devtools.local.apigw import HttpRequest, HttpResponse, error_response

REPLY_DOMAIN = "distilled.local"  # the local server's REPLY_DOMAIN: e-mails carry Reply-To play+<token>@ it
INBOX_PATH = "/_local/inbox"
INBOUND_FUNCTION = "InboundMailFunction"
FORM = "application/x-www-form-urlencoded"


def ses_event(raw: bytes, mail_from: str, recipients: list[str], authenticated: bool) -> dict[str, Any]:
    """The SES receipt event of one received mail (a Lambda action's, with the mail in `content`)."""
    verdict = {"status": "PASS" if authenticated else "FAIL"}
    passed = {"status": "PASS"}
    return {"Records": [{"eventSource": "aws:ses", "eventVersion": "1.0", "ses": {
        "mail": {"messageId": f"local-{uuid.uuid4().hex}", "source": mail_from, "destination": recipients},
        "receipt": {"recipients": recipients, "spfVerdict": verdict, "dkimVerdict": verdict,
                    "dmarcVerdict": verdict, "spamVerdict": passed, "virusVerdict": passed,
                    "action": {"type": "Lambda", "invocationType": "Event"}},
        "content": base64.b64encode(raw).decode()}}]}


def reply_form(action: str, sender: str, reply_to: str, message_id: str, subject: str) -> str:
    """The preview's form: a reply from the e-mail's recipient to its Reply-To, posted to the local inbox."""
    subject = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    hidden = "".join(f'<input type="hidden" name="{name}" value="{escape(value)}">' for name, value in (
        ("from", sender), ("to", reply_to), ("in_reply_to", message_id), ("subject", subject)))
    return (f'<form method="post" action="{escape(action)}" style="margin:2em 0;padding:1em;border:1px dashed #999">'
            f'<p><strong>Reply as this player</strong> ({escape(sender)}, local server only)</p>{hidden}'
            '<textarea name="text" rows="4" cols="60" placeholder="1"></textarea><br>'
            '<button type="submit">Send the reply</button></form>')


def form_mail(fields: dict[str, str]) -> bytes:
    """The mail the reply form describes, as a mail client writes it."""
    message = EmailMessage()
    message["From"], message["To"] = fields["from"], fields["to"]
    message["Subject"] = fields.get("subject") or "Re: your turn"
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="localhost")
    if fields.get("in_reply_to"):
        message["In-Reply-To"] = message["References"] = fields["in_reply_to"]
    message.set_content(fields.get("text") or "")
    return message.as_bytes()


def _envelope(raw: bytes) -> tuple[str, list[str]]:
    """A posted mail's envelope, from its headers: From's address and the To and Cc addresses."""
    message = message_from_bytes(raw, policy=policy.default)
    recipients = [a for _, a in getaddresses([str(v) for k in ("To", "Cc") for v in message.get_all(k) or []]) if a]
    return parseaddr(str(message.get("From") or ""))[1], recipients


class Inbox:
    def __init__(self, invoke: Callable[[str, dict[str, Any]], Any], confirmed: Callable[[str], bool],
                 echo: Callable[[str], None] | None = None) -> None:
        """`confirmed(address)`: whether the address is a player's confirmed one (the local verdicts)."""
        self.invoke, self.confirmed, self.echo = invoke, confirmed, echo
        self.smtp: str | None = None  # host:port of the SMTP listener, once started

    def deliver(self, raw: bytes, mail_from: str, recipients: list[str]) -> dict[str, int]:
        """What InboundMailFunction made of the mail (its outcomes, e.g. {"answered": 1})."""
        event = ses_event(raw, mail_from, recipients, bool(mail_from) and self.confirmed(mail_from))
        done: dict[str, int] = self.invoke(INBOUND_FUNCTION, event)
        if self.echo is not None:
            self.echo(f"[inbox] a reply: {', '.join(done) or 'nothing'}")
        return done

    def paths(self) -> dict[str, Callable[[HttpRequest], HttpResponse]]:
        return {INBOX_PATH: self.post}

    def shown(self) -> dict[str, Any]:
        return {"smtp": self.smtp, "reply_domain": REPLY_DOMAIN}

    def post(self, request: HttpRequest) -> HttpResponse:
        content_type = next((v for k, v in request.headers if k.lower() == "content-type"), "")
        form = content_type.split(";")[0].strip().lower() == FORM
        if form:
            fields = {k: v[-1] for k, v in parse_qs(request.body.decode("utf-8", "replace")).items()}
            if not fields.get("from") or not fields.get("to"):
                return error_response(422, "invalid_request", "the form needs from and to")
            raw = form_mail(fields)
        else:
            raw = request.body
        sender, recipients = _envelope(raw)
        if not raw.strip() or not recipients:
            return error_response(422, "invalid_request", "POST a mail (.eml) with a To header")
        done = self.deliver(raw, sender, recipients)
        if form:
            page = f"<!doctype html><title>Reply sent</title><p>Reply delivered: {escape(', '.join(done))}.</p>"
            return HttpResponse(200, [("content-type", "text/html; charset=utf-8")], page.encode())
        return HttpResponse(200, [("content-type", "application/json")], json.dumps({"done": done}).encode())


class _Handler:
    """aiosmtpd's handler: every accepted mail goes to the inbox (in a worker thread, off the loop)."""

    def __init__(self, inbox: Inbox) -> None:
        self.inbox = inbox

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        raw = raw if isinstance(raw, bytes) else str(raw).encode()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self.inbox.deliver, raw, str(envelope.mail_from or ""),
                                   [str(r) for r in envelope.rcpt_tos])
        return "250 Message accepted for delivery"


class SmtpListener:
    """An SMTP server (aiosmtpd's protocol) on its own asyncio loop and thread. Idle, the loop waits in the
    selector without a timeout: no polling."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_server((host, port))  # bound now: a busy port fails before anything starts
        self.address = self.sock.getsockname()[:2]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="smtp", daemon=True)
        self.server: asyncio.base_events.Server | None = None

    @property
    def bound(self) -> str:
        return f"{self.address[0]}:{self.address[1]}"

    def start(self, inbox: Inbox) -> None:
        from aiosmtpd.smtp import SMTP

        handler = _Handler(inbox)

        def factory() -> SMTP:
            return SMTP(handler, hostname=REPLY_DOMAIN, ident="Distilled local inbox", enable_SMTPUTF8=True)

        # The server is made on the listener's own loop, in its thread: the caller's thread may run a loop of its
        # own (a test's browser driver does), where run_until_complete would refuse to run.
        self.thread.start()
        made = asyncio.run_coroutine_threadsafe(self.loop.create_server(factory, sock=self.sock), self.loop)
        self.server = made.result(timeout=30)
        inbox.smtp = self.bound

    def stop(self) -> None:
        if self.server is not None:
            self.loop.call_soon_threadsafe(self.server.close)
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=5)
        if not self.thread.is_alive():
            self.loop.close()
        self.sock.close()


def use_reply_domain(resources: Any) -> None:
    """The template's ReplyDomain parameter, locally: REPLY_DOMAIN (and so Reply-To on "your turn" e-mails)."""
    if "ReplyDomain" in (resources.template.get("Parameters") or {}):
        resources.refs["ReplyDomain"] = REPLY_DOMAIN


def confirmed_address(dynamodb: Callable[[], Any], table: str) -> Callable[[str], bool]:
    """Whether an address is a player's confirmed one, looked up as the SES feedback looks a player up."""

    def confirmed(address: str) -> bool:
        from infra.players.base import address_hash
        from infra.players.dynamodb import DynamoPlayerStore

        store = DynamoPlayerStore(table, dynamodb())
        player_id = store.player_of_address(address_hash(address))
        record = store.get(player_id) if player_id else None
        return bool(record and record.email and record.email_confirmed
                    and address_hash(record.email) == address_hash(address))

    return confirmed
