"""Limits on creating players and games: over a limit the answer is 429 `rate_limited` with `Retry-After` (the
seconds to the window's end) and nothing is written; a new window counts afresh; per-source and per-player
windows are independent. Under moto, each counter write is granted by the template (LIMIT#* keys only)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from devtools.local import sam
from devtools.local.apigw import HttpRequest, http_event
from functions import container
from infra.limits import DynamoLimiter, Limited, MemoryLimiter, Window
from service.limits.errors import RateLimited
from service.limits.rules import Limits, source_scope
from tests.service.gateway import Gateway
from tests.service.iam import assert_within_policies
from tests.service.support import TABLE_NAME, AwsWorld, MemoryWorld


class At:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("make", [MemoryLimiter, "dynamodb"])
def test_a_full_window_refuses_until_it_ends_and_counts_nothing(make: Any, aws: AwsWorld) -> None:
    limiter = DynamoLimiter(aws.dynamodb, TABLE_NAME) if make == "dynamodb" else MemoryLimiter()
    a, b = Window("games:player:p1", 2, 3600), Window("games:source:s1", 3, 3600)
    now = 7200 + 600.5
    limiter.take([a, b], now)
    limiter.take([a, b], now)
    with pytest.raises(Limited) as full:
        limiter.take([a, b], now)
    assert full.value.window == a and full.value.retry_after == 3000  # to the end of the hour: 10800 - 7800.5
    limiter.take([b], now)  # b was not counted by the refused request: one left
    with pytest.raises(Limited):
        limiter.take([b], now)
    limiter.take([a, b], now + 3000)  # a new window counts afresh


def test_a_source_is_counted_by_a_hash_and_the_loopback_not_at_all() -> None:
    assert source_scope("127.0.0.1") is None and source_scope("::1") is None and source_scope(None) is None
    hashed = source_scope("203.0.113.7")
    assert hashed and "203.0.113.7" not in hashed and hashed != source_scope("203.0.113.8")


def test_players_per_source_then_429_with_retry_after_and_nothing_written(
        memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_PLAYERS_PER_SOURCE_HOUR", "2")
    gw = Gateway()
    ip = "198.51.100.4"

    def create(address: str) -> Any:
        return gw_event(gw, "POST", "/players", {"name": "Ada"}, address)

    assert create(ip).status == 201 and create(ip).status == 201
    refused = create(ip)
    assert refused.status == 429 and refused.code == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 3600
    assert ip not in refused.text
    assert len(memory.players.table.players) == 2  # nothing written
    assert create("198.51.100.5").status == 201  # another source has its own window


def gw_event(gw: Gateway, method: str, path: str, body: Any, ip: str, token: str | None = None) -> Any:
    """A request as API Gateway sends it from `ip`."""
    found = sam.find_route(gw.routes, method, path)
    assert found is not None
    route, params = found
    headers = [("Content-Type", "application/json")] + ([("Authorization", f"Bearer {token}")] if token else [])
    event = http_event(HttpRequest(method, path, headers, json.dumps(body).encode(), source_ip=ip),
                       route.route_key, params)
    return gw.request(method, path, body, token=token, event={"requestContext": event["requestContext"]})


def test_games_per_player_and_per_source_are_independent(memory: MemoryWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_GAMES_PER_PLAYER_HOUR", "2")
    monkeypatch.setenv("LIMIT_GAMES_PER_SOURCE_HOUR", "3")
    gw = Gateway()
    ada = gw.post("/players", {"name": "Ada"}).body["key"]
    bob = gw.post("/players", {"name": "Bob"}).body["key"]
    lobby = {"seats": 2}
    assert gw_event(gw, "POST", "/lobbies", lobby, "192.0.2.1", ada).status == 201
    assert gw_event(gw, "POST", "/lobbies", lobby, "192.0.2.2", ada).status == 201
    refused = gw_event(gw, "POST", "/lobbies", lobby, "192.0.2.3", ada)  # Ada's own limit, whatever the source
    assert refused.status == 429 and "Retry-After" in refused.headers
    assert len(memory.lobbies.table.lobbies) == 2
    assert gw_event(gw, "POST", "/lobbies", lobby, "192.0.2.1", bob).status == 201  # Bob's window is his own
    game = {"seats": [{"name": "A"}, {"name": "B"}]}
    assert gw_event(gw, "POST", "/games", game, "192.0.2.1").status == 201  # source .1: its 3rd game
    over = gw_event(gw, "POST", "/games", game, "192.0.2.1")
    assert over.status == 429 and over.code == "rate_limited"
    assert gw_event(gw, "POST", "/games", game, "192.0.2.9").status == 201


def test_a_new_window_counts_afresh(memory: MemoryWorld) -> None:
    clock = At(3600 * 10 + 5)
    limits = Limits(MemoryLimiter(), clock)
    for _ in range(20):
        limits.admit_game(None, "pAAAAAAAAAAAAAAAA")
    with pytest.raises(RateLimited) as refused:
        limits.admit_game(None, "pAAAAAAAAAAAAAAAA")
    assert refused.value.retry_after == 3595
    clock.now += 3595
    limits.admit_game(None, "pAAAAAAAAAAAAAAAA")


def test_under_moto_counters_are_written_only_where_granted(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_PLAYERS_PER_SOURCE_HOUR", "1")
    gw = Gateway()
    gw.operations.watch(container.dynamodb())
    made = gw_event(gw, "POST", "/players", {"name": "Ada"}, "203.0.113.9")
    assert made.status == 201
    assert gw_event(gw, "POST", "/players", {"name": "Bob"}, "203.0.113.9").status == 429
    key = made.body["key"]
    assert gw_event(gw, "POST", "/lobbies", {"seats": 2}, "203.0.113.9", key).status == 201
    assert gw_event(gw, "POST", "/games", {"seats": [{"name": "A"}]}, "203.0.113.9").status == 201
    items = aws.dynamodb.scan(TableName=TABLE_NAME)["Items"]
    assert sum(i["pk"]["S"].startswith("PLAYER#") for i in items) == 1
    counters = [i for i in items if i["pk"]["S"].startswith("LIMIT#")]
    assert counters and all("expires_at" in i and "203.0.113.9" not in str(i) for i in counters)
    assert_within_policies(gw.operations)
