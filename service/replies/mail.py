"""Reading a raw RFC 5322 mail: who sent it, to which addresses, whether a machine sent it, and the new text
above the quoted original, line by line.

Machines are not answered (RFC 3834: `Auto-Submitted` other than `no`; `Precedence: bulk|list|junk`;
`X-Autoreply`, `X-Autorespond`; a list's `List-Id`; bounces, from `MAILER-DAEMON` or `postmaster` or with an empty
Return-Path): answering them would start a loop. The new text: the plain part (an HTML-only mail converted to
text, its quoted blocks dropped), then mail-parser-reply cuts the quoted original ("On … wrote:", Outlook's
"From: … Sent: …", "-----Original Message-----"), `>` lines and the signature ("-- ", "Sent from my iPhone").
"""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses
from html.parser import HTMLParser

from domain.records import record

MAX_LINES = 20  # a reply's commands run at most this many lines; the rest is not read
MAX_LINE = 200
_AUTOMATIC_SENDERS = ("mailer-daemon", "postmaster")
_LANGUAGES = ["en", "es", "de", "fr"]


@record(frozen=True)
class Incoming:
    message_id: str
    sender: str  # From's address, lower-cased ("" when none or several)
    recipients: tuple[str, ...]  # To, Cc, Delivered-To, X-Original-To header values
    subject: str
    automatic: bool
    lines: tuple[str, ...]  # the new text's non-empty lines, stripped


def parse(raw: bytes) -> Incoming:
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    senders = getaddresses([str(v) for v in message.get_all("From") or []])
    sender = senders[0][1] if len(senders) == 1 else ""
    recipients = tuple(str(v) for name in ("To", "Cc", "Delivered-To", "X-Original-To")
                       for v in message.get_all(name) or [])
    return Incoming(message_id=str(message.get("Message-ID") or "").strip(), sender=sender.strip().lower(),
                    recipients=recipients, subject=str(message.get("Subject") or ""),
                    automatic=automatic(message, sender), lines=tuple(new_lines(text_of(message))))


def automatic(message: EmailMessage, sender: str) -> bool:
    """Sent by a machine (an auto-reply, an out-of-office, a bounce, a list): never answered."""
    auto = str(message.get("Auto-Submitted") or "").strip().lower()
    precedence = str(message.get("Precedence") or "").strip().lower()
    return_path = message.get("Return-Path")
    return ((bool(auto) and auto != "no") or precedence in ("bulk", "list", "junk")
            or any(message.get(h) is not None for h in ("X-Autoreply", "X-Autorespond", "List-Id"))
            or sender.strip().lower().partition("@")[0] in _AUTOMATIC_SENDERS
            or (return_path is not None and str(return_path).strip() in ("", "<>")))


def text_of(message: EmailMessage) -> str:
    """The plain-text body; an HTML-only mail's HTML as text."""
    part = message.get_body(("plain",))
    if part is not None:
        return str(part.get_content())
    part = message.get_body(("html",))
    return html_text(str(part.get_content())) if part is not None else ""


def new_lines(text: str) -> list[str]:
    """The reply's own lines: above the quoted original, without its signature; blank lines left out."""
    from mailparser_reply import EmailReplyParser

    text = text.replace("\r\n", "\n")
    replies = EmailReplyParser(languages=_LANGUAGES).read(text).replies
    body = replies[0].body if replies else text
    lines = [line.strip()[:MAX_LINE] for line in body.splitlines()]
    return [line for line in lines if line and not line.startswith(">")][:MAX_LINES]


class _Text(HTMLParser):
    """HTML to lines of text: block elements end a line; quoted blocks (`blockquote`, Gmail's `gmail_quote`,
    Yahoo's), scripts and styles are dropped, and everything from Outlook's or Thunderbird's reply header on."""

    _BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol", "hr"}
    _VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "area", "base", "col", "embed", "source"}
    _QUOTE = re.compile(r"gmail_quote|yahoo_quoted", re.I)
    _CUT = re.compile(r"divRplyFwdMsg|appendonsend|moz-cite-prefix", re.I)

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []  # the open elements whose content is dropped
        self.cut = False  # the rest is the quoted original

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCKS:
            self.parts.append("\n")
        if tag in self._VOID:
            return
        marks = " ".join(v or "" for k, v in attrs if k in ("class", "id"))
        self.cut = self.cut or bool(self._CUT.search(marks))
        if self.skipping or tag in ("blockquote", "script", "style", "head") or self._QUOTE.search(marks):
            self.skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        if tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping and not self.cut:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(" ".join(line.split()) for line in "".join(parser.parts).splitlines())
