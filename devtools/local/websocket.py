"""The server side of RFC 6455 (WebSocket), what the local server needs of it: the opening handshake, text
messages (fragmented or not), ping/pong, close, client masking, size limits.

Anything a client sends wrong is a `ProtocolError` carrying the close code to answer with; the caller sends
that close frame and hangs up. Nothing a client sends can make this raise anything else (but EOFError when the
client is gone, or the socket's own errors).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455 §1.3
CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
CONTROL = {CLOSE, PING, PONG}
MAX_CONTROL = 125  # §5.5
# API Gateway's own limits: 32 KB frames, 128 KB messages. A message here is a ping: far less.
MAX_FRAME = 32 * 1024
MAX_MESSAGE = 128 * 1024
NORMAL, GOING_AWAY, PROTOCOL_ERROR, UNSUPPORTED, INVALID_DATA, TOO_BIG = 1000, 1001, 1002, 1003, 1007, 1009
# Codes a peer may send (§7.4.1, §7.4.2): the defined ones it may use, and the ranges for libraries and apps.
_SENDABLE = {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014}

Read = Callable[[int], bytes]


class ProtocolError(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


def accept_key(key: str) -> str:
    """Sec-WebSocket-Accept for the client's Sec-WebSocket-Key (§4.2.2)."""
    return base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")


def handshake_problem(method: str, headers: Mapping[str, str]) -> str | None:
    """Why this request is not a WebSocket opening handshake (§4.2.1); None when it is one. `headers` are
    looked up by lower-case name."""
    if method != "GET":
        return "a WebSocket handshake is a GET"
    if "websocket" not in [t.strip().lower() for t in headers.get("upgrade", "").split(",")]:
        return "Upgrade: websocket is missing"
    if "upgrade" not in [t.strip().lower() for t in headers.get("connection", "").split(",")]:
        return "Connection: Upgrade is missing"
    if headers.get("sec-websocket-version", "").strip() != "13":
        return "Sec-WebSocket-Version must be 13"
    try:
        key = base64.b64decode(headers.get("sec-websocket-key", "").strip(), validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if len(key) != 16:
        return "Sec-WebSocket-Key must be 16 bytes, base64-encoded"
    return None


def frame(opcode: int, payload: bytes = b"") -> bytes:
    """One final, unmasked frame: what a server sends (§5.1: a server never masks)."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 126, size)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 127, size)
    return header + payload


def text(message: str) -> bytes:
    return frame(TEXT, message.encode("utf-8"))


def close(code: int = NORMAL, reason: str = "") -> bytes:
    return frame(CLOSE, struct.pack("!H", code) + reason.encode("utf-8")[: MAX_CONTROL - 2])


def mask(payload: bytes, key: bytes) -> bytes:
    """XOR with the 4-byte key, repeated (§5.3); its own inverse. Done on whole ints: a per-byte loop would
    cost a 128 KB message a tenth of a second."""
    repeated = (key * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(payload), "big")


def _exactly(read: Read, size: int) -> bytes:
    data = read(size) if size else b""
    if len(data) < size:
        raise EOFError("the client hung up mid-frame")
    return data


@dataclass(frozen=True)
class Frame:
    fin: bool
    opcode: int
    payload: bytes


def read_frame(read: Read, max_frame: int = MAX_FRAME) -> Frame:
    """One client frame, unmasked. `read(n)` answers up to n bytes (fewer only at the end of the stream)."""
    first, second = _exactly(read, 2)
    fin, rsv, opcode = bool(first & 0x80), first & 0x70, first & 0x0F
    masked, size = bool(second & 0x80), second & 0x7F
    if rsv:
        raise ProtocolError(PROTOCOL_ERROR, "reserved bits set without an extension")
    if opcode not in (CONTINUATION, TEXT, BINARY, *CONTROL):
        raise ProtocolError(PROTOCOL_ERROR, f"unknown opcode {opcode:#x}")
    if not masked:
        raise ProtocolError(PROTOCOL_ERROR, "client frames must be masked")
    if opcode in CONTROL and (not fin or size > MAX_CONTROL):
        raise ProtocolError(PROTOCOL_ERROR, "a control frame must be final and at most 125 bytes")
    if size == 126:
        (size,) = struct.unpack("!H", _exactly(read, 2))
    elif size == 127:
        (size,) = struct.unpack("!Q", _exactly(read, 8))
        if size >> 63:
            raise ProtocolError(PROTOCOL_ERROR, "a 64-bit length must have its top bit clear")
    if size > max_frame:  # refused before reading it: a client cannot make the server hold a huge frame
        raise ProtocolError(TOO_BIG, f"frames are at most {max_frame} bytes")
    key = _exactly(read, 4)
    return Frame(fin, opcode, mask(_exactly(read, size), key))


@dataclass
class Reader:
    """Client messages, one at a time: a whole text message (its fragments joined), or a control frame as it
    comes (between fragments too, as §5.4 allows)."""

    read: Read
    max_frame: int = MAX_FRAME
    max_message: int = MAX_MESSAGE
    _parts: list[bytes] = field(default_factory=list)
    _opcode: int | None = None

    def next(self) -> tuple[int, bytes]:
        """(opcode, payload): TEXT with the message's bytes (valid UTF-8), PING, PONG or CLOSE with theirs.
        A CLOSE payload is checked (§5.5.1, §7.4)."""
        while True:
            got = read_frame(self.read, self.max_frame)
            if got.opcode in CONTROL:
                if got.opcode == CLOSE:
                    check_close(got.payload)
                return got.opcode, got.payload
            if got.opcode == CONTINUATION and self._opcode is None:
                raise ProtocolError(PROTOCOL_ERROR, "a continuation frame without a message to continue")
            if got.opcode != CONTINUATION and self._opcode is not None:
                raise ProtocolError(PROTOCOL_ERROR, "a new message before the last one was finished")
            if got.opcode == BINARY:
                raise ProtocolError(UNSUPPORTED, "only text messages are understood")
            if got.opcode != CONTINUATION:
                self._opcode = got.opcode
            self._parts.append(got.payload)
            if sum(len(p) for p in self._parts) > self.max_message:
                raise ProtocolError(TOO_BIG, f"messages are at most {self.max_message} bytes")
            if got.fin:
                message, self._parts, self._opcode = b"".join(self._parts), [], None
                try:
                    message.decode("utf-8")
                except UnicodeDecodeError:
                    raise ProtocolError(INVALID_DATA, "a text message must be UTF-8") from None
                return TEXT, message


def check_close(payload: bytes) -> None:
    if not payload:
        return
    if len(payload) == 1:
        raise ProtocolError(PROTOCOL_ERROR, "a close frame's code is two bytes")
    (code,) = struct.unpack("!H", payload[:2])
    if code not in _SENDABLE and not 3000 <= code <= 4999:
        raise ProtocolError(PROTOCOL_ERROR, f"close code {code} may not be sent")
    try:
        payload[2:].decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(INVALID_DATA, "a close reason must be UTF-8") from None


def close_code(payload: bytes) -> int:
    """The code to echo for a client's close (§5.5.1): its own, or 1000 when it sent none."""
    return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else NORMAL
