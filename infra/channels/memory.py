"""Notices in process: an outbox list and a set of markers (tests, demos)."""

from __future__ import annotations

import threading
from typing import Any

from domain.records import field, record
from service.notices.plan import Notice


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

    def sent(self, notice: Notice) -> bool:
        return notice.key in self.keys

    def mark(self, notice: Notice) -> None:
        self.keys.add(notice.key)
