"""Push on the local server, as a user runs it: a player registers a phone (the local SNS platform applications
are set up by `make serve`), is seated by a lobby, and the push that tells it its turn is listed in
/_local/outbox next to the e-mails, with the notice's public fields and no key or token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.client import ApiClient
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from tests.local.process import ServerProcess, eventually, running_server

TOKEN = "0f" * 32


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def pushes(server: ServerProcess, game_id: str) -> list[dict[str, Any]]:
    return [e["message"] for e in server.outbox() if e.get("topic") == "push"
            and e["message"].get("game_id") == game_id]


def test_a_registered_phone_is_pushed_its_turn_and_the_outbox_lists_it(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    host, guest = api.create_player(client, "Hana", "Asia/Seoul"), api.create_player(client, "Ada", None)
    device = client.request("POST", "/players/me/devices", {"platform": "apns", "token": TOKEN}, host["key"])
    assert device["device"]["platform"] == "apns" and TOKEN not in json.dumps(device)
    made = lobby_api.create_lobby(client, host["key"], 2, False, {"flight": "A"})
    _, game_id, code = lobby_api.parse_invite(made["invite_link"])
    assert lobby_api.join(client, game_id, guest["key"], code)["started"]
    found = eventually(lambda: pushes(server, game_id))
    first = found[0]
    assert first["platform"] == "APNS" and first["seat"] == 0 and first["title"] == "Your turn"
    assert first["data"]["game_id"] == game_id and first["notice"] == "your_turn"
    listed = json.dumps(server.outbox())
    for secret in (TOKEN, host["key"].split(".", 1)[1], guest["key"].split(".", 1)[1], code):
        assert secret not in listed
