"""The local server wakes its sleeping pollers after every invocation that may have written, and only then."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from devtools.local.server import LocalService


class Sleeper:
    def __init__(self) -> None:
        self.woken = 0

    def wake(self) -> None:
        self.woken += 1


def service() -> Any:
    local: Any = LocalService(port=0, echo=lambda line: None)
    local.consumers, local.readers, local.data = {"Notifier"}, {"GetGame"}, None
    local.poller, local.scheduler = Sleeper(), Sleeper()
    local.outbox = SimpleNamespace(drained=0)
    local.outbox.drain = lambda sqs, url: setattr(local.outbox, "drained", local.outbox.drained + 1)
    local.outbox_queue, local._clients = "queue", {"sqs": object()}
    return local


def test_a_write_wakes_the_stream_poller_and_the_scheduler() -> None:
    local = service()
    local._after_invoke("PostCommand")
    assert (local.poller.woken, local.scheduler.woken) == (1, 1)


def test_a_read_wakes_nothing_and_a_consumer_drains_the_outbox_and_wakes_the_scheduler() -> None:
    local = service()
    local._after_invoke("GetGame")
    assert (local.poller.woken, local.scheduler.woken) == (0, 0)
    local._after_invoke("Notifier")  # its stream is the poller's own: the poller is awake already
    assert (local.poller.woken, local.scheduler.woken, local.outbox.drained) == (0, 1, 1)
