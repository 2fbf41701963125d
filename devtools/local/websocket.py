"""The local server's side of a WebSocket, on the `websockets` library's Sans-I/O protocol (docs/adr/0026):
the library checks the opening handshake and writes its 101, parses and checks every frame (masking, opcodes,
control frames, fragments, close codes, sizes), answers pings, echoes closes, and fails a bad client with its
close code. What is left here is the I/O the library leaves to its user: feeding it the socket's bytes, writing
what it has to send (from any thread, under one lock), joining a message's fragments, and ending the TCP
connection in bounded time.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from websockets.datastructures import Headers
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

# API Gateway's own limits: 32 KB frames, 128 KB messages. A message here is a ping: far less. A frame that
# announces more is refused (1009) before its payload is read.
MAX_FRAME = 32 * 1024
MAX_MESSAGE = 128 * 1024
CLOSE_TIMEOUT = 5.0  # seconds a client has to finish the closing handshake before the TCP connection is cut
NORMAL, GOING_AWAY, PROTOCOL_ERROR, UNSUPPORTED, INVALID_DATA, TOO_BIG, INTERNAL = (
    1000, 1001, 1002, 1003, 1007, 1009, 1011)
LOST = 1006  # no close frame: what $disconnect is told of a connection that just ended

Read = Callable[[int], bytes]


@dataclass(frozen=True)
class Refusal:
    """Why a request is not a WebSocket opening handshake, and the status that answers it."""

    status: int
    problem: str


class ServerSocket:
    """One client's WebSocket over its connected socket. The thread that serves the socket reads with
    `messages()`; any thread may `send_text` or `close` (the library's state is only touched under `lock`).
    Nothing is written before `open()`: what is sent until then waits, after the 101, in the library's queue."""

    def __init__(self, sock: socket.socket, protocol: ServerProtocol) -> None:
        self.sock, self.protocol = sock, protocol
        self.lock = threading.Lock()
        self.ready = False
        self._cut: threading.Timer | None = None

    @classmethod
    def handshake(cls, sock: socket.socket, method: str, target: str, headers: Iterable[tuple[str, str]],
                  max_message: int = MAX_MESSAGE, max_frame: int = MAX_FRAME) -> ServerSocket | Refusal:
        """The socket whose 101 `open()` will send, or the refusal of a request that is no handshake."""
        protocol = ServerProtocol(max_size=(max_message, max_frame))
        # The HTTP server has read the request: the library is handed it again, as it came, to read and check.
        try:
            protocol.receive_data(Request(target, Headers(list(headers)), method=method).serialize())
        except UnicodeError:
            return Refusal(400, "the request line must be ASCII")
        received = [event for event in protocol.events_received() if isinstance(event, Request)]
        if not received:
            return Refusal(400, str(protocol.handshake_exc or "no request"))
        response = protocol.accept(received[0])
        if protocol.handshake_exc is not None:
            return Refusal(response.status_code, str(protocol.handshake_exc))
        protocol.send_response(response)
        return cls(sock, protocol)

    @property
    def is_open(self) -> bool:
        return self.protocol.state is State.OPEN

    def open(self) -> bool:
        """Send the 101, and what was sent while $connect ran. False: the client is gone."""
        with self.lock:
            self.ready = True
            return self._flush()

    def send_text(self, message: bytes) -> bool:
        """One text message (UTF-8 bytes); False when the socket is closing or broke."""
        with self.lock:
            if self.protocol.state is not State.OPEN:
                return False
            self.protocol.send_text(message)
            return self._flush()

    def close(self, code: int, reason: str) -> None:
        """Start the closing handshake from our side; the TCP connection is cut if the client has not ended it
        within CLOSE_TIMEOUT."""
        with self.lock:
            if self.protocol.state is State.OPEN:
                self.protocol.send_close(code, reason.encode("utf-8")[:123].decode("utf-8", "ignore"))
            self._flush()

    def _fail(self, code: int, reason: str) -> None:
        with self.lock:
            if self.protocol.state is State.OPEN:  # (a client already closing is not failed again)
                self.protocol.fail(code, reason)
            self._flush()

    def _flush(self) -> bool:
        """Write what the library has to send (under `lock`); b"" is its sign to end our half of TCP."""
        if not self.ready:
            return True
        ok = True
        for data in self.protocol.data_to_send():
            try:
                if data:
                    self.sock.sendall(data)
                else:
                    self.sock.shutdown(socket.SHUT_WR)
            except OSError:
                ok = False
        if self.protocol.close_expected() and self._cut is None:
            self._cut = threading.Timer(CLOSE_TIMEOUT, self.cut)
            self._cut.daemon = True
            self._cut.start()
        return ok

    def cut(self) -> None:
        """End the TCP connection now: the reading thread wakes with EOF."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)

    def messages(self, read: Read, idle_timeout: float) -> Iterator[str]:
        """Each whole text message the client sends, until the connection is over, however it ends (pings are
        answered and closes echoed on the way; a client idle for `idle_timeout` seconds is closed, 1001)."""
        self.sock.settimeout(idle_timeout)
        parts: list[bytes] = []
        while self.protocol.state is not State.CLOSED:
            try:
                data = read(1 << 16)
            except TimeoutError:
                self.close(GOING_AWAY, "idle timeout")
                self.cut()  # (the timed-out reader reads no more: the client's answer cannot be waited for)
                data = b""
            except OSError:  # reset, or cut
                data = b""
            with self.lock:
                if data:
                    self.protocol.receive_data(data)
                else:
                    self.protocol.receive_eof()
                events = self.protocol.events_received()
                self._flush()
            for event in events:
                if not isinstance(event, Frame):
                    continue
                if self.protocol.close_sent is not None and not self.protocol.close_rcvd_then_sent:
                    break  # we closed it (a bad message): what came after it is not heard
                message = self._message(event, parts)
                if message is not None:
                    yield message
            if not data:
                break

    def _message(self, frame: Frame, parts: list[bytes]) -> str | None:
        """A whole text message once its last fragment is in (the library has checked their order and sizes)."""
        if frame.opcode is Opcode.BINARY:
            self._fail(UNSUPPORTED, "only text messages are understood")
            return None
        if frame.opcode not in (Opcode.TEXT, Opcode.CONT):
            return None
        parts.append(bytes(frame.data))
        if not frame.fin:
            return None
        message = b"".join(parts)
        parts.clear()
        try:
            return message.decode("utf-8")
        except UnicodeDecodeError:
            self._fail(INVALID_DATA, "a text message must be UTF-8")
            return None

    def ended(self) -> tuple[int, str]:
        """How the connection ended: the close code and reason $disconnect is told."""
        sent, received = self.protocol.close_sent, self.protocol.close_rcvd
        if received is not None and (sent is None or self.protocol.close_rcvd_then_sent):
            return received.code, "client closed"
        if sent is not None:
            return sent.code, sent.reason
        return LOST, "connection lost"
