"""POSTing a webhook with the standard library: to the address checked (service/notices/webhook/settings.py), with
the URL's host name in `Host` and for TLS (SNI and certificate), never following a redirect, reading a few KB at most.

Two bounds: TIMEOUT on the connection and on each read, and DEADLINE on the whole exchange, which also stops a
receiver that trickles its answer a byte at a time (each read then being quick): the exchange runs in a thread
whose socket is shut when the deadline passes."""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
from collections.abc import Mapping
from urllib.parse import urlsplit

TIMEOUT = 5.0  # seconds, for the connection and for each read
DEADLINE = 10.0  # seconds, for the whole attempt
READ_LIMIT = 4096
USER_AGENT = "Distilled-Webhooks/1"


class _PinnedHttps(http.client.HTTPSConnection):
    """HTTPS to one address, the certificate checked against the host name."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        raw = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)  # type: ignore[attr-defined]


class _PinnedHttp(http.client.HTTPConnection):
    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def _exchange(connection: http.client.HTTPConnection, path: str, body: bytes, headers: Mapping[str, str]) -> int:
    connection.request("POST", path, body=body, headers={
        **headers, "Content-Type": "application/json", "User-Agent": USER_AGENT})
    response = connection.getresponse()
    response.read(READ_LIMIT)  # a little, so the connection ends cleanly; the rest is never read
    return response.status


def post(url: str, address: str, body: bytes, headers: Mapping[str, str]) -> int:
    parts = urlsplit(url)
    host = parts.hostname or ""
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    kind = _PinnedHttps if https else _PinnedHttp
    connection = kind(host, address, port, TIMEOUT)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    outcome: list[int | BaseException] = []

    def run() -> None:
        try:
            outcome.append(_exchange(connection, path, body, headers))
        except BaseException as error:  # handed to the caller's thread
            outcome.append(error)

    worker = threading.Thread(target=run, name="webhook-post", daemon=True)
    worker.start()
    worker.join(DEADLINE)
    try:
        if worker.is_alive():
            if connection.sock is not None:
                connection.sock.shutdown(socket.SHUT_RDWR)  # wakes the blocked read: the thread ends at once
            raise TimeoutError("the receiver did not answer within the deadline")
        (result,) = outcome
        if isinstance(result, BaseException):
            raise result
        return result
    finally:
        connection.close()
