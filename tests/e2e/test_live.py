"""Live updates over `distilled serve` in its own process: ETag/304 and the long poll over real HTTP, and the
WebSocket on the same port (two clients told of a move, ping/pong, refusals, hostile clients, the management
API)."""

from __future__ import annotations

import http.client
import json
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.local import websocket as ws
from tests.local.process import WAIT_LIMIT, ServerProcess, eventually, limit, running_server
from tests.local.ws_client import BINARY, TEXT, Refused, WsClient, hostile_frame


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


MOVES = 7


def told(client: WsClient, game_id: str, version: int) -> bool:
    """Whether the socket is told the game reached `version`; what comes before is only that game's earlier
    versions (its creation may reach the stream after the socket connected)."""
    while (message := client.recv_json())["version"] < version:
        assert message == {"type": "moved", "game_id": game_id, "version": message["version"]}, message
    return bool(message == {"type": "moved", "game_id": game_id, "version": version})


def test_two_sockets_are_told_of_a_move_made_over_http(server: ServerProcess) -> None:
    game_id, tokens = new_game(server)
    other_game, _ = new_game(server)
    watchers = [WsClient(server.port, f"/live?game_id={game_id}") for _ in range(2)]
    elsewhere = WsClient(server.port, f"/live?game_id={other_game}")
    try:
        took = []
        for _ in range(MOVES):
            version = move(server, game_id, tokens)
            answered = time.monotonic()
            for watcher in watchers:
                assert told(watcher, game_id, version)
            took.append(time.monotonic() - answered)
        # Figures, not limits (run with -s to see them): from the move's answer to both sockets told.
        print(f"\nmove answered -> both sockets told, {MOVES} moves: "
              f"median {sorted(took)[MOVES // 2] * 1000:.0f} ms, max {max(took) * 1000:.0f} ms")
        # The other game's socket heard of its own game only (its creation, when the stream got there).
        elsewhere.send_json({"action": "ping"})
        heard: list[Any] = []
        while (message := elsewhere.recv_json()) != {"type": "pong"}:
            heard.append(message)
        assert all(m == {"type": "moved", "game_id": other_game, "version": 1} for m in heard), heard
    finally:
        for client in [*watchers, elsewhere]:
            client.close_socket()


def test_pings_are_answered_and_a_close_is_echoed(server: ServerProcess) -> None:
    game_id, _ = new_game(server)
    client = WsClient(server.port, f"/live?game_id={game_id}")
    assert client.ping(b"hi")
    client.send_json({"action": "ping"})
    assert client.reply() == {"type": "pong"}
    client.send_json({"action": "dance"})
    assert client.reply()["error"]["code"] == "unknown_action"
    client.send_json({"action": "$disconnect"})  # not a message's route: $default answers it
    assert client.reply()["error"]["code"] == "unknown_action"
    client.send_text("[" * 20_000)  # deeper than any JSON parser goes: an error message, the socket stays
    assert client.reply()["error"]["code"] == "unknown_action"
    assert client.close(4000) == 4000 and client.ended


@pytest.mark.parametrize(("path", "status"), [("/live", 400), ("/live?game_id=a%2Fb", 400),
                                              ("/live?game_id=nosuchgame", 404)])
def test_a_socket_to_no_game_is_refused_at_the_handshake(server: ServerProcess, path: str, status: int) -> None:
    with pytest.raises(Refused) as refused:
        WsClient(server.port, path)
    assert refused.value.status == status and "application/json" in refused.value.headers["content-type"]


def test_a_plain_get_of_the_socket_asks_for_an_upgrade(server: ServerProcess) -> None:
    status, headers, body = call(server, "GET", "/live?game_id=x")
    assert status == 426 and json.loads(body)["error"]["code"] == "upgrade_required"
    assert headers["sec-websocket-version"] == "13"


@pytest.mark.parametrize(("hostile", "code"), [
    (hostile_frame(TEXT, b"hi", masked=False), ws.PROTOCOL_ERROR),
    (hostile_frame(TEXT, b"x", length=1 << 40), ws.TOO_BIG),
    (hostile_frame(BINARY, b"\x00"), ws.UNSUPPORTED),
    (hostile_frame(TEXT, b"\xff"), ws.INVALID_DATA),
], ids=["unmasked", "too_big", "binary", "not_utf8"])  # the frames hold a random mask: ids of their own
def test_a_hostile_client_is_closed_with_its_code_and_the_server_serves_on(
        server: ServerProcess, hostile: bytes, code: int) -> None:
    game_id, tokens = new_game(server)
    bad = WsClient(server.port, f"/live?game_id={game_id}")
    good = WsClient(server.port, f"/live?game_id={game_id}")
    try:
        bad.send_raw(hostile)
        assert bad.closed_with() == code
        assert bad.ended  # and the socket ends
        version = move(server, game_id, tokens)
        assert told(good, game_id, version)
    finally:
        bad.close_socket()
        good.close_socket()


def test_a_client_that_hangs_up_mid_frame_does_not_stop_the_server(server: ServerProcess) -> None:
    game_id, _ = new_game(server)
    client = WsClient(server.port, f"/live?game_id={game_id}")
    client.send_raw(hostile_frame(TEXT, b"half a frame")[:5])
    client.close_socket()
    assert call(server, "GET", f"/games/{game_id}")[0] == 200


def test_the_management_api_answers_gone_for_a_closed_socket(server: ServerProcess) -> None:
    status, headers, _ = call(server, "POST", "/_live/@connections/nosuchconnection", {"type": "moved"})
    assert status == 410 and headers["x-amzn-errortype"] == "GoneException"
    assert call(server, "GET", "/_live/%40connections/nosuchconnection")[0] == 410
    assert call(server, "GET", "/_live/elsewhere")[0] == 404


def test_cors_is_closed_unless_origins_are_allowed(server: ServerProcess) -> None:
    """`distilled serve` without --allow-origin: no CORS header anywhere, and a preflight is just a request."""
    game_id, _ = new_game(server)
    origin = {"Origin": "http://localhost:5173"}
    status, headers, _ = call(server, "OPTIONS", f"/games/{game_id}", headers={
        **origin, "Access-Control-Request-Method": "GET"})
    assert status == 404 and not [h for h in headers if h.startswith("access-control-")]
    status, headers, _ = call(server, "GET", f"/games/{game_id}", headers=origin)
    assert status == 200 and not [h for h in headers if h.startswith("access-control-")]
