"""A webhook receiver for trying webhooks out and for tests: verifies each delivery with the Standard Webhooks
library (`standardwebhooks`, a dev dependency: docs/adr/0025-standard-webhooks.md), as a player's receiver would,
drops a repeated `webhook-id`, records each delivery, and answers 204 (or 401 when it does not verify).

    DISTILLED_WEBHOOK_SECRET=whsec_... python -m devtools.webhook_receiver --port 8123 [--status 500]

`--status` answers every verified delivery with that status instead (500: watch the retries and the disabling).
`GET /deliveries` lists what was received (verified or not); `POST /_status` with `{"status": 500}` changes the
answer while it runs. The secret can also be given with `--secret` (it then shows in the process list). A secret
made before the Standard Webhooks form (`wh~...`) is taken too (service/notices/webhook/signing.py).
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks import Webhook, WebhookVerificationError

from service.notices.webhook.signing import WEBHOOK_ID, standard_secret

MAX_BODY = 64 * 1024


def header(headers: Mapping[str, str], name: str) -> str:
    """A header by its name in any case (HTTP servers differ in how they hand names over); "" if absent."""
    return next((v for k, v in headers.items() if k.lower() == name.lower()), "")


def verify(secret: str, headers: Mapping[str, str], raw: bytes) -> str:
    """Why a delivery does not verify with the library ("" when it does): its signature, headers and window.
    The library raises WebhookVerificationError; versions before 1.3 raise ValueError on a malformed header."""
    try:
        Webhook(standard_secret(secret)).verify(raw, dict(headers), json_parse=False)
    except WebhookVerificationError as refused:
        return str(refused) or "refused"
    except ValueError:
        return "malformed"
    return ""


@dataclass
class Delivery:
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None
    verified: bool
    reason: str
    answered: int
    raw: bytes = field(default=b"", repr=False)  # the bytes received, for a check of one's own

    def listed(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "raw"}


@dataclass
class Receiver:
    secret: str | None = None
    status: int = 204  # the answer to a verified delivery
    deliveries: list[Delivery] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    changed: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)

    def receive(self, path: str, headers: dict[str, str], raw: bytes) -> int:
        with self.lock:
            reason = verify(self.secret, headers, raw) if self.secret else "no_secret"
            ok = not reason
            answer = self.status if ok else 401
            delivery = header(headers, WEBHOOK_ID)
            if ok and delivery in self.seen:  # a repeat of one already taken: acknowledged, so never retried
                reason, answer = "replayed", 204
            elif ok and 200 <= answer < 300:  # only a delivery taken counts as seen: a failed one comes again
                self.seen.add(delivery)
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            self.deliveries.append(Delivery(path, headers, body, ok, reason, answer, raw))
            self.changed.notify_all()
        return answer

    def wait_for(self, count: int, timeout: float) -> list[Delivery]:
        """At least `count` deliveries, waiting up to `timeout` seconds for them (then whatever there is)."""
        with self.changed:
            self.changed.wait_for(lambda: len(self.deliveries) >= count, timeout)
            return list(self.deliveries)


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _answer(self, status: int, payload: Any = None) -> None:
            data = b"" if payload is None else json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(data)))
            if data:
                self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(data)

        def _body(self) -> bytes:
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(min(length, MAX_BODY))

        def do_GET(self) -> None:
            if self.path != "/deliveries":
                self._answer(404)
                return
            with receiver.lock:
                listed = [d.listed() for d in receiver.deliveries]
            self._answer(200, listed)

        def do_POST(self) -> None:
            raw = self._body()
            if self.path == "/_status":
                receiver.status = int(json.loads(raw)["status"])
                self._answer(204)
                return
            self._answer(receiver.receive(self.path, dict(self.headers.items()), raw))

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


class ReceiverServer:
    """The receiver on 127.0.0.1:`port` (0: any free port) in a thread."""

    def __init__(self, receiver: Receiver, port: int = 0, host: str = "127.0.0.1") -> None:
        self.receiver = receiver
        self.http = ThreadingHTTPServer((host, port), _handler(receiver))
        self.thread = threading.Thread(target=self.http.serve_forever, args=(0.1,), name="webhook-receiver",
                                       daemon=True)

    @property
    def url(self) -> str:
        host, port = self.http.server_address[:2]
        return f"http://{host!s}:{port}/hook"

    def start(self) -> ReceiverServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.webhook_receiver", description=__doc__.split("\n")[0])
    parser.add_argument("--secret", default=os.environ.get("DISTILLED_WEBHOOK_SECRET"),
                        help="the webhook secret (default: $DISTILLED_WEBHOOK_SECRET)")
    parser.add_argument("--port", type=int, default=8123)
    parser.add_argument("--status", type=int, default=204, help="the answer to a verified delivery")
    args = parser.parse_args(argv)
    server = ReceiverServer(Receiver(args.secret, args.status), args.port).start()
    print(f"webhook receiver on {server.url} (set it with: distilled player set --webhook {server.url})",
          flush=True)
    seen = 0
    try:
        while True:
            deliveries = server.receiver.wait_for(seen + 1, 1.0)
            for delivery in deliveries[seen:]:
                body = delivery.body or {}
                print(f"{delivery.answered} {delivery.reason or 'verified'} "
                      f"{header(delivery.headers, WEBHOOK_ID) or '?'} {body.get('kind', '?')} "
                      f"{body.get('link') or ''}", flush=True)
            seen = len(deliveries)
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
