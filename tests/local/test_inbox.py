"""The local inbox (devtools/local/inbox.py) without a server: the SES event it makes, the local verdicts, the
reply form and its mail, POST /_local/inbox, and the SMTP listener handing a mail on."""

from __future__ import annotations

import base64
import json
import smtplib
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from devtools.local.apigw import HttpRequest
from devtools.local.inbox import INBOUND_FUNCTION, Inbox, SmtpListener, form_mail, ses_event
from devtools.local.mail import entry_from_email
from functions.mail.inbound import _raw
from service.replies.inbound import verdicts_of

ADA = "ada@example.net"
REPLY = "play+tok@distilled.local"


class Recorder:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def invoke(self, function: str, event: dict[str, Any]) -> dict[str, int]:
        assert function == INBOUND_FUNCTION
        self.events.append(event)
        return {"answered": 1}


def raw_reply(sender: str = ADA) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, REPLY, "Re: Your turn"
    message["Message-ID"] = "<r1@example.net>"
    message.set_content("1\n")
    return message.as_bytes()


def test_the_event_is_the_one_the_handler_reads_with_the_local_verdicts() -> None:
    event = ses_event(b"raw", ADA, [REPLY], authenticated=True)
    ses = event["Records"][0]["ses"]
    assert _raw(ses, ses["mail"]["messageId"]) == b"raw"
    verdicts = verdicts_of(ses["receipt"])
    assert verdicts.authenticated and not verdicts.harmful and ses["receipt"]["recipients"] == [REPLY]
    refused = verdicts_of(ses_event(b"raw", "mallory@example.org", [REPLY], authenticated=False)
                          ["Records"][0]["ses"]["receipt"])
    assert not refused.authenticated and not refused.harmful


def test_a_posted_eml_is_delivered_with_its_from_as_the_envelope_sender() -> None:
    recorder = Recorder()
    inbox = Inbox(recorder.invoke, lambda address: address == ADA)
    for sender, verdict in ((ADA, "PASS"), ("mallory@example.org", "FAIL")):
        answer = inbox.post(HttpRequest("POST", "/_local/inbox", [("content-type", "message/rfc822")],
                                        raw_reply(sender), "127.0.0.1", "localhost"))
        assert (answer.status, json.loads(answer.body)) == (200, {"done": {"answered": 1}})
        ses = recorder.events[-1]["Records"][0]["ses"]
        assert ses["mail"]["source"] == sender and ses["receipt"]["spfVerdict"]["status"] == verdict
    empty = inbox.post(HttpRequest("POST", "/_local/inbox", [], b"", "127.0.0.1", "localhost"))
    assert empty.status == 422


def test_the_reply_form_posts_a_reply_to_the_reply_address() -> None:
    recorder = Recorder()
    inbox = Inbox(recorder.invoke, lambda address: True)
    body = urlencode({"from": ADA, "to": REPLY, "in_reply_to": "<turn@distilled.local>", "subject": "Re: Your turn",
                      "text": "1"}).encode()
    answer = inbox.post(HttpRequest("POST", "/_local/inbox", [("content-type", "application/x-www-form-urlencoded")],
                                    body, "127.0.0.1", "localhost"))
    assert answer.status == 200 and b"answered" in answer.body
    raw = base64.b64decode(recorder.events[-1]["Records"][0]["ses"]["content"])
    mail = message_from_bytes(raw, policy=policy.default)
    assert (mail["From"], mail["To"], mail["In-Reply-To"]) == (ADA, REPLY, "<turn@distilled.local>")
    assert mail["Message-ID"] and "1" in mail.get_content()
    assert form_mail({"from": ADA, "to": REPLY})  # subject and text optional


def test_an_email_with_a_reply_to_has_the_form_in_its_preview(tmp_path: Path) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "turns@distilled.local", ADA, "Your turn"
    message["Reply-To"], message["Message-ID"] = REPLY, "<turn@distilled.local>"
    message.set_content("Your turn")
    message.add_alternative("<html><body><p>Your turn</p></body></html>", subtype="html")
    entry = entry_from_email("m1", message.as_string(), tmp_path, "http://127.0.0.1:3000/_local/inbox")
    notice = entry["message"]
    assert (notice["reply_to"], notice["message_id"]) == (REPLY, "<turn@distilled.local>")
    preview = Path(notice["preview"]).read_text()
    assert 'action="http://127.0.0.1:3000/_local/inbox"' in preview and "Reply as this player" in preview
    assert preview.index("<form") < preview.index("</body>") and "<form" not in notice["html"]
    del message["Reply-To"]
    plain = entry_from_email("m2", message.as_string(), tmp_path, "http://127.0.0.1:3000/_local/inbox")
    assert "<form" not in Path(plain["message"]["preview"]).read_text() and plain["message"]["reply_to"] is None


def test_the_smtp_listener_hands_each_mail_on_and_idles_without_polling() -> None:
    recorder = Recorder()
    inbox = Inbox(recorder.invoke, lambda address: address == ADA)
    listener = SmtpListener("127.0.0.1", 0)
    listener.start(inbox)
    try:
        assert inbox.smtp == listener.bound
        with smtplib.SMTP(*listener.address, timeout=30) as smtp:
            smtp.sendmail(ADA, [REPLY], raw_reply())
        ses = recorder.events[-1]["Records"][0]["ses"]  # handed on before the 250
        assert ses["mail"]["source"] == ADA and ses["receipt"]["dkimVerdict"]["status"] == "PASS"
        assert message_from_bytes(base64.b64decode(ses["content"]))["Message-ID"] == "<r1@example.net>"
        started = time.process_time()
        time.sleep(1.0)
        assert time.process_time() - started < 0.05, "the idle SMTP loop used the CPU"
    finally:
        listener.stop()
    assert not listener.thread.is_alive()
