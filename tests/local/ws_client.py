"""The tests' WebSocket client: the `websockets` library's sync client (docs/adr/0026), with what no library
sends: `hostile_frame` builds the broken frames (unmasked, oversized, reserved bits, bad opcodes) that
`send_raw` puts on the socket as they are."""

from __future__ import annotations

import contextlib
import json
import os
import struct
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.protocol import State
from websockets.sync.client import ClientConnection, connect
from websockets.utils import apply_mask

from tests.local.process import WAIT_LIMIT, limit

CONT, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA


class Refused(Exception):
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        super().__init__(f"handshake answered {status}")
        self.status, self.headers, self.body = status, headers, body


def hostile_frame(opcode: int, payload: bytes = b"", *, fin: bool = True, masked: bool = True, rsv: int = 0,
                  length: int | None = None) -> bytes:
    """One client frame as given, however wrong: `length` announces a size other than the payload's."""
    size = len(payload) if length is None else length
    first, bit = (0x80 if fin else 0) | rsv | opcode, 0x80 if masked else 0
    if size < 126:
        header = struct.pack("!BB", first, bit | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", first, bit | 126, size)
    else:
        header = struct.pack("!BBQ", first, bit | 127, size)
    if not masked:
        return header + payload
    key = os.urandom(4)
    return header + key + apply_mask(payload, key)


class WsClient:
    def __init__(self, port: int, path: str, host: str = "127.0.0.1", headers: dict[str, str] | None = None) -> None:
        # connect() is a context manager; entered here, left by close() or close_socket()
        self._stack = contextlib.ExitStack()
        try:
            self.connection: ClientConnection = self._stack.enter_context(connect(
                f"ws://{host}:{port}{path}", additional_headers=headers, open_timeout=limit(WAIT_LIMIT),
                close_timeout=limit(WAIT_LIMIT), max_size=None))
        except InvalidStatus as refused:
            response = refused.response
            raise Refused(response.status_code, {k.lower(): v for k, v in response.headers.raw_items()},
                          bytes(response.body or b"")) from None

    def send_raw(self, data: bytes) -> None:
        self.connection.socket.sendall(data)

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def send_json(self, value: Any) -> None:
        self.send_text(json.dumps(value))

    def ping(self, payload: bytes) -> bool:
        """Whether the server's pong (with the same payload) comes."""
        return self.connection.ping(payload).wait(limit(WAIT_LIMIT))

    def recv_json(self) -> Any:
        """The next text message (pongs are the library's)."""
        return json.loads(self.connection.recv(timeout=limit(WAIT_LIMIT), decode=True))

    def reply(self) -> Any:
        """The next text message that answers us ("moved" messages, which the stream may send at any time,
        skipped)."""
        while True:
            message = self.recv_json()
            if message.get("type") != "moved":
                return message

    def closed_with(self) -> int | None:
        """The server's close code once the connection is over (None: it ended without a close frame);
        messages until then are skipped."""
        try:
            while True:
                self.connection.recv(timeout=limit(WAIT_LIMIT))
        except ConnectionClosed as closed:
            return None if closed.rcvd is None else closed.rcvd.code

    @property
    def ended(self) -> bool:
        """Whether the TCP connection is over too."""
        return self.connection.protocol.state is State.CLOSED

    def close(self, code: int = 1000) -> int | None:
        """Close from our side; the code the server echoed."""
        self.connection.close(code)
        self._stack.close()
        received = self.connection.protocol.close_rcvd
        return None if received is None else received.code

    def close_socket(self) -> None:
        """Hang up without a closing handshake."""
        self.connection.close_socket()
