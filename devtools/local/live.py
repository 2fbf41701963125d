"""API Gateway's WebSocket API on a laptop: `ws://<host>:<port>/live?game_id=...` on the local server's own port.

Each socket's life runs the template's functions as API Gateway would: `$connect` with the handshake's query
and headers (a non-2xx answer refuses the upgrade), `$default` with each text message (its answer's body goes
back on the socket: the two-way route), `$disconnect` once it is over, however it ended. The management API
(`POST|GET|DELETE /_live/@connections/{id}`, where LIVE_ENDPOINT points) lets the broadcaster run unchanged:
a closed socket answers 410 GoneException there. It answers loopback clients only: anyone who can post there
can write to every socket.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, BinaryIO
from urllib.parse import parse_qsl, unquote, urlsplit

from devtools.local import websocket as ws
from devtools.local.apigw import API_ID, HttpRequest, HttpResponse, error_response
from devtools.local.invoke import Invoker, report_crash
from devtools.local.sam import SocketApi

LIVE_PATH = "/live"
MANAGEMENT_PREFIX = "/_live"
IDLE_TIMEOUT = 600.0  # seconds: API Gateway closes a connection idle for 10 minutes
LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")


@dataclass
class Socket:
    connection_id: str
    channel: ws.ServerSocket
    source_ip: str
    connected_at: float = field(default_factory=time.time)
    last_active: float = field(default_factory=time.time)

    @property
    def open(self) -> bool:
        return self.channel.is_open

    def send(self, message: bytes) -> bool:
        """Whether the text message went out, or waits for the handshake's end (False: the socket is closed,
        or broke while sending)."""
        if not self.channel.send_text(message):
            return False
        self.last_active = time.time()
        return True

    def shut(self, code: int, reason: str) -> None:
        """Close from our side (the client has a few seconds to answer before its TCP connection is cut)."""
        self.channel.close(code, reason)


def _epoch_ms(seconds: float) -> int:
    return int(seconds * 1000)


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class LiveHub:
    def __init__(self, api: SocketApi, invoker: Invoker, verbose: bool = False) -> None:
        self.api, self.invoker, self.verbose = api, invoker, verbose
        self.sockets: dict[str, Socket] = {}
        self.lock = threading.Lock()

    # --- a socket's life ------------------------------------------------------------------------------------
    def upgrade(self, request: HttpRequest, sock: socket.socket, rfile: BinaryIO) -> HttpResponse | None:
        """Serve one socket to its end; or the HTTP answer that refuses it (the caller sends it)."""
        channel = ws.ServerSocket.handshake(sock, request.method, request.target, request.headers)
        if isinstance(channel, ws.Refusal):
            name = {426: "upgrade_required", 405: "method_not_allowed"}.get(channel.status, "bad_handshake")
            refused = error_response(channel.status, name, channel.problem)
            extra = [("upgrade", "websocket")] if channel.status == 426 else []
            return HttpResponse(channel.status, [*refused.headers, *extra, ("sec-websocket-version", "13")],
                                refused.body)
        live = Socket(secrets.token_urlsafe(12), channel, request.source_ip)
        query = dict(parse_qsl(urlsplit(request.target).query, keep_blank_values=True))
        # Known before $connect runs (a broadcast can come while it does: its messages wait for the 101).
        with self.lock:
            self.sockets[live.connection_id] = live
        status, body = self._invoke("$connect", self._event(live, "$connect", request, query=query))
        if not 200 <= status < 300:
            self._forget(live)
            return HttpResponse(status, [("content-type", "application/json")], body.encode())
        if not channel.open():  # gone before the handshake's end: still disconnected, as API Gateway would tell
            code, reason = ws.LOST, "connection lost"
        else:
            if self.verbose:
                print(f"[live] {live.connection_id} connected", flush=True)
            code, reason = self._converse(live, rfile, request)
        self._forget(live)
        disconnect = self._event(live, "$disconnect", request)
        disconnect["requestContext"] |= {"disconnectStatusCode": code, "disconnectReason": reason}
        self._invoke("$disconnect", disconnect)
        if self.verbose:
            print(f"[live] {live.connection_id} disconnected {code} {reason}", flush=True)
        return None

    def _converse(self, live: Socket, rfile: BinaryIO, request: HttpRequest) -> tuple[int, str]:
        """Messages until the socket ends; how it ended (the close code and reason $disconnect is told)."""
        try:
            for message in live.channel.messages(rfile.read1, IDLE_TIMEOUT):  # type: ignore[attr-defined]
                live.last_active = time.time()
                self._message(live, message, request)
        except Exception as error:  # a bug of ours: this socket ends (1011), the server serves on
            live.shut(ws.INTERNAL, report_crash("the live socket", error))
            live.channel.cut()
        finally:
            with contextlib.suppress(OSError):
                live.channel.sock.close()
        return live.channel.ended()

    def _message(self, live: Socket, body: str, request: HttpRequest) -> None:
        route = "$default"  # RouteSelectionExpression $request.body.action: a custom route of that name first
        try:
            action = json.loads(body).get("action")
        except (ValueError, AttributeError, RecursionError):  # not JSON, not an object, nested too deep
            action = None
        if isinstance(action, str) and not action.startswith("$") and action in self.api.routes:
            route = action  # a custom route; $connect and $disconnect are never a message's
        if route not in self.api.routes:
            return
        status, answer = self._invoke(route, self._event(live, route, request, body=body))
        if 200 <= status < 300 and answer:
            live.send(answer.encode())

    def _invoke(self, route: str, event: dict[str, Any]) -> tuple[int, str]:
        function = self.api.routes.get(route)
        if function is None:
            return 200, ""
        try:
            result = self.invoker.invoke(function, event)
        except Exception as error:  # API Gateway's answer to a crashed integration
            return 500, json.dumps({"message": report_crash(function, error)})
        if isinstance(result, dict) and "statusCode" in result:
            return int(result["statusCode"]), str(result.get("body") or "")
        return 200, "" if result is None else json.dumps(result)

    def _event(self, live: Socket, route: str, request: HttpRequest, *, query: dict[str, str] | None = None,
               body: str | None = None) -> dict[str, Any]:
        return socket_event(route, live.connection_id, request, self.api.stage, live.connected_at,
                            query=query, body=body)

    def _forget(self, live: Socket) -> None:
        with self.lock:
            self.sockets.pop(live.connection_id, None)

    # --- the management API ---------------------------------------------------------------------------------
    def manage(self, request: HttpRequest) -> HttpResponse:
        if request.source_ip not in LOOPBACK:
            return error_response(403, "forbidden", "the management API answers this machine only")
        path = unquote(urlsplit(request.target).path).removeprefix(MANAGEMENT_PREFIX)
        if not path.startswith("/@connections/") or path.count("/") != 2:
            return error_response(404, "not_found", "the management API is /@connections/{connection_id}")
        with self.lock:
            live = self.sockets.get(path.rsplit("/", 1)[1])
        if live is None or not live.open:
            return _gone()
        if request.method == "POST":
            return HttpResponse(200, [], b"") if live.send(request.body) else _gone()
        if request.method == "DELETE":
            live.shut(ws.NORMAL, "closed by the API")
            return HttpResponse(204, [], b"")
        if request.method == "GET":
            body = {"connectedAt": _iso(live.connected_at), "lastActiveAt": _iso(live.last_active),
                    "identity": {"sourceIp": live.source_ip}}
            return HttpResponse(200, [("content-type", "application/json")], json.dumps(body).encode())
        return error_response(405, "method_not_allowed", f"{request.method} is not a management API method")

    def close_all(self) -> None:
        """The server is stopping: every socket is told so (1001) and closed."""
        with self.lock:
            open_now = list(self.sockets.values())
        for live in open_now:
            live.shut(ws.GOING_AWAY, "server stopping")


def socket_event(route: str, connection_id: str, request: HttpRequest, stage: str, connected_at: float, *,
                 query: dict[str, str] | None = None, body: str | None = None,
                 now: float | None = None) -> dict[str, Any]:
    """The event API Gateway's WebSocket API sends a Lambda proxy integration: the handshake's headers and
    query on $connect, the message's body on the others."""
    now = time.time() if now is None else now
    kind = {"$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route, "MESSAGE")
    context: dict[str, Any] = {
        "routeKey": route, "eventType": kind, "connectionId": connection_id,
        "messageDirection": "IN", "stage": stage, "apiId": API_ID,
        "domainName": request.host.partition(":")[0], "connectedAt": _epoch_ms(connected_at),
        "requestId": secrets.token_hex(8), "extendedRequestId": secrets.token_hex(8),
        "requestTimeEpoch": _epoch_ms(now), "requestTime": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
        "identity": {"sourceIp": request.source_ip},
    }
    event: dict[str, Any] = {"requestContext": context, "isBase64Encoded": False}
    if route == "$connect":
        headers = {k: v for k, v in request.headers if k.lower() != "cookie"}
        event |= {"headers": headers, "multiValueHeaders": {k: [v] for k, v in headers.items()}}
        if query:
            event |= {"queryStringParameters": query,
                      "multiValueQueryStringParameters": {k: [v] for k, v in query.items()}}
    if body is not None:
        context["messageId"] = secrets.token_hex(8)
        event["body"] = body
    return event


def _gone() -> HttpResponse:
    # botocore reads the error's code from this header: the broadcaster then sees a GoneException.
    body = json.dumps({"message": "the connection is gone"}).encode()
    return HttpResponse(410, [("content-type", "application/json"), ("x-amzn-errortype", "GoneException")], body)
