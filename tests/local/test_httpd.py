"""The local server's front door, in process over a fake gateway: what it refuses, and how it behaves to
clients that are slow, many at once, or gone before their answer."""

from __future__ import annotations

import http.client
import json
import socket
import struct
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.local import httpd
from devtools.local.apigw import HttpRequest, HttpResponse
from functions.api.models import MAX_BODY_BYTES
from tests.local.process import WAIT_LIMIT, limit


class FakeGateway:
    """Answers every request with `body`; holds each answer until `release` is set."""

    def __init__(self, body: bytes = b'{"ok": true}') -> None:
        self.body, self.requests = body, []
        self.release = threading.Event()
        self.release.set()

    def handle(self, request: HttpRequest) -> HttpResponse:
        self.requests.append(request)
        self.release.wait(limit(WAIT_LIMIT))
        return HttpResponse(200, [("content-type", "application/json")], self.body)


@pytest.fixture
def gateway() -> FakeGateway:
    return FakeGateway()


@pytest.fixture
def server(gateway: FakeGateway) -> Iterator[httpd.GatewayServer]:
    server = httpd.http_server("127.0.0.1", 0)
    server.gateway = gateway  # type: ignore[assignment]
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def exchange(server: httpd.GatewayServer, raw: bytes) -> tuple[int, dict[str, str], Any]:
    """Send raw bytes as a request; the status, headers and JSON body of the answer."""
    with socket.create_connection(server.server_address[:2], timeout=limit(WAIT_LIMIT)) as s:
        s.sendall(raw)
        response = http.client.HTTPResponse(s)
        response.begin()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(response.read())


def test_a_method_the_api_does_not_have_is_a_json_405(server: httpd.GatewayServer, gateway: FakeGateway) -> None:
    status, headers, body = exchange(server, b"BREW /games HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 405 and headers["content-type"] == "application/json"
    assert body["error"]["code"] == "method_not_allowed"
    assert "GET" in headers["allow"] and "POST" in headers["allow"]
    assert gateway.requests == []


def test_a_malformed_request_line_is_a_json_400(server: httpd.GatewayServer) -> None:
    status, _, body = exchange(server, b"GET /games HTTP/9\r\n\r\n")
    assert status == 400 and body["error"]["code"] == "bad_request"


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "0x10", " ", "12, 13"])
def test_a_bad_content_length_is_a_json_400_and_reaches_no_function(
    server: httpd.GatewayServer, gateway: FakeGateway, value: str,
) -> None:
    status, headers, body = exchange(server, f"POST /games HTTP/1.1\r\nContent-Length: {value}\r\n\r\n{{}}".encode())
    assert status == 400 and body["error"]["code"] == "bad_content_length"
    assert headers["connection"] == "close"
    assert gateway.requests == []


def test_two_different_content_lengths_are_refused(server: httpd.GatewayServer, gateway: FakeGateway) -> None:
    status, _, body = exchange(server, b"POST /games HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}")
    assert status == 400 and body["error"]["code"] == "bad_content_length"
    assert gateway.requests == []


def test_a_body_over_the_apis_limit_is_a_413_and_is_not_read(server: httpd.GatewayServer,
                                                              gateway: FakeGateway) -> None:
    # Announced but never sent: an answer at all shows the server did not wait to read it.
    head = f"POST /games HTTP/1.1\r\nContent-Length: {MAX_BODY_BYTES + 1}\r\n\r\n".encode()
    status, _, body = exchange(server, head)
    assert status == 413 and body["error"]["code"] == "body_too_large"
    assert gateway.requests == []
    status, _, _ = exchange(server, f"POST /games HTTP/1.1\r\nContent-Length: {MAX_BODY_BYTES}\r\n\r\n".encode()
                            + b" " * MAX_BODY_BYTES)
    assert status == 200 and len(gateway.requests[0].body) == MAX_BODY_BYTES


def test_the_front_doors_limit_is_the_apis() -> None:
    assert httpd.MAX_BODY_BYTES == MAX_BODY_BYTES


def test_a_client_that_sends_nothing_is_disconnected(server: httpd.GatewayServer) -> None:
    server.request_timeout = 0.2
    with socket.create_connection(server.server_address[:2], timeout=limit(WAIT_LIMIT)) as idle:
        assert idle.recv(1) == b""  # closed by the server; without its timeout this waits for ever
    with socket.create_connection(server.server_address[:2], timeout=limit(WAIT_LIMIT)) as slow:
        slow.sendall(b"POST /games HTTP/1.1\r\nContent-Length: 10\r\n\r\n{}")  # 2 of the 10 bytes, then nothing
        assert slow.recv(1) == b""


def test_a_burst_of_connections_waits_in_the_listen_backlog(gateway: FakeGateway) -> None:
    server = httpd.http_server("127.0.0.1", 0)  # listening, but not accepting yet: a busy server
    server.gateway = gateway  # type: ignore[assignment]
    clients = []
    serving = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    try:
        for _ in range(64):  # a full backlog drops the handshake, and the connect waits until the limit
            clients.append(socket.create_connection(server.server_address[:2], timeout=limit(WAIT_LIMIT)))
        serving.start()
        for client in clients:
            client.sendall(b"GET /games/x HTTP/1.1\r\nConnection: close\r\n\r\n")
        for client in clients:
            response = http.client.HTTPResponse(client)
            response.begin()
            assert response.status == 200
    finally:
        for client in clients:
            client.close()
        if serving.is_alive():
            server.shutdown()
        server.server_close()


def test_a_client_hanging_up_prints_no_traceback(server: httpd.GatewayServer, gateway: FakeGateway,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    gateway.body = b"x" * (4 << 20)  # far more than socket buffers hold: writing it must meet the hang-up
    gateway.release.clear()
    seen: list[type[BaseException] | None] = []
    done = threading.Event()
    handle_error, shutdown_request = server.handle_error, server.shutdown_request

    def recording_handle_error(request: Any, address: Any) -> None:
        seen.append(sys.exc_info()[0])
        handle_error(request, address)

    def recording_shutdown_request(request: Any) -> None:
        shutdown_request(request)
        done.set()

    server.handle_error = recording_handle_error  # type: ignore[method-assign]
    server.shutdown_request = recording_shutdown_request  # type: ignore[method-assign]
    client = socket.create_connection(server.server_address[:2], timeout=limit(WAIT_LIMIT))
    client.sendall(b"GET /games/x HTTP/1.1\r\n\r\n")
    while not gateway.requests:
        threading.Event().wait(0.01)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
    client.close()
    gateway.release.set()
    assert done.wait(limit(WAIT_LIMIT))
    assert seen and seen[0] is not None and issubclass(seen[0], ConnectionError)
    assert "Traceback" not in capsys.readouterr().err
