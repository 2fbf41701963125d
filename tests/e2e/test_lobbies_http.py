"""Two players who share no secret meet through an invite link over real HTTP (`distilled serve` in its own
process: template.yaml's handlers, the embedded DynamoDB with its open-lobbies index) and play the game to its
end, each seat with its own player's key. Nothing either one is answered carries the other's key or contacts,
and neither the invite code nor a key reaches the server's output."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.request import Request

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from devtools.client.bots import play
from devtools.client.http import urllib_transport
from tests.local.process import ServerProcess, eventually, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


class Recorded:
    """Every answer a client was given, by the credential it sent."""

    def __init__(self) -> None:
        self.answers: dict[str, list[str]] = {}

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        status, raw = urllib_transport(request, timeout)
        sent = request.get_header("Authorization") or ""
        self.answers.setdefault(sent.removeprefix("Bearer "), []).append(raw.decode())
        return status, raw

    def seen_with(self, key: str) -> str:
        return "\n".join(self.answers.get(key, []))


def test_two_players_meet_through_an_invite_link_and_play_to_the_end(server: ServerProcess) -> None:
    recorded = Recorded()
    client = ApiClient(server.url, transport=recorded)
    host = api.create_player(client, "Hana", "Europe/Paris")
    ada = api.create_player(client, "Ada", None)
    api.update_me(client, host["key"], {"webhook_url": "https://hooks.example.org/hana"})
    made = lobby_api.create_lobby(client, host["key"], 2, False, {"flight": "A"})
    assert made["invite_link"].startswith(f"{server.url}/lobbies/{made['game_id']}#invite=")

    base, game_id, code = lobby_api.parse_invite(made["invite_link"])  # all Ada is given: the link
    assert base == server.url and code == made["invite"]
    joined = lobby_api.join(ApiClient(base, transport=recorded), game_id, ada["key"], code)
    assert joined["started"] and [s["you"] for s in joined["lobby"]["seats"]] == [False, True]
    keys = {0: host["key"], 1: ada["key"]}
    assert [client.game(game_id, keys[s])["seat"] for s in (0, 1)] == [0, 1]

    run = play(client, game_id, keys, random.Random(5))
    assert run.finished and run.acted == {0, 1}, run.rejected
    assert client.game(game_id)["phase"] == "finished"

    with pytest.raises(ApiError) as stranger:
        client.game(game_id, api.create_player(client, "Eve", None)["key"])
    assert stranger.value.status == 401
    host_secret, ada_secret = host["key"].split(".", 1)[1], ada["key"].split(".", 1)[1]
    by_ada = recorded.seen_with(ada["key"])
    assert by_ada and host_secret not in by_ada and "hooks.example.org" not in by_ada and code not in by_ada
    by_host = recorded.seen_with(host["key"])
    assert by_host and ada_secret not in by_host
    # The server's output (its terminal: the notices of the game, any error) names neither the code nor a key.
    output = eventually(lambda: game_id in server.text() and server.text())
    assert game_id in output, "the server's output was read"
    for secret in (code, host_secret, ada_secret):
        assert secret not in output
    assert code not in json.dumps(server.outbox())


def test_a_public_lobby_is_listed_and_joined_by_game_id(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    host, bob = api.create_player(client, "Host", None), api.create_player(client, "Bob", None)
    made = lobby_api.create_lobby(client, host["key"], 3, True, {})

    def listed() -> list[dict[str, Any]]:  # the index is eventually consistent
        found: list[dict[str, Any]] = client.request("GET", "/lobbies?open=true")["lobbies"]
        return [lobby for lobby in found if lobby["game_id"] == made["game_id"]]

    assert eventually(listed)
    joined = lobby_api.join(client, made["game_id"], bob["key"], None)
    assert not joined["started"] and joined["lobby"]["free_seats"] == 1
    started = lobby_api.start(client, made["game_id"], host["key"])
    assert started["started"] and [t["seat"] for t in started["bot_tokens"]] == [2]
    assert client.game(made["game_id"], started["bot_tokens"][0]["token"])["seat"] == 2
