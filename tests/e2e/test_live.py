"""Live updates over `distilled serve` in its own process: ETag/304 and the long poll over real HTTP."""

from __future__ import annotations

import http.client
import json
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.local.process import WAIT_LIMIT, ServerProcess, eventually, limit, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def call(server: ServerProcess, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=limit(WAIT_LIMIT))
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {**({"Content-Type": "application/json"} if data else {}), **(headers or {})}
        connection.request(method, path, data, sent)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def new_game(server: ServerProcess) -> tuple[str, list[str]]:
    status, _, body = call(server, "POST", "/games", {"seats": [{"name": "Ada"}, {"name": "Grace"}]})
    assert status == 201, body
    created = json.loads(body)
    return created["game_id"], [s["token"] for s in created["seats"]]


def move(server: ServerProcess, game_id: str, tokens: list[str]) -> int:
    seat = json.loads(call(server, "GET", f"/games/{game_id}")[2])["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    action = json.loads(call(server, "GET", f"/games/{game_id}", headers=auth)[2])["view"]["legal_actions"][0]
    status, _, body = call(server, "POST", f"/games/{game_id}/{action['type']}",
                           {**action, "command_id": uuid.uuid4().hex}, auth)
    assert status == 200, body
    return int(json.loads(body)["version"])


def test_a_304_over_http_has_no_body(server: ServerProcess) -> None:
    game_id, _ = new_game(server)
    status, headers, _ = call(server, "GET", f"/games/{game_id}")
    assert status == 200 and headers["vary"] == "Authorization"
    status, again, body = call(server, "GET", f"/games/{game_id}", headers={"If-None-Match": headers["etag"]})
    assert (status, body, again["etag"]) == (304, b"", headers["etag"])
    assert "content-length" not in again and "content-type" not in again
    # The connection stays usable after a bodiless answer: the next request on it is answered.
    status, events, _ = call(server, "GET", f"/games/{game_id}/events")
    assert status == 200 and call(server, "GET", f"/games/{game_id}/events",
                                  headers={"If-None-Match": events["etag"]})[0] == 304


def test_a_long_poll_does_not_hold_the_server(server: ServerProcess) -> None:
    """While one request waits for a move, the others (the move itself) are served: the local invoker's lock is
    given up during the wait. Were it held, the move would wait for the poll, and the poll would answer 304."""
    game_id, tokens = new_game(server)
    status, headers, body = call(server, "GET", f"/games/{game_id}")
    version = json.loads(body)["version"]
    answers: list[tuple[int, dict[str, str], bytes]] = []
    before = server.get("/_local/health")["invocations"]
    poll = threading.Thread(target=lambda: answers.append(call(
        server, "GET", f"/games/{game_id}?wait=20", headers={"If-None-Match": headers["etag"]})))
    poll.start()
    try:
        # Ready: the long poll's invocation has begun (the counter moves as it takes the lock).
        assert eventually(lambda: server.get("/_local/health")["invocations"] > before)
        moved = move(server, game_id, tokens)
    finally:
        poll.join(timeout=limit(WAIT_LIMIT))
    (status, answered, body), = answers
    assert status == 200 and json.loads(body)["version"] == moved == version + 1
    assert answered["etag"] != headers["etag"]
