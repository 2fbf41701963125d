"""Bytes, not just JSON values: no body, however broken, gets a 5xx, and a refused one writes nothing.

Every route with a body is fuzzed with raw bytes, bodies that are not UTF-8 (sent as API Gateway sends them:
base64-encoded), JSON nested far too deep, and numbers Python's json reads but cannot hold.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import COMMAND_TYPES
from functions.api.json_body import MAX_DEPTH, MAX_INT_DIGITS
from functions.api.models import MAX_BODY_BYTES
from tests.service.gateway import GameGateway, Reply, shared_game
from tests.service.support import MemoryWorld

BODY_ROUTES = ["/games", *(f"/games/{{game}}/{t}" for t in COMMAND_TYPES)]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _game(world: MemoryWorld) -> GameGateway:
    return shared_game(world, 2)


def _valid_body(route: str) -> dict[str, Any]:
    """A body of the route's shape, so that only the broken part decides the answer."""
    if route == "/games":
        return {"seats": [{"name": "A"}, {"name": "B"}], "options": {"flight": "A"}}
    return {"command_id": "fuzz", "expected_version": 1}


def _post(world: MemoryWorld, route: str, raw: bytes, **kwargs: Any) -> tuple[Reply, int]:
    """The reply, and how many commits it wrote."""
    gw = _game(world)
    before = world.commit_count()
    reply = gw.post(route.format(game=gw.game_id), raw=raw, token=gw.tokens[0], **kwargs)
    return reply, world.commit_count() - before


def _refused_as_malformed(reply: Reply, written: int) -> None:
    assert (reply.status, reply.code) == (400, "malformed_json"), (reply.status, reply.body)
    assert set(reply.body["error"]) == {"code", "message", "details"}
    assert written == 0


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), raw=st.binary(max_size=400),
       content_type=st.sampled_from(["application/json", "application/json; charset=utf-8", None]))
def test_raw_bytes_never_get_a_5xx_and_a_refusal_writes_nothing(
    memory: MemoryWorld, route: str, raw: bytes, content_type: str | None
) -> None:
    reply, written = _post(memory, route, raw, headers={"Content-Type": content_type or ""})
    assert reply.status < 500, (reply.status, reply.body)
    if reply.status >= 400:
        assert set(reply.body["error"]) == {"code", "message", "details"} and written == 0


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), at=st.integers(0, 10**6),
       bad=st.sampled_from([b"\xff", b"\xc0\xaf", b"\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xe2\x82"]))
def test_a_body_that_is_not_utf8_is_malformed_json(memory: MemoryWorld, route: str, at: int, bad: bytes) -> None:
    valid = json.dumps(_valid_body(route)).encode()
    cut = at % (len(valid) + 1)
    reply, written = _post(memory, route, valid[:cut] + bad + valid[cut:])
    _refused_as_malformed(reply, written)


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), depth=st.integers(MAX_DEPTH + 1, 7000),
       opener=st.sampled_from(["[", '{"a":']), field=st.sampled_from(["options", "surprise", "command_id"]))
def test_json_nested_too_deep_is_malformed_json(
    memory: MemoryWorld, route: str, depth: int, opener: str, field: str
) -> None:
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    body = json.dumps(_valid_body(route))[:-1] + f', "{field}": {nested}}}'
    if len(body) <= MAX_BODY_BYTES:
        _refused_as_malformed(*_post(memory, route, body.encode()))


NUMBERS = st.one_of(
    st.integers(MAX_INT_DIGITS + 1, 6000).map(lambda n: "9" * n),
    st.integers(MAX_INT_DIGITS + 1, 6000).map(lambda n: "-1" + "0" * n),
    st.integers(309, 10**7).map(lambda e: f"1e{e}"),
    st.integers(309, 10**7).map(lambda e: f"-2.5E+{e}"),
    st.sampled_from(["NaN", "Infinity", "-Infinity"]),
)


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), number=NUMBERS,
       field=st.sampled_from(["expected_version", "seat", "surprise", "options", "seats"]))
def test_numbers_json_cannot_hold_are_malformed_json(memory: MemoryWorld, route: str, number: str, field: str) -> None:
    body = json.dumps(_valid_body(route))[:-1] + f', "{field}": [{number}]}}'
    _refused_as_malformed(*_post(memory, route, body.encode()))


@FUZZ
@given(route=st.sampled_from(BODY_ROUTES), raw=st.binary(max_size=200))
def test_base64_bodies_are_judged_by_the_bytes_they_hold(memory: MemoryWorld, route: str, raw: bytes) -> None:
    """API Gateway base64-encodes any body it deems binary (one without a Content-Type, say)."""
    encoded = base64.b64encode(raw).decode()
    reply, written = _post(memory, route, b"", event={"body": encoded, "isBase64Encoded": True})
    assert reply.status < 500, (reply.status, reply.body)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        _refused_as_malformed(reply, written)


@FUZZ
@given(after=st.text(max_size=40) | st.integers(1, 6000).map(lambda n: "7" * n), limit=st.text(max_size=12) | st.none())
def test_no_history_query_gets_a_5xx(memory: MemoryWorld, after: str, limit: str | None) -> None:
    gw = _game(memory)
    query = {"after": after} if limit is None else {"after": after, "limit": limit}
    reply = gw.get(f"/games/{gw.game_id}/events", query=query)
    assert reply.status < 500, (reply.status, reply.body)
    assert reply.status == 200 or set(reply.body["error"]) == {"code", "message", "details"}
