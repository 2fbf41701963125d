"""Playing by e-mail against the local server as a player's mail client would: the outbox's e-mails read, replies
written as clients write them (the new text, a signature, the original quoted below "On … wrote:", a
multipart/alternative with an HTML part) and sent over SMTP to the local listener (devtools/local/inbox.py)."""

from __future__ import annotations

import re
import smtplib
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from devtools.client import ApiClient
from devtools.client import players as api
from tests.local.process import ServerProcess, eventually

NOT_PLAYED = ("resign", "take_back")  # the policy's moves never chosen
AVOIDED = ("trade",)  # nor these while there is anything else (trades first, every time, never distil)
_LISTED = re.compile(r"^\s*(\d+)[.)]\s+(.+?)\s*$", re.MULTILINE)


def confirmed_email_player(client: ApiClient, server: ServerProcess, name: str, address: str) -> dict[str, Any]:
    """A player whose address is confirmed (the code from the local outbox's confirmation)."""
    player = api.create_player(client, name, None)
    api.update_me(client, player["key"], {"email": address})
    mail = eventually(lambda: next((m for e in server.outbox() if e.get("topic") == "email"
                                    and (m := e["message"]).get("to") == address and m.get("code")), None))
    client.request("POST", "/players/me/email/confirm", {"code": mail["code"]}, token=player["key"])
    assert api.me(client, player["key"])["contacts"]["email"]["confirmed"] is True
    return player


def mails_to(server: ServerProcess, address: str) -> list[dict[str, Any]]:
    entries = server.get("/_local/outbox?" + urlencode({"to": address}))
    return [e["message"] for e in entries if e.get("topic") == "email" and e["message"].get("to") == address]


def newest_reply_to(server: ServerProcess, address: str) -> dict[str, Any] | None:
    """The newest e-mail to the address that can be answered (a "your turn" or an answer, with a Reply-To)."""
    found = [m for m in mails_to(server, address) if m.get("reply_to")]
    return found[-1] if found else None


def answer_to(server: ServerProcess, address: str, message_id: str) -> dict[str, Any] | None:
    return next((m for m in mails_to(server, address) if m.get("in_reply_to") == message_id), None)


def parsed(mail: dict[str, Any]) -> EmailMessage:
    message = message_from_bytes(Path(mail["eml"]).read_bytes(), policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def text_of(mail: dict[str, Any]) -> str:
    part = parsed(mail).get_body(("plain",))
    return str(part.get_content()) if part is not None else ""


def _ranked(choices: list[tuple[int, str]]) -> list[int]:
    """The policy: the choices that are not resign or undo, trades after the rest, in their order."""
    played = [(n, t) for n, t in choices if not any(w in t for w in (*NOT_PLAYED, "undo"))]
    return [n for n, t in played if not any(w in t for w in AVOIDED)] + \
        [n for n, t in played if any(w in t for w in AVOIDED)]


def listed_choices(mail: dict[str, Any]) -> list[int]:
    """The policy's choices among the numbered choices the e-mail lists, best first (none listed: [])."""
    return _ranked([(int(n), t.lower().replace(" ", "_")) for n, t in _LISTED.findall(text_of(mail))])


def listed_choice(mail: dict[str, Any]) -> int | None:
    return next(iter(listed_choices(mail)), None)


def reply(mail: dict[str, Any], lines: list[str], name: str, **headers: str) -> EmailMessage:
    """A reply to `mail` from its recipient, as a mail client writes it: the lines, "-- " and a signature, the
    original quoted below "On … wrote:"; a text and an HTML part. `headers` override or add headers."""
    original = parsed(mail)
    quoted = "\n".join("> " + line for line in text_of(mail).splitlines())
    said = f"On {original.get('Date')}, Distilled <{original.get('From')}> wrote:"
    text = "\n".join(lines) + f"\n\n-- \n{name}\n\n{said}\n{quoted}\n"
    html = ("<div dir=\"ltr\">" + "".join(f"<div>{escape(line)}</div>" for line in lines)
            + f"<br>-- <br>{escape(name)}</div><div class=\"gmail_quote\"><div>{escape(said)}</div>"
            + "<blockquote class=\"gmail_quote\">" + escape(text_of(mail)).replace("\n", "<br>")
            + "</blockquote></div>")
    message = EmailMessage()
    message["From"] = f"{name} <{mail['to']}>"
    message["To"] = mail["reply_to"]
    subject = str(original.get("Subject") or "")
    message["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    message["Date"] = formatdate()
    message["Message-ID"] = make_msgid(domain="mail.example.net")
    message["In-Reply-To"] = message["References"] = str(original.get("Message-ID") or "")
    message["User-Agent"] = "Mozilla Thunderbird"
    message.set_content(text, cte="quoted-printable")
    message.add_alternative(f"<html><body>{html}</body></html>", subtype="html", cte="quoted-printable")
    for key, value in headers.items():
        del message[key.replace("_", "-")]
        message[key.replace("_", "-")] = value
    return message


def send(server: ServerProcess, message: EmailMessage, envelope_from: str | None = None) -> None:
    """Over SMTP to the local listener; returns once it has taken (and so handed on) the mail."""
    host, port = server.get("/_local/inbox")["smtp"].rsplit(":", 1)
    with smtplib.SMTP(host, int(port), timeout=60) as smtp:
        sender = envelope_from or str(message["From"]).rsplit("<", 1)[-1].rstrip(">")
        smtp.sendmail(sender, [str(message["To"])], message.as_bytes(policy=policy.SMTP))  # CRLF lines
