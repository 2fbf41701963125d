"""RFC 6455 framing of the local server (devtools/local/websocket.py), hostile frames included."""

from __future__ import annotations

import io
import struct

import pytest

from devtools.local import websocket as ws
from tests.local.ws_client import client_frame


def reader(*frames: bytes, **limits: int) -> ws.Reader:
    return ws.Reader(io.BytesIO(b"".join(frames)).read, **limits)


def test_the_accept_key_is_the_rfcs_example() -> None:
    assert ws.accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="  # RFC 6455 §1.3


def test_a_handshake_needs_every_part() -> None:
    good = {"upgrade": "websocket", "connection": "keep-alive, Upgrade", "sec-websocket-version": "13",
            "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ=="}
    assert ws.handshake_problem("GET", good) is None
    assert ws.handshake_problem("POST", good)
    for name, value in [("upgrade", "h2c"), ("connection", "close"), ("sec-websocket-version", "8"),
                        ("sec-websocket-key", "c2hvcnQ="), ("sec-websocket-key", "not base64!!")]:
        assert ws.handshake_problem("GET", {**good, name: value}), (name, value)
    for name in good:
        assert ws.handshake_problem("GET", {k: v for k, v in good.items() if k != name}), name


@pytest.mark.parametrize("size", [0, 5, 125, 126, 65535, 65536])
def test_server_frames_carry_their_length_unmasked(size: int) -> None:
    payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
    sent = ws.frame(ws.TEXT, payload)
    assert sent[0] == 0x81 and not sent[1] & 0x80
    assert sent.endswith(payload) and len(sent) - len(payload) == (2 if size < 126 else 4 if size < 65536 else 10)


def test_masked_text_fragments_and_control_frames_between_them() -> None:
    got = reader(client_frame(ws.TEXT, "hé".encode(), fin=False), client_frame(ws.PING, b"p"),
                 client_frame(ws.CONTINUATION, b"llo"), client_frame(ws.TEXT, b"x" * 70000),
                 client_frame(ws.CLOSE, struct.pack("!H", 1000) + b"bye"), max_frame=1 << 17)
    assert got.next() == (ws.PING, b"p")
    assert got.next() == (ws.TEXT, "héllo".encode())
    assert got.next() == (ws.TEXT, b"x" * 70000)
    assert got.next() == (ws.CLOSE, struct.pack("!H", 1000) + b"bye")
    assert ws.close_code(struct.pack("!H", 4001)) == 4001 and ws.close_code(b"") == 1000


@pytest.mark.parametrize(("frames", "code"), [
    ([client_frame(ws.TEXT, b"hi", masked=False)], ws.PROTOCOL_ERROR),
    ([client_frame(ws.TEXT, b"hi", rsv=0x40)], ws.PROTOCOL_ERROR),
    ([client_frame(0x3, b"hi")], ws.PROTOCOL_ERROR),
    ([client_frame(ws.PING, b"p", fin=False)], ws.PROTOCOL_ERROR),
    ([client_frame(ws.PING, b"p" * 126)], ws.PROTOCOL_ERROR),
    ([client_frame(ws.CONTINUATION, b"x")], ws.PROTOCOL_ERROR),
    ([client_frame(ws.TEXT, b"a", fin=False), client_frame(ws.TEXT, b"b")], ws.PROTOCOL_ERROR),
    ([client_frame(ws.BINARY, b"\x00")], ws.UNSUPPORTED),
    ([client_frame(ws.TEXT, b"\xff\xfe")], ws.INVALID_DATA),
    ([client_frame(ws.TEXT, "é".encode()[:1], fin=False), client_frame(ws.CONTINUATION, b"")], ws.INVALID_DATA),
    ([client_frame(ws.CLOSE, b"\x03")], ws.PROTOCOL_ERROR),
    ([client_frame(ws.CLOSE, struct.pack("!H", 1005))], ws.PROTOCOL_ERROR),
    ([client_frame(ws.CLOSE, struct.pack("!H", 999))], ws.PROTOCOL_ERROR),
    ([client_frame(ws.CLOSE, struct.pack("!H", 1000) + b"\xff")], ws.INVALID_DATA),
    ([client_frame(ws.TEXT, b"x" * (ws.MAX_FRAME + 1))], ws.TOO_BIG),
    ([client_frame(ws.TEXT, b"x" * 1000, fin=False), *[client_frame(ws.CONTINUATION, b"x" * 1000, fin=False)] * 2,
      client_frame(ws.CONTINUATION, b"x")], ws.TOO_BIG),
])
def test_hostile_frames_are_protocol_errors_with_their_close_code(frames: list[bytes], code: int) -> None:
    with pytest.raises(ws.ProtocolError) as refused:
        got = reader(*frames, max_message=2500)
        while True:
            got.next()
    assert refused.value.code == code


def test_a_huge_announced_length_is_refused_before_anything_is_read() -> None:
    """A client announcing 2^62 bytes gets its close at once: nothing waits for (or holds) that much."""
    header = struct.pack("!BBQ", 0x81, 0x80 | 127, 1 << 62)
    with pytest.raises(ws.ProtocolError) as refused:
        reader(header).next()  # no mask key, no payload follow: the length alone is refused
    assert refused.value.code == ws.TOO_BIG
    with pytest.raises(ws.ProtocolError):
        reader(struct.pack("!BBQ", 0x81, 0x80 | 127, 1 << 63)).next()


@pytest.mark.parametrize("cut", [1, 2, 5, 9])
def test_a_frame_cut_short_is_the_end_of_the_stream(cut: int) -> None:
    whole = client_frame(ws.TEXT, b"hello")
    with pytest.raises(EOFError):
        reader(whole[:cut]).next()
    with pytest.raises(EOFError):
        reader().next()


def test_masking_is_its_own_inverse() -> None:
    key, payload = b"\x01\x02\x03\x04", bytes(range(200))
    assert ws.mask(ws.mask(payload, key), key) == payload and ws.mask(b"", key) == b""
    assert ws.mask(b"\x00\x00\x00\x00\x00", key) == b"\x01\x02\x03\x04\x01"


def test_the_close_frame_keeps_its_reason_within_a_control_frame() -> None:
    sent = ws.close(1001, "x" * 500)
    assert sent[0] == 0x88 and sent[1] == 125 and struct.unpack("!H", sent[2:4]) == (1001,)
