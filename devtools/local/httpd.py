"""The HTTP front door: each request becomes the API Gateway event SAM would send to the template's function."""

from __future__ import annotations

import json
import re
import socket
import sys
import time
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from devtools.local.apigw import HttpRequest, HttpResponse, error_response, http_event, http_response
from devtools.local.cors import Cors, decorate, preflight
from devtools.local.invoke import Invoker, report_crash
from devtools.local.live import LIVE_PATH, MANAGEMENT_PREFIX, LiveHub
from devtools.local.outbox import Outbox
from devtools.local.sam import Route, find_route

LOCAL_PREFIX = "/_local/"
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD")  # what API Gateway passes on to routes
MAX_BODY_BYTES = 16 * 1024  # the API's own limit (functions/models.py): a test keeps the two equal
REQUEST_TIMEOUT = 30.0  # seconds a client may leave a request (or our answer) half-sent before it is dropped
LISTEN_BACKLOG = 128
DISCARD_LIMIT, DISCARD_WAIT = 1 << 20, 1.0  # bytes and seconds of a refused body read before closing
_DIGITS = re.compile(r"[0-9]{1,10}")


class Gateway:
    """Routes from the template, handlers through the invoker; plus the /_local/ pages of the local server."""

    def __init__(self, routes: list[Route], invoker: Invoker, outbox: Outbox, verbose: bool = False,
                 live: LiveHub | None = None, cors: Cors | None = None,
                 clock: Callable[[str, bytes], HttpResponse] | None = None) -> None:
        """`clock(method, body)`: the local clock's page (devtools/local/clock.py), the one /_local/ page that
        takes a POST."""
        self.routes, self.invoker, self.outbox, self.verbose = routes, invoker, outbox, verbose
        self.live, self.cors, self.clock = live, cors, clock
        self.now: Callable[[], float] | None = None  # the local clock, for the Date header (None: real time)
        self.local_posts: dict[str, Callable[[HttpRequest], HttpResponse]] = {}  # POST /_local/… (mail_ops.py)
        self.local_gets: dict[str, Callable[[], Any]] = {}  # GET /_local/… answering JSON (inbox.py)

    def handle(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        path = urlsplit(request.target).path
        if self.live is not None and path.startswith(MANAGEMENT_PREFIX + "/"):
            response = self.live.manage(request)
        elif request.method == "POST" and path in self.local_posts:
            response = self.local_posts[path](request)
        elif path.startswith(LOCAL_PREFIX):
            response = self.local(request.method, request.target, request.body)
        else:
            response = self.api(request, path)
        if self.verbose:
            took = (time.perf_counter() - started) * 1000
            print(f"[http] {request.method} {request.target} {response.status} {took:.0f}ms", flush=True)
        return response

    def api(self, request: HttpRequest, path: str) -> HttpResponse:
        if self.cors is None:
            return self._api(request, path)
        return preflight(self.cors, request) or decorate(self.cors, request, self._api(request, path))

    def _api(self, request: HttpRequest, path: str) -> HttpResponse:
        found = find_route(self.routes, request.method, path)
        if found is None:
            return error_response(404, "not_found", f"no route for {request.method} {path}")
        route, params = found
        event = http_event(request, route.route_key, params)
        try:
            return http_response(self.invoker.invoke(route.function, event))
        except Exception as error:  # what API Gateway turns a crashed Lambda into
            return error_response(500, "internal", report_crash(route.function, error))

    def local(self, method: str, target: str, sent: bytes = b"") -> HttpResponse:
        parts = urlsplit(target)
        if parts.path == "/_local/clock" and self.clock is not None:
            return self.clock(method, sent)
        if method != "GET":
            return error_response(405, "method_not_allowed", f"{parts.path} is read-only")
        body: Any
        if parts.path == "/_local/health":
            body = {"ok": True, "invocations": self.invoker.invocations}
        elif parts.path == "/_local/routes":
            body = [{"route": r.route_key, "function": r.function} for r in self.routes]
        elif parts.path == "/_local/outbox":
            query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
            body = [e for e in self.outbox.entries() if _wanted(e, query)]
        elif parts.path in self.local_gets:
            body = self.local_gets[parts.path]()
        else:
            return error_response(404, "not_found", f"no local page {parts.path}")
        return HttpResponse(200, [("content-type", "application/json")], json.dumps(body).encode())


def _wanted(entry: dict[str, Any], query: dict[str, str]) -> bool:
    """?game=ID&seat=N narrow the outbox to one game or one seat; ?to=ADDRESS to the e-mails to one address."""
    message = entry.get("message") if isinstance(entry.get("message"), dict) else {}
    assert isinstance(message, dict)
    for key, field in (("game", "game_id"), ("seat", "seat"), ("to", "to")):
        if key in query:
            value = message.get(field, entry.get("attributes", {}).get(field))
            if str(value) != query[key]:
                return False
    return True


class GatewayServer(ThreadingHTTPServer):
    """Bound as soon as it is made (a busy port fails first); answers once `gateway` is set."""

    daemon_threads = True
    # Connections wait here while every thread is busy (the handlers run one at a time): a burst of new
    # clients must queue, not be refused. The kernel caps it at net.core.somaxconn.
    request_queue_size = LISTEN_BACKLOG
    gateway: Gateway | None = None
    request_timeout: float = REQUEST_TIMEOUT

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hung up (or went quiet) mid-answer is its own business: no traceback for it.
        if isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    server: GatewayServer
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        # Without it a client that connects and sends nothing (or half a body) holds a thread for ever.
        self.connection.settimeout(self.server.request_timeout)

    def _serve(self) -> None:
        live = getattr(self.server.gateway, "live", None)  # (a test's stand-in gateway may have none)
        if live is not None and urlsplit(self.path).path == LIVE_PATH:
            self._live(live)
            return
        length, refused = self._content_length()
        if refused is not None:
            self._answer(refused, close=True)
            self._discard_unread()
            return
        body = self.rfile.read(length) if length else b""
        if len(body) < length:  # the client hung up mid-body
            self.close_connection = True
            return
        request = HttpRequest(self.command, self.path, list(self.headers.items()), body,
                              self.client_address[0], self.headers.get("host") or "127.0.0.1")
        gateway = self.server.gateway
        self._answer(gateway.handle(request) if gateway else error_response(503, "starting", "not ready yet"))

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = _serve

    def _live(self, live: LiveHub) -> None:
        """A WebSocket: this thread serves it to its end (or answers the refusal), then the connection closes."""
        self.close_connection = True
        request = HttpRequest(self.command, self.path, list(self.headers.items()), b"",
                              self.client_address[0], self.headers.get("host") or "127.0.0.1")
        refused = live.upgrade(request, self.connection, self.rfile)  # type: ignore[arg-type]
        if refused is not None:
            self._answer(refused, close=True)

    def _content_length(self) -> tuple[int, HttpResponse | None]:
        """The body's length, or the refusal of a body that cannot be read safely (nothing is read then)."""
        if self.headers.get("transfer-encoding"):
            return 0, error_response(411, "length_required", "Send the body with a Content-Length.")
        values = {v.strip() for v in self.headers.get_all("content-length") or []}
        if not values:
            return 0, None
        value = values.pop()
        if values or not _DIGITS.fullmatch(value):
            return 0, error_response(400, "bad_content_length", "Content-Length must be one whole number of bytes.")
        if int(value) > MAX_BODY_BYTES:
            return 0, error_response(413, "body_too_large", f"The body is over {MAX_BODY_BYTES} bytes.")
        return int(value), None

    def _discard_unread(self) -> None:
        """Read (a bounded amount of) what the client still sends after a refusal: closing a socket with unread
        data resets the connection, and a client still sending its body would see the reset, not the answer."""
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(DISCARD_WAIT)
            left = DISCARD_LIMIT
            while left > 0 and (chunk := self.connection.recv(min(left, 1 << 16))):
                left -= len(chunk)
        except OSError:
            pass

    def _answer(self, response: HttpResponse, close: bool = False, extra: Sequence[tuple[str, str]] = ()) -> None:
        self.send_response(response.status)
        names = {k.lower() for k, _ in response.headers}
        for key, value in [*response.headers, *extra]:
            if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(key, value)
        if "content-type" not in names and response.body:
            self.send_header("content-type", "application/json")
        if response.status != HTTPStatus.NOT_MODIFIED:  # a 304 has no body, and no length of one (RFC 9110 §15.4.5)
            self.send_header("content-length", str(len(response.body)))
        if close:
            self.send_header("connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and response.status != HTTPStatus.NOT_MODIFIED:
            self.wfile.write(response.body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a bad request line, headers too long, a method without a do_X), as the
        API's JSON errors instead of HTML."""
        extra: list[tuple[str, str]] = []
        command = getattr(self, "command", None) or ""
        if code == HTTPStatus.NOT_IMPLEMENTED and command and not hasattr(self, "do_" + command):
            code, extra = HTTPStatus.METHOD_NOT_ALLOWED, [("allow", ", ".join(METHODS))]
            message = f"{command} is not a method of this API."
        status = HTTPStatus(code)
        slug = status.phrase.lower().replace(" ", "_").replace("-", "_")
        self.log_error("code %d, message %s", code, message)
        if self.request_version == "HTTP/0.9":  # still the default: the request line was unreadable
            self.request_version = "HTTP/1.1"  # so that the answer has a status line and headers
        self._answer(error_response(status, slug, message or status.phrase), close=True, extra=extra)

    def date_time_string(self, timestamp: float | None = None) -> str:
        """The Date header by the local clock (the page counts the turn clocks down from it): moved on with it."""
        now = getattr(self.server.gateway, "now", None)
        return super().date_time_string(timestamp if timestamp is not None or now is None else now())

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the gateway logs requests when asked to (--verbose)."""


def http_server(host: str, port: int) -> GatewayServer:
    return GatewayServer((host, port), _Handler)
