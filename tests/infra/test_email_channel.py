"""The SES v2 e-mail channel: one raw MIME message per e-mail, plain text and HTML, one-click unsubscribe."""

from __future__ import annotations

from email import message_from_bytes, policy

import boto3
from moto import mock_aws
from moto.backends import get_backend

from infra.channels.email import Email, MemoryEmailSender, SesEmailSender

REGION = "eu-west-1"
SENDER = "turns@example.com"
EMAIL = Email("ana@example.net", "Your turn", "plain words", "<p>html words</p>",
              "https://games.example/unsubscribe?u=1", "g1:7:2:email")


def test_ses_gets_one_raw_message_with_both_bodies_and_the_unsubscribe_headers() -> None:
    with mock_aws():
        boto3.client("ses", region_name=REGION).verify_email_identity(EmailAddress=SENDER)
        SesEmailSender(boto3.client("sesv2", region_name=REGION), SENDER, "turns").send(EMAIL)
        (sent,) = get_backend("ses")["123456789012"][REGION].sent_messages
    assert sent.source == SENDER and EMAIL.to in sent.destinations
    message = message_from_bytes(sent.raw_data.encode(), policy=policy.default)
    assert message["Subject"] == "Your turn" and message["To"] == EMAIL.to
    unsubscribe = f"<https://games.example/unsubscribe?u=1>, <mailto:{SENDER}?subject=unsubscribe>"
    assert message["List-Unsubscribe"] == unsubscribe
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["X-Distilled-Notice"] == "g1:7:2:email"
    plain = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert plain is not None and plain.get_content().strip() == "plain words"
    assert html is not None and html.get_content().strip() == "<p>html words</p>"


def test_the_configuration_set_is_named_when_given() -> None:
    calls: list[dict[str, object]] = []

    class Client:
        def send_email(self, **request: object) -> None:
            calls.append(request)

    SesEmailSender(Client(), SENDER, "turns").send(EMAIL)
    SesEmailSender(Client(), SENDER).send(EMAIL)
    assert calls[0]["ConfigurationSetName"] == "turns" and "ConfigurationSetName" not in calls[1]
    assert calls[0]["FromEmailAddress"] == SENDER and calls[0]["Destination"] == {"ToAddresses": [EMAIL.to]}


def test_the_memory_fake_keeps_what_was_sent() -> None:
    fake = MemoryEmailSender()
    fake.send(EMAIL)
    assert fake.sent == [EMAIL]


def test_without_an_unsubscribe_address_a_reply_unsubscribes() -> None:
    from dataclasses import replace

    from infra.channels.email import mime

    message = mime(replace(EMAIL, unsubscribe_url=None), SENDER)
    assert message["List-Unsubscribe"] == f"<mailto:{SENDER}?subject=unsubscribe>"
    assert message["List-Unsubscribe-Post"] is None
