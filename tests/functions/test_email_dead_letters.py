"""An e-mail whose sends keep failing is not lost: after MAX_SEND_ATTEMPTS it goes to the e-mail dead-letter
queue with what a re-drive needs (no address, no content), its record stops failing, and
devtools/resend_notices.py sends it again, once."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from domain.options import SeatSpec
from functions import container
from infra.channels.email import Email, MemoryEmailSender
from infra.mail_state import MemoryDeadLetters, MemoryMailState, SqsDeadLetters
from service.bootstrap import Given
from service.games import pipeline
from service.notices.email.channel import MAX_SEND_ATTEMPTS
from service.notices.registry import Channels
from service.notices.resend import GONE, SENT, SKIPPED, resend
from tests.functions.test_notifier import invoke, records
from tests.service.support import MemoryWorld


class Down:
    def __init__(self) -> None:
        self.tried = 0

    def send(self, email: Email) -> None:
        self.tried += 1
        raise TimeoutError("SES did not answer")


@pytest.fixture
def dead(memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryDeadLetters]:
    letters = MemoryDeadLetters()
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    container.install(replace(container.given(), mail_state=MemoryMailState(), dead_letters=letters))
    yield letters


def redrive(sender: Any) -> Channels:
    """The channels a re-drive sends through (devtools/resend_notices.py), over `sender`."""
    container.install(replace(container.given(), email_sender=sender))
    return container.reactions().without_hold()


def test_the_last_failed_send_goes_to_the_queue_and_a_redrive_sends_it_once(memory: MemoryWorld,
                                                                             dead: MemoryDeadLetters) -> None:
    created = pipeline.create_game(memory.store, [SeatSpec(name="A"), SeatSpec(name="B")],
                                   contacts=[{"email": "a@example.net"}, None], rng=random.Random(1))
    game = created.aggregate.game_id
    down = Down()
    container.install(replace(container.given(), email_sender=down))
    for _ in range(MAX_SEND_ATTEMPTS - 1):
        assert len(invoke(records(memory.store, game))["batchItemFailures"]) == 1, "retried by the stream"
        assert dead.entries == []
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}, "given up: the record succeeds"
    assert down.tried == MAX_SEND_ATTEMPTS
    (entry,) = dead.entries
    assert entry == {"game_id": game, "version": 1, "seat": 0, "kind": "your_turn", "channel": "email",
                     "error": "TimeoutError", "attempts": MAX_SEND_ATTEMPTS}
    assert "a@example.net" not in json.dumps(entry)

    sent = MemoryEmailSender()
    channels = redrive(sent)
    assert resend(entry, container.games().plan, channels) == SENT
    assert [e.to for e in sent.sent] == ["a@example.net"]
    assert resend(entry, container.games().plan, redrive(sent)) == SKIPPED, "its key is sent: not again"
    assert len(sent.sent) == 1
    assert resend({**entry, "kind": "game_over"}, container.games().plan, redrive(sent)) == GONE, "no such notice"


def test_without_a_queue_a_failed_send_keeps_failing_its_record(memory: MemoryWorld,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    down = Down()
    container.install(replace(container.given(), email_sender=down))
    game = pipeline.create_game(memory.store, [SeatSpec(name="A")], contacts=[{"email": "a@example.net"}],
                                rng=random.Random(1)).aggregate.game_id
    for _ in range(MAX_SEND_ATTEMPTS + 1):
        assert len(invoke(records(memory.store, game))["batchItemFailures"]) == 1
    assert down.tried == MAX_SEND_ATTEMPTS + 1


def test_the_resend_tool_drains_the_queue_and_keeps_what_fails_again() -> None:
    import boto3
    from moto import mock_aws

    from devtools.resend_notices import drain

    with mock_aws():
        sqs = boto3.client("sqs", region_name="eu-west-1")
        url = sqs.create_queue(QueueName="emails-dlq")["QueueUrl"]
        letters = SqsDeadLetters(sqs, url)
        for seat in range(3):
            letters.put({"game_id": "g1", "version": 2, "seat": seat, "kind": "your_turn", "channel": "email"})

        def handle(entry: dict[str, Any]) -> str:
            if entry["seat"] == 2:
                raise ConnectionError("SES down")
            return SENT

        assert drain(sqs, url, handle) == {SENT: 2, "failed:ConnectionError": 1}
        sqs.set_queue_attributes(QueueUrl=url, Attributes={"VisibilityTimeout": "0"})
        left = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages",
                                                                     "ApproximateNumberOfMessagesNotVisible"])
        counts = left["Attributes"]
        assert int(counts["ApproximateNumberOfMessages"]) + int(counts["ApproximateNumberOfMessagesNotVisible"]) == 1


def test_the_dead_letter_queue_client_is_built_once_per_container(monkeypatch: pytest.MonkeyPatch) -> None:
    """The push channel asks for it on every stream record: a client built each time would cost each record."""
    monkeypatch.setenv("EMAIL_DEAD_LETTER_QUEUE_URL", "https://sqs.us-east-1.amazonaws.com/123456789012/dead")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    container.install(Given())
    try:
        first = container.reactions().dead_letters
        assert isinstance(first, SqsDeadLetters) and container.reactions().dead_letters is first
        assert container.reactions().channels.delivery.dead_letters is first, "the channels' loop uses that one"
    finally:
        container.reset()
