"""Sending queued webhooks (service/notices/webhook/delivery.py): signed, retried with growing delays, dead-lettered
with what a resend needs, a webhook disabled after LIMIT failed deliveries and enabled again by a new URL, and
no delivery to a private address whatever the name resolved to when it was set. What is sent verifies with the
Standard Webhooks library, under the delivery id on every attempt."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from standardwebhooks import Webhook

from infra.channels.webhook_queue import MemoryWebhookQueue
from infra.channels.webhook_state import MemoryWebhookState
from infra.players import InMemoryPlayerStore
from service.notices.webhook.delivery import BACKOFF, DEAD, DELIVERED, DROPPED, LIMIT, RETRY, Sender, body_bytes
from service.notices.webhook.signing import LEGACY_DELIVERY, WEBHOOK_ID, WEBHOOK_TIMESTAMP, standard_secret
from service.players.service import Changes, Players

URL = "https://hooks.example.org/ada"


@dataclass
class Receiver:
    status: int | Exception = 200
    got: list[tuple[str, str, bytes, dict[str, str]]] = field(default_factory=list)

    def __call__(self, url: str, address: str, body: bytes, headers: Mapping[str, str]) -> int:
        self.got.append((url, address, body, dict(headers)))
        if isinstance(self.status, Exception):
            raise self.status
        return self.status


@dataclass
class World:
    players: Players
    sender: Sender
    receiver: Receiver
    queue: MemoryWebhookQueue
    dead: MemoryWebhookQueue
    key: str
    player_id: str
    addresses: dict[str, list[str]]

    def message(self, n: int = 0) -> dict[str, Any]:
        record = self.players.store.get(self.player_id)
        assert record is not None
        return {"player_id": self.player_id, "generation": record.webhook_generation, "delivery": f"g:{n}:0:your_turn",
                "attempt": 1, "body": {"kind": "your_turn", "game_id": "g", "version": n, "seat": 0,
                                       "link": "https://play.example/play/g#link=l~x"}}

    def record(self) -> Any:
        return self.players.store.get(self.player_id)

    def until_done(self, message: dict[str, Any]) -> list[str]:
        """Handle the message and each re-queued copy in turn; the outcomes."""
        outcomes = [self.sender.handle(message)]
        while outcomes[-1] == RETRY:
            outcomes.append(self.sender.handle(self.queue.take()[-1]))
        return outcomes


@pytest.fixture
def world() -> World:
    store = InMemoryPlayerStore()
    players = Players(store)
    created = players.create("Ada")
    secret = players.update_profile(created.key, Changes(webhook_url=URL), "https://api.example").webhook_secret
    assert secret is not None
    receiver, queue, dead = Receiver(), MemoryWebhookQueue(), MemoryWebhookQueue()
    addresses = {"hooks.example.org": ["93.184.216.34"]}
    # The real clock: the library checks a delivery's timestamp against it.
    sender = Sender(store, MemoryWebhookState(store), queue, dead, receiver, clock=time.time,
                    lookup=lambda host, port: addresses[host])
    return World(players, sender, receiver, queue, dead, created.key, created.record.player_id, addresses)


def test_a_delivery_is_signed_with_the_players_secret_to_the_checked_address(world: World) -> None:
    message = world.message()
    assert world.sender.handle(message) == DELIVERED
    [(url, address, body, headers)] = world.receiver.got
    assert (url, address, body) == (URL, "93.184.216.34", body_bytes(message))
    assert Webhook(world.record().webhook_secret).verify(body, headers)
    assert headers[WEBHOOK_ID] == headers[LEGACY_DELIVERY] == "g:0:0:your_turn"
    assert world.queue.sent == [] and world.dead.sent == []


def test_every_attempt_is_signed_at_its_send_time_under_the_one_delivery_id(world: World) -> None:
    times = iter([1_800_000_000.0, 1_800_000_031.0])
    world.sender.clock = lambda: next(times)
    world.receiver.status = 500
    assert world.sender.handle(world.message()) == RETRY
    world.receiver.status = 200
    assert world.sender.handle(world.queue.take()[-1]) == DELIVERED
    first, second = (headers for *_, headers in world.receiver.got)
    assert first[WEBHOOK_ID] == second[WEBHOOK_ID] == "g:0:0:your_turn"  # so a receiver drops a repeat
    assert (first[WEBHOOK_TIMESTAMP], second[WEBHOOK_TIMESTAMP]) == ("1800000000", "1800000031")


def test_a_secret_stored_before_the_standard_form_still_signs(world: World) -> None:
    legacy = "wh~" + "q" * 43
    record = world.record()
    world.players.store.replace(replace(record, webhook_secret=legacy, revision=record.revision + 1))
    assert world.sender.handle(world.message()) == DELIVERED
    [(_, _, body, headers)] = world.receiver.got
    assert Webhook(standard_secret(legacy)).verify(body, headers) and Webhook(legacy.encode()).verify(body, headers)


@pytest.mark.parametrize("failure", [500, 302, 404, TimeoutError("slow"), ConnectionRefusedError()])
def test_a_failure_is_retried_with_growing_delays_then_dead_lettered(world: World, failure: int | Exception) -> None:
    world.receiver.status = failure
    message = world.message()
    outcomes, delays = [world.sender.handle(message)], []
    while outcomes[-1] == RETRY:
        [(again, delay)] = world.queue.sent
        world.queue.sent.clear()
        delays.append(delay)
        outcomes.append(world.sender.handle(again))
    assert outcomes == [RETRY] * len(BACKOFF) + [DEAD] and delays == list(BACKOFF) == sorted(BACKOFF)
    assert len(world.receiver.got) == len(BACKOFF) + 1
    assert len({h[WEBHOOK_ID] for *_, h in world.receiver.got}) == 1
    [(dead, _)] = world.dead.sent
    assert dead["body"] == message["body"] and dead["player_id"] == world.player_id and dead["last_error"]
    assert dead["attempt"] == len(BACKOFF) + 1 and world.record().webhook_secret not in str(dead)
    assert world.record().webhook_failures == 1 and world.record().webhook_disabled_at is None


def test_limit_failed_deliveries_disable_the_webhook_a_success_resets_and_a_new_url_enables(world: World) -> None:
    world.receiver.status = 503
    for n in range(LIMIT - 1):
        assert world.until_done(world.message(n))[-1] == DEAD
    world.receiver.status = 200
    assert world.sender.handle(world.message(99)) == DELIVERED
    assert world.record().webhook_failures is None  # consecutive failures only
    world.receiver.status = 503
    for n in range(LIMIT):
        assert world.until_done(world.message(n))[-1] == DEAD
    assert world.record().webhook_disabled_at is not None and world.record().webhook_failures == LIMIT
    world.receiver.got.clear()
    world.receiver.status = 200
    queued_before = world.message(7)
    assert world.sender.handle(queued_before) == DROPPED and world.receiver.got == []  # disabled: nothing
    world.players.update(world.key, Changes(webhook_url=URL), "https://api.example")  # set again
    assert world.sender.handle(queued_before) == DROPPED  # queued for the old setting: still nothing
    assert world.sender.handle(world.message(8)) == DELIVERED


def test_a_message_for_a_cleared_or_changed_url_is_dropped(world: World) -> None:
    old = world.message()
    world.players.update(world.key, Changes(webhook_url=URL + "/new"), "https://api.example")
    assert world.sender.handle(old) == DROPPED
    world.players.update(world.key, Changes(webhook_url=None), "https://api.example")
    assert world.sender.handle(old) == DROPPED and world.receiver.got == []


@pytest.mark.parametrize("resolved", [["127.0.0.1"], ["10.0.0.5"], ["169.254.169.254"], ["93.184.216.34", "::1"],
                                      ["::ffff:192.168.1.1"], ["fd00::1"], []])
def test_a_name_now_resolving_to_a_private_address_is_never_posted_to(world: World, resolved: list[str]) -> None:
    world.addresses["hooks.example.org"] = resolved  # DNS rebinding: public when set, private now
    assert world.until_done(world.message())[-1] == DEAD
    assert world.receiver.got == []
    [(dead, _)] = world.dead.sent
    assert "refused address" in dead["last_error"]


def test_loopback_only_with_the_local_setting(world: World) -> None:
    world.addresses["hooks.example.org"] = ["127.0.0.1"]
    world.sender.allow_loopback = True
    assert world.sender.handle(world.message()) == DELIVERED
    world.addresses["hooks.example.org"] = ["10.0.0.1"]  # private but not loopback: still refused
    assert world.sender.handle(world.message(1)) == RETRY
