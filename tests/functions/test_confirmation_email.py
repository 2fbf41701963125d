"""The confirmation e-mail for a new address: with the e-mail channel configured the outbox sends it through
the e-mail sender (not the topic), in the player's language, with the link that confirms it and the code's
expiry, and no key; without it, the topic gets the message as before."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from functions import notifier
from infra.channels.email import MemoryEmailSender
from tests.functions.test_player_handlers import created, gw, relay
from tests.service.gateway import Gateway
from tests.service.iam import assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import AwsWorld, give

__all__ = ["gw"]
WORDS = {"en": "Confirm your e-mail address", "es": "Confirma tu dirección", "ko": "이메일 주소를 확인해 주세요"}


@pytest.fixture
def mails(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryEmailSender]:
    sender = MemoryEmailSender()
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    monkeypatch.setenv("PUBLIC_URL", "https://api.example.org")
    give(email_sender=sender)
    yield sender


@pytest.mark.parametrize("language", ["en", "es", "ko"])
def test_the_confirmation_goes_by_email_in_the_players_language_and_its_link_confirms(
        gw: Gateway, aws: AwsWorld, mails: MemoryEmailSender, language: str) -> None:
    stream = StreamReader(aws.dynamodb)
    _, key = created(gw, "Ada")
    patched = gw.request("PATCH", "/players/me", {"email": "ada@example.org", "language": language}, token=key)
    assert patched.status == 200
    expires = patched.body["contacts"]["email"]["confirmation_expires_at"]
    assert relay(aws, gw, stream) == [], "sent as an e-mail: nothing on the topic"
    (email,) = mails.sent
    assert email.to == "ada@example.org" and WORDS[language] in email.subject
    assert expires.replace("T", " ").rstrip("Z") in email.text
    assert key not in email.text + email.html and key.split(".")[1] not in email.text + email.html
    (link,) = [w for w in email.text.split() if w.startswith("https://api.example.org/players/")]
    assert f'href="{link}"' in email.html.replace("&amp;", "&")
    parts = urlsplit(link)
    opened = gw.get(parts.path, query={"code": parse_qs(parts.query)["code"][0]})
    assert opened.status == 200 and opened.body["confirmed"]
    assert gw.get("/players/me", token=key).body["contacts"]["email"]["confirmed"] is True
    assert_within_policies(gw.operations)


def test_a_failed_confirmation_send_fails_the_record_and_keeps_the_item(gw: Gateway, aws: AwsWorld,
                                                                        mails: MemoryEmailSender) -> None:
    from tests.service.gateway import FakeContext

    class Down:
        def send(self, email: object) -> None:
            raise ConnectionError("SES down")

    stream = StreamReader(aws.dynamodb)
    _, key = created(gw)
    assert gw.request("PATCH", "/players/me", {"email": "ada@example.org"}, token=key).status == 200
    batch = stream.read()
    give(email_sender=Down())
    assert len(notifier.lambda_handler({"Records": batch}, FakeContext())["batchItemFailures"]) == 1
    give(email_sender=mails)
    assert notifier.lambda_handler({"Records": batch}, FakeContext()) == {"batchItemFailures": []}
    assert len(mails.sent) == 1, "at least once: the stream's retry sends it"
