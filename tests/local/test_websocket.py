"""The local server's side of a WebSocket (devtools/local/websocket.py) over a socket pair: the handshake the
library checks, and the glue around it: messages joined, hostile frames closed with their code, limits, idle
sockets closed, and how each connection ended (what $disconnect is told)."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading

import pytest
from websockets.frames import Close, Frame, Opcode
from websockets.protocol import Protocol, Side

from devtools.local import websocket as ws
from tests.local.ws_client import BINARY, CLOSE, CONT, PING, TEXT, hostile_frame

KEY = "dGhlIHNhbXBsZSBub25jZQ=="  # RFC 6455 §1.3's example
HANDSHAKE = {"Host": "127.0.0.1", "Upgrade": "websocket", "Connection": "keep-alive, Upgrade",
             "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": KEY}


class Pair:
    """A server socket served by `ServerSocket.messages` in a thread, and the raw client end of it."""

    def __init__(self, idle_timeout: float = 10.0, **limits: int) -> None:
        self.server, self.client = socket.socketpair()
        self.client.settimeout(10)
        channel = ws.ServerSocket.handshake(self.server, "GET", "/live?game_id=g", HANDSHAKE.items(), **limits)
        assert isinstance(channel, ws.ServerSocket)
        self.channel, self.idle_timeout = channel, idle_timeout
        self.messages: list[str] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.head = b""

    def open(self) -> Pair:
        assert self.channel.open()
        self.thread.start()
        return self

    def _serve(self) -> None:
        self.messages.extend(self.channel.messages(self.server.recv, self.idle_timeout))

    def send(self, *frames: bytes, hang_up: bool = False) -> Pair:
        self.client.sendall(b"".join(frames))
        if hang_up:
            self.client.shutdown(socket.SHUT_WR)
        return self

    def received(self) -> list[Frame]:
        """The server's frames after its 101, until it ends the connection, read by the library's client side
        (which answers a close as a client would)."""
        data = b""
        while b"\r\n\r\n" not in data and (chunk := self.client.recv(1 << 16)):
            data += chunk
        self.head, _, rest = data.partition(b"\r\n\r\n")
        client, frames = Protocol(Side.CLIENT, max_size=None), []
        while True:
            chunk, rest = rest or self.client.recv(1 << 16), b""
            if chunk:
                client.receive_data(chunk)
            else:
                client.receive_eof()
            frames += [event for event in client.events_received() if isinstance(event, Frame)]
            for out in client.data_to_send():
                with contextlib.suppress(OSError):
                    self.client.sendall(out) if out else self.client.shutdown(socket.SHUT_WR)
            if not chunk:
                return frames

    def ended(self) -> tuple[int, str]:
        self.thread.join(10)
        assert not self.thread.is_alive()
        return self.channel.ended()


def closed_with(frames: list[Frame]) -> int:
    assert frames and frames[-1].opcode is Opcode.CLOSE, frames
    return Close.parse(frames[-1].data).code


def test_the_101_carries_the_rfcs_accept_key() -> None:
    pair = Pair().open()
    pair.send(hostile_frame(CLOSE, struct.pack("!H", 1000)))
    pair.received()
    assert pair.head.startswith(b"HTTP/1.1 101 ")
    assert b"Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" in pair.head


@pytest.mark.parametrize(("method", "change", "status"), [
    ("POST", {}, 405),
    ("GET", {"Upgrade": "h2c"}, 426),
    ("GET", {"Upgrade": None}, 426),
    ("GET", {"Connection": "close"}, 426),
    ("GET", {"Connection": None}, 426),
    ("GET", {"Sec-WebSocket-Version": "8"}, 400),
    ("GET", {"Sec-WebSocket-Version": None}, 400),
    ("GET", {"Sec-WebSocket-Key": "c2hvcnQ="}, 400),
    ("GET", {"Sec-WebSocket-Key": "not base64!!"}, 400),
    ("GET", {"Sec-WebSocket-Key": None}, 400),
])
def test_a_handshake_needs_every_part(method: str, change: dict[str, str | None], status: int) -> None:
    headers = [(k, v) for k, v in {**HANDSHAKE, **change}.items() if v is not None]
    server, client = socket.socketpair()
    with server, client:
        refused = ws.ServerSocket.handshake(server, method, "/live", headers)
        assert isinstance(refused, ws.Refusal) and refused.status == status and refused.problem
        server.setblocking(False)
        with pytest.raises(BlockingIOError):
            client.setblocking(False)
            client.recv(1)  # nothing was written: the refusal is the caller's HTTP answer


def test_what_is_sent_before_the_101_waits_for_it() -> None:
    pair = Pair()
    assert pair.channel.send_text(b'{"type": "moved"}')
    pair.client.setblocking(False)
    with pytest.raises(BlockingIOError):
        pair.client.recv(1)
    pair.client.setblocking(True)
    pair.client.settimeout(10)
    pair.open().send(hostile_frame(CLOSE, struct.pack("!H", 1000)))
    frames = pair.received()
    assert pair.head.startswith(b"HTTP/1.1 101 ")
    assert [(f.opcode, f.data) for f in frames] == [(Opcode.TEXT, b'{"type": "moved"}'),
                                                    (Opcode.CLOSE, struct.pack("!H", 1000))]
    assert not pair.channel.send_text(b"late")


def test_fragments_are_joined_and_control_frames_between_them_answered() -> None:
    pair = Pair(max_frame=1 << 17).open()
    pair.send(hostile_frame(TEXT, "hé".encode(), fin=False), hostile_frame(PING, b"p"),
              hostile_frame(CONT, b"llo"), hostile_frame(TEXT, b"x" * 70000),
              hostile_frame(CLOSE, struct.pack("!H", 4001) + b"bye"))
    frames = pair.received()
    assert [(f.opcode, bytes(f.data)) for f in frames] == [(Opcode.PONG, b"p"),
                                                          (Opcode.CLOSE, struct.pack("!H", 4001) + b"bye")]
    assert pair.ended() == (4001, "client closed")
    assert pair.messages == ["héllo", "x" * 70000]


@pytest.mark.parametrize(("frames", "code"), [
    ([hostile_frame(TEXT, b"hi", masked=False)], ws.PROTOCOL_ERROR),
    ([hostile_frame(TEXT, b"hi", rsv=0x40)], ws.PROTOCOL_ERROR),
    ([hostile_frame(0x3, b"hi")], ws.PROTOCOL_ERROR),
    ([hostile_frame(PING, b"p", fin=False)], ws.PROTOCOL_ERROR),
    ([hostile_frame(PING, b"p" * 126)], ws.PROTOCOL_ERROR),
    ([hostile_frame(CONT, b"x")], ws.PROTOCOL_ERROR),
    ([hostile_frame(TEXT, b"a", fin=False), hostile_frame(TEXT, b"b")], ws.PROTOCOL_ERROR),
    ([hostile_frame(BINARY, b"\x00")], ws.UNSUPPORTED),
    ([hostile_frame(TEXT, b"\xff\xfe")], ws.INVALID_DATA),
    ([hostile_frame(TEXT, "é".encode()[:1], fin=False), hostile_frame(CONT, b"")], ws.INVALID_DATA),
    ([hostile_frame(CLOSE, b"\x03")], ws.PROTOCOL_ERROR),
    ([hostile_frame(CLOSE, struct.pack("!H", 1005))], ws.PROTOCOL_ERROR),
    ([hostile_frame(CLOSE, struct.pack("!H", 999))], ws.PROTOCOL_ERROR),
    ([hostile_frame(CLOSE, struct.pack("!H", 1000) + b"\xff")], ws.INVALID_DATA),
    ([hostile_frame(TEXT, b"x" * (ws.MAX_FRAME + 1))], ws.TOO_BIG),
    ([hostile_frame(TEXT, b"x" * 1000, fin=False), *[hostile_frame(CONT, b"x" * 1000, fin=False)] * 2,
      hostile_frame(CONT, b"x")], ws.TOO_BIG),
])
def test_hostile_frames_are_closed_with_their_code(frames: list[bytes], code: int) -> None:
    pair = Pair(max_message=2500).open()
    pair.send(*frames)
    assert closed_with(pair.received()) == code
    assert pair.ended()[0] == code and pair.messages == []


def test_a_huge_announced_length_is_refused_before_anything_is_read() -> None:
    """A client announcing 2^62 bytes gets its close at once: nothing waits for (or holds) that much."""
    for size, codes in [(1 << 62, {ws.TOO_BIG}), (1 << 63, {ws.TOO_BIG, ws.PROTOCOL_ERROR})]:
        pair = Pair().open()
        pair.send(struct.pack("!BBQ", 0x81, 0x80 | 127, size))  # no mask key, no payload follow
        assert closed_with(pair.received()) in codes
        assert pair.ended()[0] in codes


@pytest.mark.parametrize("cut", [0, 1, 2, 5, 9])
def test_a_client_that_hangs_up_mid_frame_is_a_lost_connection(cut: int) -> None:
    pair = Pair().open()
    pair.send(hostile_frame(TEXT, b"hello")[:cut], hang_up=True)
    assert [f for f in pair.received() if f.opcode is Opcode.CLOSE] == []
    assert pair.ended() == (ws.LOST, "connection lost") and pair.messages == []


def test_an_idle_socket_is_closed_going_away() -> None:
    pair = Pair(idle_timeout=0.2).open()
    assert closed_with(pair.received()) == ws.GOING_AWAY
    assert pair.ended() == (ws.GOING_AWAY, "idle timeout")


def test_our_close_keeps_its_reason_within_a_control_frame_and_waits_for_the_answer() -> None:
    pair = Pair().open()
    pair.channel.close(ws.GOING_AWAY, "é" * 300)
    frames = pair.received()  # our client answers the close: the server then ends the connection
    close = Close.parse(frames[-1].data)
    assert close.code == ws.GOING_AWAY and len(close.reason.encode()) <= 123
    assert pair.ended()[0] == ws.GOING_AWAY


def test_a_browsers_handshake_is_accepted_without_compression() -> None:
    """What Chromium sends: an Origin, a cookie, the permessage-deflate offer (declined: API Gateway has none)."""
    browser = {**HANDSHAKE, "Origin": "http://127.0.0.1:3000", "Cookie": "a=b", "Pragma": "no-cache",
               "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits",
               "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/140.0"}
    server, client = socket.socketpair()
    with server, client:
        channel = ws.ServerSocket.handshake(server, "GET", "/live?game_id=g%20h&x=%C3%A9", browser.items())
        assert isinstance(channel, ws.ServerSocket) and channel.open()
        head = client.recv(1 << 16)
        assert head.startswith(b"HTTP/1.1 101 ") and b"sec-websocket-extensions" not in head.lower()


def test_a_client_that_never_answers_our_close_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ws, "CLOSE_TIMEOUT", 0.1)
    pair = Pair().open()
    pair.channel.close(ws.NORMAL, "closed by the API")  # the client reads nothing, answers nothing
    assert pair.ended() == (ws.NORMAL, "closed by the API")
