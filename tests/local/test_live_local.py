"""What the local server reads of the template's WebSocket API, and where it tells the functions to find it."""

from __future__ import annotations

import socket
import threading
from dataclasses import replace

import boto3
import pytest
from botocore.exceptions import ClientError

from devtools.local.httpd import Gateway, http_server
from devtools.local.live import LIVE_PATH, MANAGEMENT_PREFIX, LiveHub, Socket
from devtools.local.sam import functions, socket_api
from devtools.local.server import LocalService
from devtools.local.websocket import ServerSocket
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


def test_a_message_posted_during_the_handshake_waits_for_it_and_a_closed_socket_takes_none() -> None:
    server, client = socket.socketpair()
    with server, client:
        headers = [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
                   ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")]
        channel = ServerSocket.handshake(server, "GET", f"{LIVE_PATH}?game_id=g", headers)
        assert isinstance(channel, ServerSocket)
        live = Socket("c1", channel, "127.0.0.1")
        assert live.send(b"early") and live.open
        client.setblocking(False)
        with pytest.raises(BlockingIOError):
            client.recv(1)  # nothing before the 101
        assert channel.open()
        client.settimeout(5)
        data = b""
        while not data.endswith(b"early"):
            data += client.recv(1 << 16)
        assert data.startswith(b"HTTP/1.1 101 ") and data.endswith(b"\r\n\r\n\x81\x05early")
        live.shut(1000, "closed by the API")
        assert not live.open and not live.send(b"late")


def test_boto3_reads_the_local_management_apis_410_as_a_gone_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the broadcaster's client makes of the emulation: the GoneException it would get from API Gateway."""
    for name, value in {"AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",
                        "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    api = socket_api(load_template())
    assert api is not None
    hub = LiveHub(api, invoker=None)  # type: ignore[arg-type]  # no socket: nothing is invoked
    server = http_server("127.0.0.1", 0)
    server.gateway = Gateway([], None, None, live=hub)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        endpoint = f"http://127.0.0.1:{server.server_address[1]}{MANAGEMENT_PREFIX}"
        client = boto3.client("apigatewaymanagementapi", endpoint_url=endpoint)
        with pytest.raises(ClientError) as gone:
            client.post_to_connection(ConnectionId="abc=", Data=b'{"type": "moved"}')
        assert gone.value.response["Error"]["Code"] == "GoneException"
        assert isinstance(gone.value, client.exceptions.GoneException)
    finally:
        server.shutdown()
        server.server_close()
