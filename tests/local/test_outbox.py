"""Notifier messages fetched from SQS into the outbox, and printed as one line each."""

from __future__ import annotations

import json
from typing import Any

from devtools.local.outbox import Outbox, console_line, entry_from_sqs

NOTICE = {"kind": "your_turn", "game_id": "abc", "version": 7, "seat": 2, "phase": "market", "round": 1,
          "actions": ["buy", "pass"], "dedup_key": "abc:7:2"}


def envelope(message: Any, **extra: Any) -> str:
    return json.dumps({"Type": "Notification", "MessageId": "m1", "TopicArn": "arn:aws:sns:r:1:stack-Turns",
                       "Message": json.dumps(message), **extra})


def test_an_sns_envelope_becomes_an_entry() -> None:
    entry = entry_from_sqs(envelope(NOTICE, Subject="Your turn",
                                    MessageAttributes={"seat": {"Type": "Number", "Value": "2"}}))
    assert entry["id"] == "m1" and entry["topic"] == "stack-Turns" and entry["subject"] == "Your turn"
    assert entry["message"] == NOTICE and entry["attributes"] == {"seat": "2"}


def test_console_lines() -> None:
    assert console_line(entry_from_sqs(envelope(NOTICE))) == "[outbox] seat 2 of game abc: your turn (market)"
    plain = entry_from_sqs(envelope("hello"))
    assert console_line(plain) == "[outbox] stack-Turns: hello"
    raw = entry_from_sqs(json.dumps({"game_id": "g", "text": "done"}))
    assert console_line(raw) == "[outbox] game g: done"


class FakeSqs:
    def __init__(self, bodies: list[str]) -> None:
        self.waiting = [{"Body": b, "ReceiptHandle": str(i)} for i, b in enumerate(bodies)]
        self.deleted: list[str] = []

    def receive_message(self, QueueUrl: str, MaxNumberOfMessages: int, WaitTimeSeconds: int) -> dict[str, Any]:
        page, self.waiting = self.waiting[:MaxNumberOfMessages], self.waiting[MaxNumberOfMessages:]
        return {"Messages": page} if page else {}

    def delete_message(self, QueueUrl: str, ReceiptHandle: str) -> None:
        self.deleted.append(ReceiptHandle)


def test_drain_moves_every_message_and_echoes_it() -> None:
    printed: list[str] = []
    outbox = Outbox(echo=printed.append)
    sqs = FakeSqs([envelope({**NOTICE, "seat": s}) for s in range(12)])
    assert outbox.drain(sqs, "url") == 12
    assert len(outbox.entries()) == 12 and len(sqs.deleted) == 12
    assert printed[0] == "[outbox] seat 0 of game abc: your turn (market)"
