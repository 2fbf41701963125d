"""The local mailbox: what SES (moto) accepted becomes `.eml` files, an HTML preview each, and outbox entries
that name the game, the seat and the link."""

from __future__ import annotations

from pathlib import Path

import boto3
from moto import mock_aws

from devtools.local.mail import LOCAL_SENDER, Mailbox, mail_environment, moto_sent, verify_sender
from devtools.local.outbox import Outbox
from infra.channels.email import Email, SesEmailSender

REGION = "us-east-1"
LINK = "http://127.0.0.1:3000/play/g1#link=l~" + "A" * 32


def email(seat: int) -> Email:
    return Email(f"seat{seat}@example.net", "Your turn: Game g1", f"Your turn.\n\n{LINK}\n",
                 f'<p>Your turn.</p><p><a href="{LINK}">Game g1</a></p>', None, f"g1:7:{seat}:email")


class NoSqs:
    def receive_message(self, **_: object) -> dict[str, object]:
        return {}


def test_sent_emails_become_eml_files_previews_and_outbox_entries(tmp_path: Path) -> None:
    with mock_aws():
        verify_sender(boto3.client("ses", region_name=REGION))
        sender = SesEmailSender(boto3.client("sesv2", region_name=REGION), LOCAL_SENDER)
        mailbox = Mailbox(tmp_path / "mail", moto_sent(REGION))
        outbox = Outbox()
        outbox.sources.append(mailbox.collect)
        sender.send(email(0))
        sender.send(email(2))
        assert outbox.drain(NoSqs(), "queue") == 2
        assert outbox.drain(NoSqs(), "queue") == 0  # each e-mail once
    entries = outbox.entries()
    assert [e["message"]["seat"] for e in entries] == [0, 2]
    first = entries[0]["message"]
    assert first["kind"] == "email" and first["game_id"] == "g1" and first["version"] == 7
    assert first["to"] == "seat0@example.net" and first["link"] == LINK
    eml, preview = Path(first["eml"]), Path(first["preview"])
    assert eml.parent == tmp_path / "mail" and eml.suffix == ".eml" and "List-Unsubscribe:" in eml.read_text()
    assert f'href="{LINK}"' in preview.read_text() and first["html"] == preview.read_text()


def test_only_functions_that_declare_the_mail_settings_get_them() -> None:
    declared = {"PAGE_BASE_URL": "", "EMAIL_FROM": "", "SES_CONFIGURATION_SET": "", "TOPIC_ARN": "x"}
    assert mail_environment(declared, "http://127.0.0.1:3000") == {
        "PAGE_BASE_URL": "http://127.0.0.1:3000", "EMAIL_FROM": LOCAL_SENDER, "SES_CONFIGURATION_SET": ""}
    assert mail_environment({"TABLE_NAME": "t"}, "http://x") == {}
