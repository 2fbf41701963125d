"""The webhook queue (and its dead-letter queue): messages out to SQS, or to a list in tests.

A message holds the player to deliver to, the URL's generation (`since`), the delivery id, the attempt and the
body (service/notices/webhook/channel.py); never the secret, which is read from the player record at send time.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from domain.records import field, record
from infra.store.base import dump_json

MAX_DELAY = 900  # SQS's DelaySeconds limit


class WebhookQueue(Protocol):
    def send(self, message: dict[str, Any], delay: int = 0) -> None: ...


class SqsWebhookQueue:
    def __init__(self, client: Any, url: str) -> None:
        self.client, self.url = client, url

    def send(self, message: dict[str, Any], delay: int = 0) -> None:
        self.client.send_message(QueueUrl=self.url, MessageBody=dump_json(message),
                                 DelaySeconds=max(0, min(delay, MAX_DELAY)))


@record
class MemoryWebhookQueue:
    sent: list[tuple[dict[str, Any], int]] = field(default_factory=list)  # (message, delay)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, message: dict[str, Any], delay: int = 0) -> None:
        with self.lock:
            self.sent.append((message, delay))

    def take(self) -> list[dict[str, Any]]:
        with self.lock:
            taken, self.sent = [m for m, _ in self.sent], []
        return taken
