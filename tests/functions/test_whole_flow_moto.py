"""The whole flow under moto, through template.yaml's handlers and the notifier fed from the table's stream, with
the limits lowered as a deployment would set them: players meet by an invite link, "my games" shows whose turn
it is, a move is taken back, the bot's token is reissued, a seat resigns and the others play to the end; every
seat is told it is over; then the per-source and per-player limits answer 429. No answer leaks another player's
key, a token or contacts, and every AWS call is one the template grants its function."""

from __future__ import annotations

import random
from urllib.request import Request

import pytest

from devtools.client import ApiClient
from functions import container, notifier
from tests.flow import Recorded, assert_no_leaks, play_the_whole_flow
from tests.functions.test_limits import gw_event
from tests.local.cli_gateway import transport
from tests.service.gateway import FakeContext, Gateway
from tests.service.iam import assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import AwsWorld

NOTIFIER = "functions/notifier.lambda_handler"
URL = "http://127.0.0.1"  # the host the handlers see (no Host header): the invite link's base


def test_the_whole_flow_under_moto_then_the_limits(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_PLAYERS_PER_SOURCE_HOUR", "2")
    monkeypatch.setenv("LIMIT_GAMES_PER_PLAYER_HOUR", "3")  # Ada opens 2 lobbies in the flow
    gw = Gateway()
    gw.operations.watch(container.dynamodb())
    stream = StreamReader(aws.dynamodb)

    def notify() -> None:  # what the event source mapping does with the stream, between requests
        records = stream.read()
        if records:  # the mapping never invokes with an empty batch
            with gw.operations.running(NOTIFIER):
                assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}

    def before(request: Request) -> None:
        if "/players/me/games" in request.full_url:
            notify()

    recorded = Recorded(transport(gw), before)
    flow = play_the_whole_flow(ApiClient(URL, transport=recorded), random.Random(3))
    notify()
    over = [m for m in aws.messages() if m["kind"] == "game_over" and m["game_id"] == flow.game_id]
    assert sorted(m["seat"] for m in over) == [0, 1, 2, 3]
    assert_no_leaks(recorded, flow.keys, flow.bot_tokens, flow.invite)
    assert not any(key in str(over) for key in flow.keys.values()) and flow.invite not in str(over)

    ip = "203.0.113.9"
    made = [gw_event(gw, "POST", "/players", {"name": f"P{n}"}, ip) for n in range(3)]
    assert [r.status for r in made] == [201, 201, 429] and made[2].body["error"]["code"] == "rate_limited"
    assert 0 < int(made[2].headers["Retry-After"]) <= 3600
    lobbies = [gw.post("/lobbies", {"seats": 2}, token=flow.keys["Ada"]) for _ in range(2)]
    assert [r.status for r in lobbies] == [201, 429] and "Retry-After" in lobbies[1].headers
    assert_within_policies(gw.operations)
