"""The notifier's webhooks: queued beside the SNS notices for seats whose player has an enabled webhook, once
per (game, version, seat) however often the stream delivers a record, with a link and never a token."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from domain.options import SeatSpec
from functions import container
from infra.channels.webhook_queue import MemoryWebhookQueue
from service.games import pipeline
from service.players.service import Changes, Players
from tests.functions.test_notifier import invoke, records
from tests.service.support import MemoryWorld


@pytest.fixture
def queue(memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryWebhookQueue]:
    queued = MemoryWebhookQueue()
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example/")
    container.install(replace(container.given(), webhook_queue=queued))
    yield queued


def seated(world: MemoryWorld, hooks: list[str | None]) -> tuple[Any, list[str]]:
    """A game whose seat i is played by a player with webhook hooks[i] (None: no webhook)."""
    players = Players(world.players)
    ids: list[str] = []
    for i, url in enumerate(hooks):
        created = players.create(f"P{i}")
        if url is not None:
            players.update(created.key, Changes(webhook_url=url), "https://api.example")
        ids.append(created.record.player_id)
    seats = [SeatSpec(name=f"P{i}") for i in range(len(hooks))]
    game = pipeline.create_game(world.store, seats, rng=random.Random(1), players=ids)
    return game, ids


def test_a_record_delivered_twice_queues_each_webhook_once(memory: MemoryWorld, queue: MemoryWebhookQueue) -> None:
    created, ids = seated(memory, ["https://hooks.example.org/0", None, "https://hooks.example.org/2"])
    game = created.aggregate.game_id
    batch = records(memory.store, game)
    assert invoke(batch) == {"batchItemFailures": []}
    assert invoke(batch) == {"batchItemFailures": []}
    queued = queue.take()
    assert sorted(m["player_id"] for m in queued) == sorted([ids[0], ids[2]])
    assert len(memory.outbox.messages) == 3  # SNS unchanged
    for message in queued:
        body = message["body"]
        assert message["attempt"] == 1 and message["delivery"] == f"{game}:1:{body['seat']}:your_turn"
        assert body["kind"] == "your_turn" and body["link"].startswith(f"https://play.example/play/{game}#link=l~")
        text = json.dumps(message)
        assert not any(token in text for token in created.tokens)
        assert "whsec_" not in text and "wh~" not in text  # the secret is read at send time, never queued


def test_no_webhook_for_a_disabled_one_or_without_a_queue(memory: MemoryWorld, queue: MemoryWebhookQueue,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    created, ids = seated(memory, ["https://hooks.example.org/0"])
    record = memory.players.get(ids[0])
    assert record is not None
    memory.players.replace(replace(record, webhook_disabled_at="2026-01-01T00:00:00Z", revision=record.revision + 1))
    assert invoke(records(memory.store, created.aggregate.game_id)) == {"batchItemFailures": []}
    assert queue.take() == []
    monkeypatch.delenv("WEBHOOK_QUEUE_URL", raising=False)
    container.install(replace(container.given(), webhook_queue=None))
    assert container.reactions().webhook_queue is None
    assert "webhook" not in container.reactions().channels.by_name


def test_a_failed_enqueue_fails_the_record_and_its_retry_queues_only_the_webhook(
        memory: MemoryWorld, queue: MemoryWebhookQueue) -> None:
    created, _ = seated(memory, ["https://hooks.example.org/0"])

    class Down:
        def send(self, message: dict[str, Any], delay: int = 0) -> None:
            raise ConnectionError("SQS down")

    container.install(replace(container.given(), webhook_queue=Down()))
    assert len(invoke(records(memory.store, created.aggregate.game_id))["batchItemFailures"]) == 1
    container.install(replace(container.given(), webhook_queue=queue))
    assert invoke(records(memory.store, created.aggregate.game_id)) == {"batchItemFailures": []}
    assert len(queue.take()) == 1 and len(memory.outbox.messages) == 1
