"""Webhooks on the local server, as a user runs it: a player points its webhook at the test receiver
(devtools/webhook_receiver.py, http://127.0.0.1 allowed only locally); when its game starts the receiver is
POSTed a "your turn" signed in the Standard Webhooks format, which the `standardwebhooks` library verifies (the
headers of before still sent); a failing receiver (500) is retried under the same `webhook-id` and then delivered
to; the seat acts from the delivery's link (never a token), and the secret shows only in the answer that made
it. A receiver that keeps failing disables the webhook until its URL is set again (the local server's backoff is
1-4 s)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from standardwebhooks import Webhook

from devtools.client import ApiClient
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from devtools.client.bots import play
from devtools.webhook_receiver import Receiver, ReceiverServer
from service.notices.webhook.delivery import BACKOFF, LIMIT
from service.notices.webhook.signing import (
    LEGACY_DELIVERY,
    LEGACY_SIGNATURE,
    LEGACY_TIMESTAMP,
    WEBHOOK_ID,
    WEBHOOK_TIMESTAMP,
    is_secret,
)
from tests.e2e.test_email_local import move
from tests.local.process import ServerProcess, eventually, limit, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


@pytest.fixture
def receiver() -> Iterator[ReceiverServer]:
    started = ReceiverServer(Receiver(status=500)).start()  # failing first: the retries are what is watched
    yield started
    started.stop()


def test_a_verified_your_turn_is_retried_until_delivered_and_acted_on(server: ServerProcess,
                                                                       receiver: ReceiverServer) -> None:
    client = ApiClient(server.url)
    host, ada = api.create_player(client, "Hana", None), api.create_player(client, "Ada", None)
    answered = api.update_me(client, host["key"], {"webhook_url": receiver.url})
    secret = answered["webhook_secret"]
    assert secret.startswith("whsec_") and is_secret(secret) and answered["webhook"]["state"] == "enabled"
    receiver.receiver.secret = secret
    assert secret not in json.dumps(api.me(client, host["key"]))
    assert api.update_me(client, host["key"], {"webhook_url": receiver.url}).get("webhook_secret") is None

    made = lobby_api.create_lobby(client, host["key"], 2, False, {"flight": "A"})
    lobby_api.join(client, made["game_id"], ada["key"], made["invite"])
    game_id = made["game_id"]

    first = receiver.receiver.wait_for(1, limit(60.0))
    assert first and first[0].verified and first[0].answered == 500
    assert Webhook(secret).verify(first[0].raw, first[0].headers)["delivery"] == first[0].headers[WEBHOOK_ID]
    assert all(first[0].headers.get(h) for h in (LEGACY_TIMESTAMP, LEGACY_SIGNATURE, LEGACY_DELIVERY))
    receiver.receiver.status = 204
    deliveries = receiver.receiver.wait_for(2, limit(60.0))
    assert len(deliveries) >= 2, "the failed delivery was not retried"
    retried = deliveries[1]
    delivery_id = first[0].headers[WEBHOOK_ID]
    assert retried.verified and retried.answered == 204 and retried.headers[WEBHOOK_ID] == delivery_id
    assert Webhook(secret).verify(retried.raw, retried.headers)  # the library, on the bytes as received
    assert retried.headers[LEGACY_DELIVERY] == delivery_id
    assert int(retried.headers[WEBHOOK_TIMESTAMP]) >= int(first[0].headers[WEBHOOK_TIMESTAMP])  # its send time
    body = retried.body
    assert body is not None and body == first[0].body  # the same bytes, signed again at a new time
    assert (body["kind"], body["game_id"], body["seat"], body["delivery"]) == ("your_turn", game_id, 0, delivery_id)
    assert body["link"].startswith(f"{server.url}/play/{game_id}#link=l~")
    assert host["key"] not in json.dumps(body) and secret not in json.dumps(body)

    session = client.request("POST", "/sessions", {"link_token": body["link"].split("#link=", 1)[1]})
    assert (session["game_id"], session["seat"]) == (game_id, 0)
    assert move(client, game_id, session["session_token"]), "the seat could not act from its link"
    profile = api.me(client, host["key"])
    assert profile["webhook"]["state"] == "enabled" and profile["webhook"]["failures"] == 0
    output = eventually(lambda: game_id in server.text() and server.text())
    assert secret not in output and secret not in json.dumps(server.outbox())


def test_a_receiver_that_keeps_failing_is_retried_then_disabled_until_set_again(server: ServerProcess,
                                                                                 receiver: ReceiverServer) -> None:
    client = ApiClient(server.url)
    host, ada = api.create_player(client, "Hana", None), api.create_player(client, "Ada", None)
    receiver.receiver.secret = api.update_me(client, host["key"], {"webhook_url": receiver.url})["webhook_secret"]
    made = lobby_api.create_lobby(client, host["key"], 2, False, {"flight": "A"})
    lobby_api.join(client, made["game_id"], ada["key"], made["invite"])
    run = play(client, made["game_id"], {0: host["key"], 1: ada["key"]}, random.Random(3))
    assert run.finished, run.rejected

    def state() -> dict[str, Any]:
        found: dict[str, Any] = api.me(client, host["key"])["webhook"]
        return found

    disabled = eventually(lambda: (found := state())["state"] == "disabled" and found, limit(180.0))
    assert disabled and disabled["failures"] == LIMIT, state()
    deliveries = receiver.receiver.deliveries
    attempts = Counter(d.headers[WEBHOOK_ID] for d in deliveries)
    assert all(d.verified and d.answered == 500 for d in deliveries)
    assert sum(1 for n in attempts.values() if n == len(BACKOFF) + 1) >= LIMIT  # each failed every attempt

    receiver.receiver.status = 204
    again = api.update_me(client, host["key"], {"webhook_url": receiver.url})
    assert again["webhook"] == {"state": "enabled", "since": again["webhook"]["since"], "failures": 0}
    assert again.get("webhook_secret") is None  # the receiver's secret still holds
