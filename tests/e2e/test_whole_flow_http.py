"""The whole flow over real HTTP (`distilled serve` in its own process: template.yaml's handlers, the embedded
DynamoDB with its stream and the notifier): three players who share no secret meet through one invite link in a
lobby with a bot seat; each sees the game in "my games" with whose turn it is; a seat takes back a quiet move;
the host reissues the bot's token; one seat resigns and its stand-in plays on while the others play the game to
its end; every seat is told the game is over; a limit is hit. No answer to one player carries another's key, a
token not issued to it, or another's contacts."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request

import pytest

from devtools.client import ApiClient
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from tests.flow import Recorded, assert_no_leaks, play_the_whole_flow
from tests.local.process import ServerProcess, eventually, limit, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def game_over_seats(server: ServerProcess, game_id: str) -> list[int]:
    seats = []
    for entry in server.outbox():
        message = entry["message"] if isinstance(entry["message"], dict) else {}
        if message.get("game_id") == game_id and message.get("kind") == "game_over":
            seats.append(int(message["seat"]))
    return sorted(seats)


def hit_the_games_limit(server: ServerProcess, client: ApiClient) -> None:
    """The per-player limit on POST /lobbies (20 an hour; the loopback is not counted per source)."""
    key = api.create_player(client, "Spam", None)["key"]
    for _ in range(20):
        lobby_api.create_lobby(client, key, 2, False, {})
    status, headers, answer = raw_post(f"{server.url}/lobbies", {"seats": 2}, key)
    assert status == 429 and answer["error"]["code"] == "rate_limited", answer
    assert 0 < int(headers["Retry-After"]) <= 3600


def test_players_meet_by_invitation_take_back_resign_and_play_to_the_end(server: ServerProcess) -> None:
    recorded = Recorded()
    client = ApiClient(server.url, transport=recorded)
    flow = play_the_whole_flow(client, random.Random(11))
    seats = sorted([*flow.seat_of.values(), flow.bot_seat])  # every seat, the resigned one too
    found = eventually(lambda: game_over_seats(server, flow.game_id) == seats)
    assert found, f"game over told to {game_over_seats(server, flow.game_id)}, not every seat"
    hit_the_games_limit(server, client)
    assert_no_leaks(recorded, flow.keys, flow.bot_tokens, flow.invite)


def raw_post(url: str, body: Any, key: str) -> tuple[int, dict[str, str], Any]:
    """A POST seen as a browser would: status, headers and JSON answer (ApiError keeps no headers)."""
    request = Request(url, json.dumps(body).encode(), {"content-type": "application/json",
                                                       "authorization": f"Bearer {key}"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=limit(60)) as response:
            return int(response.status), dict(response.headers), json.loads(response.read())
    except HTTPError as error:
        return int(error.code), dict(error.headers), json.loads(error.read())
