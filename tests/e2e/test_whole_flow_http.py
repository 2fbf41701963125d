"""The whole flow over real HTTP (`distilled serve` in its own process: template.yaml's handlers, the embedded
DynamoDB with its stream and the notifier): three players who share no secret meet through one invite link in a
lobby with a bot seat; each sees the game in "my games" with whose turn it is; a seat takes back a quiet move;
the host reissues the bot's token; one seat resigns and its stand-in plays on while the others play the game to
its end; every seat is told the game is over; a limit is hit. No answer to one player carries another's key, a
token not issued to it, or another's contacts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from devtools.client.bots import play
from tests.e2e.flow_support import Recorded, listed, quiet_buy, raw_post, types
from tests.local.process import ServerProcess, eventually, running_server

SEATS = [{"host": True}, {"open": True}, {"open": True}, {"bot": True, "name": "Robo"}]
CONTACTS = {"Ada": {"email": "ada@example.org"},
            "Grace": {"email": "grace@example.org", "webhook_url": "https://hooks.example.org/grace"},
            "Hopper": {"webhook_url": "https://hooks.example.org/hopper"}}
MAX_TRIES = 200  # single bot moves while looking for a quiet purchase to take back; a game has fewer


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def meet(client: ApiClient, keys: dict[str, str]) -> tuple[dict[str, Any], str]:
    """Ada hosts, Grace and Hopper join by the link (the last join starts the game), then Ada opens a second
    lobby, still waiting."""
    made = lobby_api.create_lobby(client, keys["Ada"], SEATS, False, {"flight": "A"})
    base, game_id, code = lobby_api.parse_invite(made["invite_link"])  # all the others are given: the link
    assert base == client.url and code == made["invite"]
    joiner = ApiClient(base, transport=client.transport)
    assert not lobby_api.join(joiner, game_id, keys["Grace"], code)["started"]
    assert lobby_api.join(joiner, game_id, keys["Hopper"], code)["started"]
    waiting = lobby_api.create_lobby(client, keys["Ada"], 2, False, {})["game_id"]  # newer than the game
    return made, waiting


def my_games_show_whose_turn(client: ApiClient, keys: dict[str, str], game_id: str, waiting: str) -> None:
    """Each player's entry of the game, once "my games" has caught up with its version: whose turn it is, and
    for Ada, the game before her newer lobby when she must act."""
    game = client.game(game_id)
    for name, key in keys.items():
        seat = client.game(game_id, key)["seat"]
        found, order = listed(client, key, game_id, status="in_progress", version=game["version"])
        assert found["seat"] == seat and found["to_act"] == game["to_act"]
        assert found["awaiting"] == (seat in game["to_act"])
        if name == "Ada" and found["awaiting"]:  # "awaiting my move" first, before the newer lobby
            assert order == [game_id, waiting], order


def take_back_a_quiet_move(client: ApiClient, game_id: str, tokens: dict[int, str], rng: random.Random) -> int:
    """A seat buys a basic card other than Water, sees `take_back` listed, and takes it back; the seat."""
    for _ in range(MAX_TRIES):
        for seat in client.game(game_id)["to_act"]:
            before = client.game(game_id, tokens[seat])
            buy = quiet_buy(before["view"]) if before["phase"] == "market" else None
            if buy is None:
                continue
            assert "take_back" not in types(before["view"])
            bought = client.command(game_id, tokens[seat], "buy", buy, expected_version=before["version"])
            if "take_back" not in types(bought["view"]):
                break  # its power revealed something: nothing to take back; play on and try again
            back = client.command(game_id, tokens[seat], "take_back", {})
            assert back["version"] == bought["version"] + 1
            restored = client.game(game_id, tokens[seat])["view"]
            assert restored["players"][seat] == before["view"]["players"][seat]
            assert "take_back" not in types(restored) and quiet_buy(restored) is not None
            return seat
        run = play(client, game_id, tokens, rng, max_commands=1)
        assert not run.finished, "the game ended before any seat could take back a quiet purchase"
    raise AssertionError("no seat made a quiet purchase it could take back")


def reissue(client: ApiClient, game_id: str, seat: int, old: str, keys: dict[str, str]) -> str:
    path = f"/games/{game_id}/seats/{seat}/token"
    with pytest.raises(ApiError) as not_host:
        client.request("POST", path, None, keys["Grace"], idempotent=False)
    assert not_host.value.status == 403
    new: str = client.request("POST", path, None, keys["Ada"], idempotent=False)["token"]
    with pytest.raises(ApiError) as refused:
        client.game(game_id, old)
    assert refused.value.status == 401
    assert client.game(game_id, new)["seat"] == seat
    return new


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


def assert_no_leaks(recorded: Recorded, keys: dict[str, str], bot_tokens: list[str], code: str) -> None:
    secrets = {name: key.split(".", 1)[1] for name, key in keys.items()}
    contacts = {name: [v for v in fields.values()] for name, fields in CONTACTS.items()}
    for name, key in keys.items():
        seen = recorded.seen_with(key)
        assert seen, f"nothing was answered to {name}"
        for other in keys.keys() - {name}:
            assert secrets[other] not in seen, f"{other}'s key reached {name}"
            assert not any(c in seen for c in contacts[other]), f"{other}'s contacts reached {name}"
        if name != "Ada":  # the host was given the bot's tokens and the invite code; nobody else
            assert not any(t in seen for t in bot_tokens) and code not in seen, f"a secret reached {name}"
    for token in bot_tokens:
        seen = recorded.seen_with(token)
        assert not any(s in seen for s in secrets.values())
        assert not any(c in seen for cs in contacts.values() for c in cs)


def test_players_meet_by_invitation_take_back_resign_and_play_to_the_end(server: ServerProcess) -> None:
    recorded, rng = Recorded(), random.Random(11)
    client = ApiClient(server.url, transport=recorded)
    keys = {name: api.create_player(client, name, "Europe/Paris")["key"] for name in CONTACTS}
    for name, contacts in CONTACTS.items():
        api.update_me(client, keys[name], contacts)
    made, waiting = meet(client, keys)
    game_id, old_bot = made["game_id"], made["bot_tokens"][0]["token"]
    seat_of = {name: client.game(game_id, key)["seat"] for name, key in keys.items()}
    bot_seat = made["bot_tokens"][0]["seat"]
    assert sorted([*seat_of.values(), bot_seat]) == [0, 1, 2, 3]
    my_games_show_whose_turn(client, keys, game_id, waiting)

    tokens = {seat_of[name]: key for name, key in keys.items()} | {bot_seat: old_bot}
    play(client, game_id, tokens, rng, until="market")
    take_back_a_quiet_move(client, game_id, tokens, rng)
    my_games_show_whose_turn(client, keys, game_id, waiting)  # mid-game: some wait for others
    new_bot = tokens[bot_seat] = reissue(client, game_id, bot_seat, old_bot, keys)

    client.command(game_id, keys["Hopper"], "resign", {})
    assert client.game(game_id)["phase"] != "finished", "on_resign 'bot': a stand-in plays Hopper's seat on"
    playing = {s: t for s, t in tokens.items() if s != seat_of["Hopper"]}
    run = play(client, game_id, playing, rng)
    assert run.finished and not run.rejected, run.rejected

    result = client.game(game_id)["view"]["result"]
    assert seat_of["Hopper"] not in result["winners"], "a resigned seat never wins"
    for token in playing.values():
        assert client.game(game_id, token)["view"]["result"] == result
    assert eventually(lambda: game_over_seats(server, game_id) == [0, 1, 2, 3]), game_over_seats(server, game_id)
    for key in keys.values():
        found, _ = listed(client, key, game_id, status="finished")
        assert found["winners"] == result["winners"] and not found["awaiting"]

    hit_the_games_limit(server, client)
    assert_no_leaks(recorded, keys, [old_bot, new_bot], made["invite"])
