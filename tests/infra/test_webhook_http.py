"""The webhook POST (infra/channels/webhook_http.py) against a real local HTTP server: to the address given
with the URL's host in `Host`, a redirect answered as its status and never followed, no more than a few KB of
an answer read, a silent server ending in a timeout."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from infra.channels import webhook_http


@pytest.fixture
def server() -> Iterator[tuple[ThreadingHTTPServer, list[dict[str, Any]]]]:
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            seen.append({"path": self.path, "host": self.headers["Host"], "body": body,
                         "signature": self.headers["X-Distilled-Signature"]})
            if self.path.startswith("/redirect"):
                self.send_response(302)
                self.send_header("Location", "/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            big = b"x" * (1 << 20) if self.path.startswith("/big") else b""
            self.send_response(200)
            self.send_header("Content-Length", str(len(big)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client stopped reading: right
                self.wfile.write(big)

        def log_message(self, *_: Any) -> None:
            pass

    http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=http.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield http, seen
    http.shutdown()
    http.server_close()


def test_posts_to_the_address_with_the_hosts_name(server: tuple[ThreadingHTTPServer, list[dict[str, Any]]]) -> None:
    http, seen = server
    port = http.server_address[1]
    status = webhook_http.post(f"http://hooks.example.org:{port}/hook?x=1", "127.0.0.1", b'{"a":1}',
                               {"X-Distilled-Signature": "v1=ab"})
    assert status == 200
    assert seen == [{"path": "/hook?x=1", "host": f"hooks.example.org:{port}", "body": b'{"a":1}',
                     "signature": "v1=ab"}]


def test_a_redirect_is_not_followed(server: tuple[ThreadingHTTPServer, list[dict[str, Any]]]) -> None:
    http, seen = server
    url = f"http://127.0.0.1:{http.server_address[1]}/redirect"
    assert webhook_http.post(url, "127.0.0.1", b"{}", {"X-Distilled-Signature": "v1=ab"}) == 302
    assert [s["path"] for s in seen] == ["/redirect"]


def test_a_big_answer_is_not_read(server: tuple[ThreadingHTTPServer, list[dict[str, Any]]],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    original = webhook_http.http.client.HTTPResponse.read

    def counting(self: Any, amt: int | None = None) -> bytes:
        data = original(self, amt)
        read.append(len(data))
        return data

    monkeypatch.setattr(webhook_http.http.client.HTTPResponse, "read", counting)
    http, _ = server
    url = f"http://127.0.0.1:{http.server_address[1]}/big"
    assert webhook_http.post(url, "127.0.0.1", b"{}", {"X-Distilled-Signature": "v1=ab"}) == 200
    assert sum(read) <= webhook_http.READ_LIMIT


def test_a_silent_server_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)  # accepts the connection, never answers
    monkeypatch.setattr(webhook_http, "TIMEOUT", 0.2)
    try:
        with pytest.raises(TimeoutError):
            webhook_http.post(f"http://127.0.0.1:{listener.getsockname()[1]}/", "127.0.0.1", b"{}", {})
    finally:
        listener.close()


def test_a_receiver_trickling_its_answer_is_cut_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each byte comes well within the read timeout: only the whole attempt's deadline ends it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    stop = threading.Event()

    def trickle() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\n")
            for _ in range(80):  # some 4 s in all, then it closes: without the deadline, no TimeoutError
                if stop.wait(0.05):
                    return
                try:
                    connection.sendall(b"X-Slow: y\r\n")
                except OSError:
                    return

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    monkeypatch.setattr(webhook_http, "TIMEOUT", 2.0)
    monkeypatch.setattr(webhook_http, "DEADLINE", 0.5)
    try:
        with pytest.raises(TimeoutError):
            webhook_http.post(f"http://127.0.0.1:{listener.getsockname()[1]}/", "127.0.0.1", b"{}", {})
    finally:
        stop.set()
        listener.close()
