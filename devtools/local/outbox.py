"""The local outbox: what the notifier published to SNS, fetched from an SQS queue subscribed to each topic, and
what it sent by e-mail (devtools/local/mail.py: each a `source`, collected on every drain)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from devtools.local.streams import now_iso

Entry = dict[str, Any]


def _parsed(text: Any) -> Any:
    if not isinstance(text, str):
        return text
    try:
        return json.loads(text)
    except ValueError:
        return text


def entry_from_sqs(body: str) -> Entry:
    """An outbox entry from an SQS body holding an SNS notification envelope (or a raw message)."""
    envelope = _parsed(body)
    if not (isinstance(envelope, dict) and envelope.get("Type") == "Notification"):
        return {"id": None, "received_at": now_iso(), "topic": None, "subject": None,
                "message": envelope, "attributes": {}}
    attributes = {k: v.get("Value") for k, v in (envelope.get("MessageAttributes") or {}).items()}
    return {
        "id": envelope.get("MessageId"),
        "received_at": now_iso(),
        "topic": str(envelope.get("TopicArn", "")).rsplit(":", 1)[-1] or None,
        "subject": envelope.get("Subject"),
        "message": _parsed(envelope.get("Message")),
        "attributes": attributes,
    }


def _field(entry: Entry, *names: str) -> Any:
    message = entry["message"] if isinstance(entry["message"], dict) else {}
    for name in names:
        for source in (message, entry["attributes"]):
            if source.get(name) not in (None, ""):
                return source[name]
    return None


def console_line(entry: Entry) -> str:
    """One readable line: "[outbox] seat 2 of game abc: your turn (market)"."""
    game, seat = _field(entry, "game_id", "game"), _field(entry, "seat")
    text = _field(entry, "text", "summary", "subject") or entry.get("subject")
    if text is None and _field(entry, "kind") == "game_over":
        winners = _field(entry, "winners") or []
        text = "game over: " + (f"seat {', '.join(str(w) for w in winners)} won" if winners else "nobody won")
    if text is None:
        text = entry["message"] if isinstance(entry["message"], str) else "your turn"
    phase = _field(entry, "phase")
    suffix = f" ({phase})" if phase and str(phase) not in str(text) else ""
    who = f"seat {seat} of game {game}" if game is not None and seat is not None else (
        f"game {game}" if game is not None else entry.get("topic") or "message")
    return f"[outbox] {who}: {text}{suffix}"


class Outbox:
    """Messages in arrival order; thread-safe; printed as they arrive, and handed to `record` (the journal)."""

    def __init__(self, entries: list[Entry] | None = None, echo: Callable[[str], None] | None = None,
                 record: Callable[[Entry], None] | None = None) -> None:
        self._entries: list[Entry] = list(entries or [])
        self._lock = threading.Lock()
        self._echo, self._record = echo, record
        self.sources: list[Callable[[], list[Entry]]] = []  # other channels' new messages (the local mailbox)

    def add(self, entry: Entry) -> None:
        with self._lock:
            self._entries.append(entry)
        if self._record is not None:
            self._record(entry)
        if self._echo is not None:
            self._echo(console_line(entry))

    def entries(self) -> list[Entry]:
        with self._lock:
            return list(self._entries)

    def drain(self, sqs: Any, queue_url: str) -> int:
        """Move every waiting message from the queue (and the other sources) into the outbox; how many moved."""
        moved = 0
        for source in self.sources:
            for entry in source():
                self.add(entry)
                moved += 1
        while True:
            messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10,
                                           WaitTimeSeconds=0).get("Messages", [])
            if not messages:
                return moved
            for message in messages:
                self.add(entry_from_sqs(message["Body"]))
                sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=message["ReceiptHandle"])
                moved += 1
