"""Players over real HTTP, as a user runs it: `distilled serve` in its own process (template.yaml's handlers, the
embedded DynamoDB and its stream, the notifier). A new e-mail address's confirmation message reaches the local
outbox (and the server's terminal); its link, opened like a browser would, confirms the address."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.error import HTTPError

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client import players as api
from tests.local.process import ServerProcess, eventually, limit, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def confirmations(server: ServerProcess, player_id: str) -> list[dict[str, Any]]:
    return [e["message"] for e in server.outbox()
            if isinstance(e["message"], dict) and e["message"].get("kind") == "confirm_email"
            and e["message"].get("player_id") == player_id]


def opened(link: str) -> tuple[int, Any]:
    """A browser's GET of a link: status and JSON answer."""
    try:
        with urllib.request.urlopen(link, timeout=limit(60)) as response:
            return int(response.status), json.loads(response.read())
    except HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_confirmation_reaches_the_outbox_and_its_link_confirms(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = api.create_player(client, "Ada", "Europe/Paris")
    player_id, key = created["player_id"], created["key"]
    profile = api.update_me(client, key, {"email": "ada@example.org", "webhook_url": "https://hooks.example.org/a"})
    assert profile["contacts"]["email"]["confirmed"] is False
    [message] = eventually(lambda: confirmations(server, player_id))
    assert message["to"] == "ada@example.org" and message["channel"] == "email"
    assert message["link"].startswith(f"{server.url}/players/{player_id}/confirm-email?code=")
    printed = eventually(lambda: [line for line in server.text().splitlines()
                                  if line.startswith("[outbox]") and message["link"] in line])
    assert printed, "the confirmation is printed in the server's terminal, as the local mailbox"
    assert opened(message["link"].replace(message["code"], "0" * 32))[0] == 422
    status, answer = opened(message["link"])
    assert status == 200 and answer["confirmed"] and not answer["already_confirmed"]
    assert opened(message["link"]) == (200, {**answer, "already_confirmed": True,
                                             "message": "This e-mail address was already confirmed."})
    assert api.me(client, key)["contacts"]["email"]["confirmed"] is True
    assert key not in server.text() and key not in json.dumps(server.outbox()), "a player key left the API"


def test_a_rotated_key_is_refused_over_http(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = api.create_player(client, "Grace", None)
    rotated = api.rotate_key(client, created["key"])
    with pytest.raises(ApiError) as refused:
        api.me(client, created["key"])
    assert refused.value.status == 401 and refused.value.code == "unauthorized"
    assert api.me(client, rotated["key"])["name"] == "Grace"
    with pytest.raises(ApiError) as invalid:
        api.update_me(client, rotated["key"], {"time_zone": "Mars/Olympus"})
    assert invalid.value.status == 422 and invalid.value.details["errors"][0]["loc"] == ["body", "time_zone"]
