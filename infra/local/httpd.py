"""The HTTP front door: each request becomes the API Gateway event SAM would send to the template's function."""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from infra.local.apigw import HttpRequest, HttpResponse, error_response, http_event, http_response
from infra.local.invoke import Invoker, report_crash
from infra.local.outbox import Outbox
from infra.local.sam import Route, find_route

LOCAL_PREFIX = "/_local/"


class Gateway:
    """Routes from the template, handlers through the invoker; plus the /_local/ pages of the local server."""

    def __init__(self, routes: list[Route], invoker: Invoker, outbox: Outbox, verbose: bool = False) -> None:
        self.routes, self.invoker, self.outbox, self.verbose = routes, invoker, outbox, verbose

    def handle(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        path = urlsplit(request.target).path
        if path.startswith(LOCAL_PREFIX):
            response = self.local(request.method, request.target)
        else:
            response = self.api(request, path)
        if self.verbose:
            took = (time.perf_counter() - started) * 1000
            print(f"[http] {request.method} {request.target} {response.status} {took:.0f}ms", flush=True)
        return response

    def api(self, request: HttpRequest, path: str) -> HttpResponse:
        found = find_route(self.routes, request.method, path)
        if found is None:
            return error_response(404, "not_found", f"no route for {request.method} {path}")
        route, params = found
        event = http_event(request, route.route_key, params)
        try:
            return http_response(self.invoker.invoke(route.function, event))
        except Exception as error:  # what API Gateway turns a crashed Lambda into
            return error_response(500, "internal", report_crash(route.function, error))

    def local(self, method: str, target: str) -> HttpResponse:
        parts = urlsplit(target)
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
        else:
            return error_response(404, "not_found", f"no local page {parts.path}")
        return HttpResponse(200, [("content-type", "application/json")], json.dumps(body).encode())


def _wanted(entry: dict[str, Any], query: dict[str, str]) -> bool:
    """?game=ID&seat=N narrow the outbox to one game or one seat."""
    message = entry.get("message") if isinstance(entry.get("message"), dict) else {}
    assert isinstance(message, dict)
    for key, field in (("game", "game_id"), ("seat", "seat")):
        if key in query:
            value = message.get(field, entry.get("attributes", {}).get(field))
            if str(value) != query[key]:
                return False
    return True


class GatewayServer(ThreadingHTTPServer):
    """Bound as soon as it is made (a busy port fails first); answers once `gateway` is set."""

    daemon_threads = True
    gateway: Gateway | None = None


class _Handler(BaseHTTPRequestHandler):
    server: GatewayServer
    protocol_version = "HTTP/1.1"

    def _serve(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        request = HttpRequest(self.command, self.path, list(self.headers.items()), body,
                              self.client_address[0], self.headers.get("host") or "127.0.0.1")
        gateway = self.server.gateway
        response = gateway.handle(request) if gateway else error_response(503, "starting", "not ready yet")
        self.send_response(response.status)
        names = {k.lower() for k, _ in response.headers}
        for key, value in response.headers:
            if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(key, value)
        if "content-type" not in names and response.body:
            self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(response.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = _serve

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the gateway logs requests when asked to (--verbose)."""


def http_server(host: str, port: int) -> GatewayServer:
    return GatewayServer((host, port), _Handler)
