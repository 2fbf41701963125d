"""An e-mail whose sends keep failing is not lost: after MAX_SEND_ATTEMPTS it goes to the e-mail dead-letter
queue with what a re-drive needs (no address, no content), its record stops failing, and
devtools/resend_notices.py sends it again, once."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.options import SeatSpec
from functions import container, notifier
from functions.mail import wiring
from infra.channels.email import Email, MemoryEmailSender
from infra.mail_state import MemoryDeadLetters, MemoryMailState, SqsDeadLetters
from service.games import pipeline
from service.notices.email.plan import MAX_SEND_ATTEMPTS, Mailer
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
    wiring.use(state=MemoryMailState(), dead_letters=letters)
    yield letters
    notifier.use_email_sender(None)
    wiring.use()


def mailer(sender: Any) -> Mailer:
    return Mailer(sender, container.markers(), container.links(), container.store().commits, "https://play.example",
                  container.services().player_store, state=wiring.mail_state(), unsubscribes=wiring.unsubscribes())


def test_the_last_failed_send_goes_to_the_queue_and_a_redrive_sends_it_once(memory: MemoryWorld,
                                                                             dead: MemoryDeadLetters) -> None:
    created = pipeline.create_game(memory.store, [SeatSpec(name="A"), SeatSpec(name="B")],
                                   contacts=[{"email": "a@example.net"}, None], rng=random.Random(1))
    game = created.aggregate.game_id
    down = Down()
    notifier.use_email_sender(down)
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
    assert resend(entry, container.games().plan, mailer(sent)) == SENT
    assert [e.to for e in sent.sent] == ["a@example.net"]
    assert resend(entry, container.games().plan, mailer(sent)) == SKIPPED, "its key is sent: not again"
    assert len(sent.sent) == 1
    assert resend({**entry, "kind": "game_over"}, container.games().plan, mailer(sent)) == GONE, "no such notice"


def test_without_a_queue_a_failed_send_keeps_failing_its_record(memory: MemoryWorld,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    notifier.use_email_sender(Down())
    try:
        game = pipeline.create_game(memory.store, [SeatSpec(name="A")], contacts=[{"email": "a@example.net"}],
                                    rng=random.Random(1)).aggregate.game_id
        for _ in range(MAX_SEND_ATTEMPTS + 1):
            assert len(invoke(records(memory.store, game))["batchItemFailures"]) == 1
    finally:
        notifier.use_email_sender(None)


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
    monkeypatch.setenv(wiring.DEAD_LETTER_QUEUE, "https://sqs.us-east-1.amazonaws.com/123456789012/dead")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    wiring.use()
    try:
        first = wiring.dead_letters()
        assert isinstance(first, SqsDeadLetters) and wiring.dead_letters() is first
    finally:
        wiring.use()
