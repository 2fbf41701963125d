"""Notices in process: an outbox list and a set of markers (tests, demos)."""

from __future__ import annotations

import threading
from typing import Any

from domain.records import field, record
from infra.channels.base import MarkerKey, Notice


@record
class Outbox:
    messages: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, notice: Notice) -> None:
        with self.lock:
            self.messages.append(notice.message())


@record
class MemoryMarkers:
    keys: set[str] = field(default_factory=set)

    def sent(self, key: MarkerKey) -> bool:
        return key.text in self.keys

    def mark(self, key: MarkerKey) -> None:
        self.keys.add(key.text)
