"""The HTTP client: safe retries with one command_id, and errors as one line."""

from __future__ import annotations

import json
from typing import Any
from urllib.error import URLError
from urllib.request import Request

import pytest

from devtools.client import ApiClient, ApiError, Unreachable


class Transport:
    """Answers from a script: an exception to raise, or (status, body)."""

    def __init__(self, *script: Any) -> None:
        self.script = list(script)
        self.sent: list[dict[str, Any]] = []

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        data = request.data
        assert data is None or isinstance(data, bytes)
        self.sent.append({"method": request.get_method(), "url": request.full_url,
                          "body": json.loads(data) if data else None,
                          "auth": request.get_header("Authorization")})
        step = self.script.pop(0)
        if isinstance(step, BaseException):
            raise step
        status, body = step
        return status, json.dumps(body).encode()


def client(transport: Transport) -> ApiClient:
    return ApiClient("http://api.test/", transport=transport, backoff=0)


def test_a_command_is_resent_with_the_same_command_id_after_network_errors() -> None:
    transport = Transport(ConnectionResetError(), URLError(TimeoutError()), (200, {"version": 5}))
    answer = client(transport).command("g1", "tok", "buy", {"source": "basic", "card": "water"}, expected_version=4)
    assert answer == {"version": 5}
    ids = {s["body"]["command_id"] for s in transport.sent}
    assert len(transport.sent) == 3 and len(ids) == 1
    assert transport.sent[0]["url"] == "http://api.test/games/g1/buy"
    assert transport.sent[0]["body"] | {"command_id": "x", "contribution": "c"} == {
        "command_id": "x", "contribution": "c", "source": "basic", "card": "water", "expected_version": 4}
    assert len({s["body"]["contribution"] for s in transport.sent}) == 1, "resent as it was"
    assert transport.sent[0]["auth"] == "Bearer tok"


def test_each_command_gets_a_fresh_command_id() -> None:
    transport = Transport((200, {}), (200, {}))
    api = client(transport)
    api.command("g1", "t", "pass", {})
    api.command("g1", "t", "pass", {})
    assert transport.sent[0]["body"]["command_id"] != transport.sent[1]["body"]["command_id"]


def test_busy_answers_are_retried_but_refusals_are_not() -> None:
    transport = Transport((503, {"error": {"code": "busy", "message": "later"}}), (200, {"ok": 1}))
    assert client(transport).game("g1") == {"ok": 1}
    refused = Transport((422, {"error": {"code": "not_your_turn", "message": "It is not your turn in the Market.",
                                         "details": {}}}))
    with pytest.raises(ApiError) as caught:
        client(refused).command("g1", "t", "buy", {})
    assert caught.value.line() == "error 422 not_your_turn: It is not your turn in the Market."
    assert len(refused.sent) == 1


def test_a_refusal_names_the_seat_the_client_acts_as_and_never_its_token() -> None:
    refused = Transport((422, {"error": {"code": "not_your_turn", "message": "It is not your turn.", "details": {}}}))
    api = client(refused)
    api.acting = "seat 1 Grace"
    with pytest.raises(ApiError) as caught:
        api.command("g1", "secret-token", "pass", {})
    assert caught.value.line() == "error 422 not_your_turn (as seat 1 Grace): It is not your turn."


def test_creating_a_game_is_resent_only_if_it_never_left() -> None:
    seats = [{"seat": 1, "name": "b", "token": "t1"}, {"seat": 0, "name": "a", "token": "t0"}]
    created = {"game_id": "g", "seats": seats}
    transport = Transport(URLError(ConnectionRefusedError()), (201, created))
    answer = client(transport).create_game(["a", "b"])
    assert ApiClient.tokens(answer) == ["t0", "t1"]
    lost = Transport(URLError(TimeoutError()), (201, created))
    with pytest.raises(Unreachable):
        client(lost).create_game(["a", "b"])
    assert len(lost.sent) == 1


def test_unreachable_lines() -> None:
    refused = Transport(*[URLError(ConnectionRefusedError())] * 5)
    with pytest.raises(Unreachable) as caught:
        ApiClient("http://127.0.0.1:3000", transport=refused, backoff=0).game("g")
    assert caught.value.line() == "cannot reach http://127.0.0.1:3000 — is `make serve` running?"
    assert Unreachable("https://api.example", "timed out").line() == "cannot reach https://api.example (timed out)"


def test_errors_that_are_not_the_apis_shape_still_make_one_line() -> None:
    assert ApiError.from_response(404, b'{"message": "Not Found"}').line() == "error 404 http_404: Not Found"
    assert ApiError.from_response(502, b"<html>").line() == "error 502 http_502: <html>"
    assert ApiError.from_response(500, b"").line() == "error 500 http_500: Internal Server Error"


def test_urls_come_from_the_flag_then_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISTILLED_URL", "http://env.test/")
    assert ApiClient().url == "http://env.test"
    assert ApiClient("http://flag.test").url == "http://flag.test"
    monkeypatch.delenv("DISTILLED_URL")
    assert ApiClient().url == "http://127.0.0.1:3000"
