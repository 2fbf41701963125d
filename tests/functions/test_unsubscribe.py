"""One-click unsubscribe (RFC 8058) from a notice e-mail: the header and the footer carry one URL; GET shows a
button and changes nothing; POST List-Unsubscribe=One-Click turns e-mail off for that player or that seat
contact, after which nothing more is sent; any other token gets the very same answer and writes nothing."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from domain.options import SeatSpec
from functions import container
from functions.mail import unsubscribe, unsubscribe_page
from infra.channels.email import MemoryEmailSender, address_hash, mime
from infra.mail_state import MemoryMailState
from infra.players import PlayerRecord
from service.games import pipeline
from tests.functions.test_notifier import invoke, records
from tests.service.gateway import FakeContext
from tests.service.support import MemoryWorld

BASE = "https://play.example"
ONE_CLICK = "List-Unsubscribe=One-Click"
PLAYER = "pAAAAAAAAAAAAAAAA"


@pytest.fixture
def mails(memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MemoryEmailSender, MemoryMailState]]:
    sender, state = MemoryEmailSender(), MemoryMailState()
    monkeypatch.setenv("PAGE_BASE_URL", BASE)
    container.install(replace(container.given(), email_sender=sender, mail_state=state))
    yield sender, state


def http(method: str, token: str, body: str | None = None, **headers: str) -> dict[str, Any]:
    event = {"version": "2.0", "routeKey": f"{method} /unsubscribe/{{token}}", "rawPath": f"/unsubscribe/{token}",
             "headers": {"content-type": "application/x-www-form-urlencoded", **headers},
             "pathParameters": {"token": token}, "body": body, "isBase64Encoded": False,
             "requestContext": {"http": {"method": method, "path": f"/unsubscribe/{token}"}}}
    handler = unsubscribe.lambda_handler if method == "POST" else unsubscribe_page.lambda_handler
    return handler(event, FakeContext())  # type: ignore[no-any-return]


def game(memory: MemoryWorld, contacts: list[dict[str, str] | None]) -> str:
    created = pipeline.create_game(memory.store, [SeatSpec(name=f"P{i}") for i in range(len(contacts))],
                                   contacts=contacts, rng=random.Random(1))
    return str(created.aggregate.game_id)


def the_url(email: Any) -> str:
    header = str(mime(email, "turns@example.org")["List-Unsubscribe"])
    (url,) = re.findall(rf"<({re.escape(BASE)}/unsubscribe/[^>]+)>", header)
    assert url in email.text and url in email.html, "the footer carries the header's URL"
    return str(url)


def test_a_seat_contact_unsubscribes_in_one_click_and_gets_nothing_more(
        memory: MemoryWorld, mails: tuple[MemoryEmailSender, MemoryMailState]) -> None:
    sender, state = mails
    game_id = game(memory, [{"email": "a@example.net"}])
    assert invoke(records(memory.store, game_id)) == {"batchItemFailures": []}
    (email,) = sender.sent
    url = the_url(email)
    token = url.rsplit("/", 1)[1]
    assert token.startswith("u~") and game_id not in token
    assert state.grants and token not in str(state.grants), "stored only hashed"

    page = http("GET", token)
    assert page["statusCode"] == 200 and 'method="post"' in page["body"] and "One-Click" in page["body"]
    assert state.suppressions == {}, "a GET (a link scanner) unsubscribes nobody"

    done = http("POST", token, ONE_CLICK)
    assert done["statusCode"] == 200
    assert state.suppressed(address_hash("a@example.net")) == "unsubscribed"
    unknown = http("POST", "u~" + "A" * 32, ONE_CLICK)
    malformed = http("POST", "not-a-token", ONE_CLICK)
    assert unknown == done == malformed, "no oracle: every token gets the same answer"
    assert len(state.suppressions) == 1, "an unknown token writes nothing"


def test_after_unsubscribing_no_email_is_sent(memory: MemoryWorld,
                                              mails: tuple[MemoryEmailSender, MemoryMailState]) -> None:
    sender, state = mails
    state.suppress(address_hash("A@Example.net"), "unsubscribed", "2026-01-01T00:00:00Z")
    game_id = game(memory, [{"email": "a@example.net"}])
    assert invoke(records(memory.store, game_id)) == {"batchItemFailures": []}
    assert sender.sent == [] and len(memory.outbox.messages) == 1  # SNS unchanged


def test_a_player_unsubscribes_itself_not_the_address(memory: MemoryWorld,
                                                      mails: tuple[MemoryEmailSender, MemoryMailState]) -> None:
    _, state = mails
    memory.players.create(PlayerRecord(PLAYER, "0" * 64, "Ada", "UTC", "t", "t"))
    token = container.reactions().unsubscribes.grant(PLAYER, address_hash("ada@example.org"))
    assert http("POST", token, ONE_CLICK)["statusCode"] == 200
    record = memory.players.get(PLAYER)
    assert record is not None and record.email_enabled is False and record.revision == 2
    assert http("POST", token, ONE_CLICK)["statusCode"] == 200
    again = memory.players.get(PLAYER)
    assert again is not None and again.revision == 2, "a second click writes nothing"
    assert state.suppressions == {}


def test_a_post_without_the_one_click_body_is_refused_and_writes_nothing(
        memory: MemoryWorld, mails: tuple[MemoryEmailSender, MemoryMailState]) -> None:
    _, state = mails
    token = container.reactions().unsubscribes.grant(None, address_hash("a@example.net"))
    for body in (None, "", "List-Unsubscribe=Later", "x" * 5000):
        refused = http("POST", token, body)
        assert refused["statusCode"] == 400 and '"not_one_click"' in refused["body"]
    assert state.suppressions == {}
    multipart = ('--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n')
    assert http("POST", token, multipart, **{"content-type": "multipart/form-data; boundary=b"})["statusCode"] == 200
    assert state.suppressed(address_hash("a@example.net")) == "unsubscribed"


def test_the_page_speaks_the_visitors_language(memory: MemoryWorld,
                                               mails: tuple[MemoryEmailSender, MemoryMailState]) -> None:
    assert 'lang="es"' in http("GET", "u~x", **{"accept-language": "es-ES,es;q=0.9"})["body"]
    assert "수신 거부" in http("GET", "u~x", **{"accept-language": "ko"})["body"]
    assert 'lang="en"' in http("GET", "u~x", **{"accept-language": "fr"})["body"]
