"""ETag, If-None-Match and the long poll on the game and history routes, through the handlers."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from functions import container
from functions.api.game_routes import MAX_WAIT, POLL_PAUSES
from tests.service.gateway import Gateway, Reply
from tests.service.support import AwsWorld, MemoryWorld


@pytest.fixture(params=["memory", "aws"])
def world(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue(request.param)


def new_game(gw: Gateway, players: int = 2) -> tuple[str, list[str]]:
    created = gw.post("/games", {"seats": [{"name": f"P{i}"} for i in range(players)]})
    assert created.status == 201, created.body
    return created.body["game_id"], [s["token"] for s in created.body["seats"]]


def move(gw: Gateway, game_id: str, tokens: list[str]) -> int:
    """Any seat that must act makes its first legal move; the new version."""
    seen = gw.get(f"/games/{game_id}").body
    seat = seen["to_act"][0]
    action = gw.get(f"/games/{game_id}", token=tokens[seat]).body["view"]["legal_actions"][0]
    reply = gw.post(f"/games/{game_id}/{action['type']}", {**action, "command_id": uuid.uuid4().hex},
                    token=tokens[seat])
    assert reply.status == 200, reply.body
    return int(reply.body["version"])


@pytest.fixture
def pauses() -> Iterator[list[float]]:
    """Every pause a handler asks for, slept for real (the wait's deadline is real time)."""
    asked: list[float] = []

    def record(seconds: float) -> None:
        asked.append(seconds)
        time.sleep(seconds)

    previous = container.set_pause(record)
    yield asked
    container.set_pause(previous)


def with_pause(action: Callable[[], None]) -> Iterator[list[float]]:
    asked: list[float] = []

    def pause(seconds: float) -> None:
        asked.append(seconds)
        if len(asked) == 1:
            action()

    previous = container.set_pause(pause)
    yield asked
    container.set_pause(previous)


def etag_of(reply: Reply) -> str:
    tag = reply.headers["ETag"]
    assert tag.startswith('"') and tag.endswith('"') and not tag.startswith("W/"), tag  # strong
    return tag


def test_a_matching_if_none_match_answers_304_without_a_body(world: MemoryWorld | AwsWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    first = gw.get(f"/games/{game_id}", token=tokens[0])
    tag = etag_of(first)
    assert first.headers["Vary"] == "Authorization"
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = gw.get(f"/games/{game_id}", token=tokens[0], headers={"If-None-Match": tag})
    assert (again.status, again.text, again.headers["ETag"]) == (304, "", tag)
    assert "Content-Type" not in again.headers and again.headers["Vary"] == "Authorization"
    for listed in (f'"other", {tag}', f"W/{tag}", "*"):
        assert gw.get(f"/games/{game_id}", token=tokens[0], headers={"If-None-Match": listed}).status == 304
    assert gw.get(f"/games/{game_id}", token=tokens[0], headers={"If-None-Match": '"other"'}).status == 200


def test_the_etag_is_the_callers_and_the_versions(world: MemoryWorld | AwsWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    other_game, _ = new_game(gw)
    tags = {etag_of(gw.get(f"/games/{game_id}", token=t)) for t in tokens}
    spectator = etag_of(gw.get(f"/games/{game_id}"))
    assert len(tags | {spectator, etag_of(gw.get(f"/games/{other_game}"))}) == len(tokens) + 2
    # Another seat's tag is not this seat's: its answer differs, so it must not be "not modified".
    assert gw.get(f"/games/{game_id}", token=tokens[0], headers={"If-None-Match": spectator}).status == 200
    move(gw, game_id, tokens)
    moved = gw.get(f"/games/{game_id}", headers={"If-None-Match": spectator})
    assert moved.status == 200 and etag_of(moved) != spectator


def test_an_unknown_token_is_refused_before_any_304(world: MemoryWorld | AwsWorld) -> None:
    gw = Gateway()
    game_id, _ = new_game(gw)
    tag = etag_of(gw.get(f"/games/{game_id}"))
    assert gw.get(f"/games/{game_id}", token="x" * 43, headers={"If-None-Match": "*"}).status == 401
    assert gw.get(f"/games/{game_id}", token="x" * 43, headers={"If-None-Match": tag}).code == "unauthorized"


def test_the_history_etag_follows_the_query(world: MemoryWorld | AwsWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    path = f"/games/{game_id}/events"
    first = gw.get(path, token=tokens[1])
    tag = etag_of(first)
    assert first.headers["Vary"] == "Authorization"
    assert gw.get(path, token=tokens[1], headers={"If-None-Match": tag}).status == 304
    for query in ({"after": "1"}, {"limit": "1"}):
        assert gw.get(path, token=tokens[1], query=query, headers={"If-None-Match": tag}).status == 200
    assert gw.get(path, token=tokens[0], headers={"If-None-Match": tag}).status == 200
    move(gw, game_id, tokens)
    assert gw.get(path, token=tokens[1], headers={"If-None-Match": tag}).status == 200


def test_a_long_poll_answers_the_move_made_while_it_waits(world: MemoryWorld | AwsWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    before = gw.get(f"/games/{game_id}", token=tokens[0])
    moved: list[int] = []
    waiting = with_pause(lambda: moved.append(move(gw, game_id, tokens)))
    asked = next(waiting)
    reply = gw.get(f"/games/{game_id}", token=tokens[0], query={"wait": "5"},
                   headers={"If-None-Match": etag_of(before)})
    next(waiting, None)
    assert reply.status == 200 and reply.body["version"] == moved[0] == before.body["version"] + 1
    assert etag_of(reply) != etag_of(before)
    assert asked == [POLL_PAUSES[0]]  # one pause, then the move was seen


def test_a_long_poll_on_any_tag_answers_the_move(memory: MemoryWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    waiting = with_pause(lambda: move(gw, game_id, tokens))
    next(waiting)
    reply = gw.get(f"/games/{game_id}", query={"wait": "5"}, headers={"If-None-Match": "*"})
    next(waiting, None)
    assert reply.status == 200 and reply.body["version"] == 2


def test_a_long_poll_without_a_move_answers_304_after_growing_pauses(
        world: MemoryWorld | AwsWorld, pauses: list[float]) -> None:
    gw = Gateway()
    game_id, _ = new_game(gw)
    tag = etag_of(gw.get(f"/games/{game_id}"))
    reply = gw.get(f"/games/{game_id}", query={"wait": "2"}, headers={"If-None-Match": tag})
    assert (reply.status, reply.headers["ETag"]) == (304, tag)
    assert pauses[0] == POLL_PAUSES[0] and max(pauses) <= POLL_PAUSES[-1] and sum(pauses) <= 2 + 1e-6
    assert pauses[:-1] == sorted(pauses[:-1]) and len(set(pauses)) > 1  # growing; the last one cut at the deadline


def test_a_long_poll_with_a_stale_tag_answers_at_once(memory: MemoryWorld, pauses: list[float]) -> None:
    gw = Gateway()
    game_id, _ = new_game(gw)
    reply = gw.get(f"/games/{game_id}", query={"wait": str(MAX_WAIT)}, headers={"If-None-Match": '"stale"'})
    assert reply.status == 200 and pauses == []
    assert gw.get(f"/games/{game_id}", query={"wait": str(MAX_WAIT)}).status == 200 and pauses == []


@pytest.mark.parametrize("wait", ["21", "-1", "1.5", " 1", "x"])
def test_a_bad_wait_is_a_422(memory: MemoryWorld, wait: str) -> None:
    gw = Gateway()
    game_id, _ = new_game(gw)
    reply = gw.get(f"/games/{game_id}", query={"wait": wait})
    assert reply.status == 422 and reply.code == "invalid_request", reply.body
