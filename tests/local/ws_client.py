"""A tiny WebSocket client over the stdlib `socket` module, for tests: the handshake, masked frames, and
reading the server's frames. It can also send what no client should (unmasked, oversized, broken frames)."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import Any

from devtools.local import websocket as ws
from tests.local.process import WAIT_LIMIT, limit


class Refused(Exception):
    def __init__(self, status: int, head: bytes) -> None:
        super().__init__(f"handshake answered {status}")
        self.status, self.head = status, head


def client_frame(opcode: int, payload: bytes = b"", *, fin: bool = True, masked: bool = True,
                 rsv: int = 0, length: int | None = None) -> bytes:
    size = len(payload) if length is None else length
    first = (0x80 if fin else 0) | rsv | opcode
    if size < 126:
        header = struct.pack("!BB", first, (0x80 if masked else 0) | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", first, (0x80 if masked else 0) | 126, size)
    else:
        header = struct.pack("!BBQ", first, (0x80 if masked else 0) | 127, size)
    if not masked:
        return header + payload
    key = os.urandom(4)
    return header + key + ws.mask(payload, key)


class WsClient:
    def __init__(self, port: int, path: str, host: str = "127.0.0.1", headers: dict[str, str] | None = None) -> None:
        self.sock = socket.create_connection((host, port), timeout=limit(WAIT_LIMIT))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
                 *(f"{k}: {v}" for k, v in (headers or {}).items())]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.file = self.sock.makefile("rb")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            line = self.file.readline()
            if not line:
                break
            head += line
        status = int(head.split(b" ", 2)[1]) if head else 0
        if status != 101:
            self.close_socket()
            raise Refused(status, head)
        fields = dict(line.split(b":", 1) for line in head.split(b"\r\n")[1:] if b":" in line)
        accepted = {k.strip().lower(): v.strip() for k, v in fields.items()}.get(b"sec-websocket-accept")
        assert accepted == ws.accept_key(key).encode(), head

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send_text(self, text: str) -> None:
        self.send_raw(client_frame(ws.TEXT, text.encode()))

    def send_json(self, value: Any) -> None:
        self.send_text(json.dumps(value))

    def recv(self) -> tuple[int, bytes]:
        """The server's next frame (servers never fragment theirs here); (CLOSE, b"") when the socket ended."""
        head = self.file.read(2)
        if len(head) < 2:
            return ws.CLOSE, b""
        opcode, size = head[0] & 0x0F, head[1] & 0x7F
        assert not head[1] & 0x80, "a server frame must not be masked"
        if size == 126:
            (size,) = struct.unpack("!H", self.file.read(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", self.file.read(8))
        return opcode, self.file.read(size)

    def recv_unprompted(self) -> tuple[int, bytes]:
        """The next frame that is not a "moved" message (which the stream may send at any time)."""
        while True:
            opcode, payload = self.recv()
            if opcode != ws.TEXT or json.loads(payload).get("type") != "moved":
                return opcode, payload

    def reply(self) -> Any:
        """The next text message that answers us (pongs and "moved" messages skipped)."""
        while True:
            message = self.recv_json()
            if message.get("type") != "moved":
                return message

    def recv_json(self) -> Any:
        """The next text message, skipping pongs."""
        while True:
            opcode, payload = self.recv()
            if opcode == ws.TEXT:
                return json.loads(payload)
            assert opcode == ws.PONG, (opcode, payload)

    def close(self, code: int = ws.NORMAL) -> tuple[int, bytes]:
        self.send_raw(client_frame(ws.CLOSE, struct.pack("!H", code)))
        answer = self.recv()
        self.close_socket()
        return answer

    def close_socket(self) -> None:
        self.file.close()
        self.sock.close()
