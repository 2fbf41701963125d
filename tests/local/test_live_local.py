"""What the local server reads of the template's WebSocket API, and where it tells the functions to find it."""

from __future__ import annotations

from dataclasses import replace

from devtools.local.live import LIVE_PATH, MANAGEMENT_PREFIX, Socket
from devtools.local.sam import functions, socket_api
from devtools.local.server import LocalService
from devtools.template import TEMPLATE_PATH, load_template


def test_the_socket_routes_are_the_templates_live_functions() -> None:
    api = socket_api(load_template())
    assert api is not None and api.stage == "live"
    assert api.routes == {"$connect": "LiveConnectFunction", "$disconnect": "LiveDisconnectFunction",
                          "$default": "LiveDefaultFunction"}
    assert socket_api({"Resources": {}}) is None


def test_the_functions_that_ask_are_told_the_local_socket_and_management_api() -> None:
    specs = functions(load_template(), TEMPLATE_PATH.parent)
    service = LocalService(port=4123, host="0.0.0.0")
    assert service._live_env(specs["LiveBroadcasterFunction"]) == {
        "LIVE_ENDPOINT": f"http://127.0.0.1:4123{MANAGEMENT_PREFIX}"}
    assert service._live_env(specs["GetGameFunction"]) == {}
    page = replace(specs["GetGameFunction"], environment={"LIVE_URL": "x"})  # the page function, when it comes
    assert service._live_env(page) == {"LIVE_URL": f"ws://127.0.0.1:4123{LIVE_PATH}"}


class _Sink:
    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> None:
        self.data += data

    def flush(self) -> None:
        pass


def test_a_message_posted_during_the_handshake_waits_for_it_and_a_closed_socket_takes_none() -> None:
    sink = _Sink()
    live = Socket("c1", None, sink, "127.0.0.1")  # type: ignore[arg-type]
    assert live.send(b"early") and sink.data == b""
    assert live.pending == [b"early"]
    live.open = False
    assert not live.send(b"late")
