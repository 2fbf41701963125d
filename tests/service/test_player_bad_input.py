"""Whatever bytes, fields or query a players' route is sent, it never answers 5xx, and a refusal writes
nothing (neither the player nor an outbox message)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functions import container
from infra.store import StoreError
from tests.service.gateway import Gateway, Reply
from tests.service.support import MemoryWorld

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
BODY_ROUTES = [("POST", "/players"), ("PATCH", "/players/me"), ("POST", "/players/me/email/confirm")]
FIELDS = ["name", "time_zone", "email", "webhook_url", "push_endpoint", "expected_revision", "code", "key"]
values = st.one_of(st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.text(max_size=80),
                   st.text(alphabet="https:/@.-_?&=#%[]:0123456789abcdefXY \t\n\u0000\u202e", max_size=80),
                   st.lists(st.text(max_size=5), max_size=3))


def _key(world: MemoryWorld, gw: Gateway) -> str:
    if world.game is None:
        world.game = gw.post("/players", {"name": "Ada"}).body["key"]
    key: str = world.game
    return key


def _state(world: MemoryWorld) -> tuple[str, int]:
    with world.players.table.lock:
        return json.dumps(world.players.table.players, sort_keys=True), len(world.players.table.outbox)


def _check(world: MemoryWorld, before: tuple[str, int], reply: Reply) -> None:
    assert reply.status < 500, (reply.status, reply.body)
    if reply.status >= 400:
        assert set(reply.body["error"]) == {"code", "message", "details"}
        assert _state(world) == before, "a refused request wrote something"


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), raw=st.binary(max_size=300))
def test_raw_bytes_never_get_a_5xx(memory: MemoryWorld, route: tuple[str, str], raw: bytes) -> None:
    gw = Gateway()
    key, before = _key(memory, gw), _state(memory)
    _check(memory, before, gw.request(route[0], route[1], raw=raw, token=key))


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), body=st.dictionaries(st.sampled_from(FIELDS), values, max_size=4))
def test_any_fields_never_get_a_5xx(memory: MemoryWorld, route: tuple[str, str], body: dict[str, Any]) -> None:
    gw = Gateway()
    key, before = _key(memory, gw), _state(memory)
    _check(memory, before, gw.request(route[0], route[1], body, token=key))


@FUZZ
@given(player=st.text(max_size=30), code=st.text(max_size=80), token=st.sampled_from([None, "junk", "own"]))
def test_any_confirm_link_never_gets_a_5xx(memory: MemoryWorld, player: str, code: str, token: str | None) -> None:
    gw = Gateway()
    key, before = _key(memory, gw), _state(memory)
    path = "/players/" + (player.replace("/", "") or "x") + "/confirm-email"
    reply = gw.get(path, query={"code": code}, token=key if token == "own" else token)
    _check(memory, before, reply)
    assert reply.status in (404, 422), (reply.status, reply.body)


class FailingStore:
    """A player store whose table is unreachable."""

    def create(self, record: Any) -> None:
        raise StoreError("unreachable")

    def get(self, player_id: str) -> Any:
        raise StoreError("unreachable")

    def replace(self, record: Any, outbox: Any = ()) -> None:
        raise StoreError("unreachable")


def test_a_failing_store_is_a_503_with_retry_after_on_every_route(memory: MemoryWorld) -> None:
    container.install(replace(container.given(), player_store=FailingStore()))
    gw, key = Gateway(), "pAAAAAAAAAAAAAAAA.secret"
    for method, path, body in [("POST", "/players", {"name": "Ada"}), ("GET", "/players/me", None),
                               ("PATCH", "/players/me", {"name": "Ada"}), ("POST", "/players/me/key", None),
                               ("POST", "/players/me/email/confirm", {"code": "abc"})]:
        reply = gw.request(method, path, body, token=key)
        assert (reply.status, reply.code, reply.headers.get("Retry-After")) == (503, "store_unavailable", "1"), path
    link = gw.get("/players/pAAAAAAAAAAAAAAAA/confirm-email", query={"code": "abc"})
    assert (link.status, link.code) == (503, "store_unavailable")
