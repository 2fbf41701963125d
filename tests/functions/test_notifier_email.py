"""The notifier's e-mails: sent beside the SNS notices when configured, once per record however often the
stream delivers it, to a seat's player's confirmed address or the seat's own contact."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from domain.options import SeatSpec
from functions import container
from infra.channels.email import MemoryEmailSender
from service.games import pipeline
from tests.functions.test_notifier import invoke, records
from tests.service.support import MemoryWorld


@pytest.fixture
def mails(memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryEmailSender]:
    sender = MemoryEmailSender()
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example/")
    container.install(replace(container.given(), email_sender=sender))
    yield sender


def new_game(world: MemoryWorld, contacts: list[dict[str, str] | None]) -> Any:
    seats = [SeatSpec(name=f"P{i}") for i in range(len(contacts))]
    return pipeline.create_game(world.store, seats, contacts=contacts, rng=random.Random(1))


def test_a_record_delivered_twice_sends_each_email_once(memory: MemoryWorld, mails: MemoryEmailSender) -> None:
    created = new_game(memory, [{"email": "a@example.net"}, None, {"email": "c@example.net"}])
    game = created.aggregate.game_id
    batch = records(memory.store, game)
    assert invoke(batch) == {"batchItemFailures": []}
    assert invoke(batch) == {"batchItemFailures": []}
    assert sorted(e.to for e in mails.sent) == ["a@example.net", "c@example.net"]
    assert len(memory.outbox.messages) == 3  # the SNS notices, unchanged
    for email in mails.sent:
        assert f"https://play.example/play/{game}#link=l~" in email.text
        assert not any(token in email.text or token in email.html for token in created.tokens)


def test_a_failed_send_fails_the_record_and_its_retry_sends_only_the_email(memory: MemoryWorld,
                                                                             mails: MemoryEmailSender) -> None:
    game = new_game(memory, [{"email": "a@example.net"}]).aggregate.game_id

    class Down:
        def send(self, email: object) -> None:
            raise ConnectionError("SES down")

    container.install(replace(container.given(), email_sender=Down()))
    failed = invoke(records(memory.store, game))
    assert len(failed["batchItemFailures"]) == 1
    container.install(replace(container.given(), email_sender=mails))
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    assert len(mails.sent) == 1 and len(memory.outbox.messages) == 1


def test_without_a_page_address_no_email_is_sent(memory: MemoryWorld, mails: MemoryEmailSender,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAGE_BASE_URL")
    game = new_game(memory, [{"email": "a@example.net"}]).aggregate.game_id
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    assert mails.sent == [] and len(memory.outbox.messages) == 1


def test_an_email_tells_what_happened_since_the_seat_last_looked(memory: MemoryWorld,
                                                                 mails: MemoryEmailSender) -> None:
    """The e-mail's history is the seat's catch-up (docs/catch-up.md): after its last move, or its last look
    when that is newer."""
    from infra.last_seen import memory_last_seen

    game = new_game(memory, [{"email": "a@example.net"}, {"email": "b@example.net"}]).aggregate.game_id
    memory_last_seen(memory.store).mark(game, 1, 1, "2026-12-01T10:00:00.000Z")  # seat 1 read its view at v1
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    sent = {e.to: e.text for e in mails.sent}
    assert "Game created for P0 and P1" in sent["a@example.net"]
    assert "Game created" not in sent["b@example.net"] and "Nothing has happened yet" in sent["b@example.net"]
