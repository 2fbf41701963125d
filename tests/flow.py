"""The whole flow's steps, shared by the test over HTTP (tests/e2e) and the one under moto (tests/functions): any
ApiClient will do, whatever carries its requests. Three players who share no secret meet through one invite link
in a lobby with a bot seat, see the game in "my games" with whose turn it is, take back a quiet move, have the
bot's token reissued; and no answer to one of them carries another's key, a token not issued to it, or another's
contacts."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.request import Request

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from devtools.client.bots import play
from devtools.client.http import Transport, urllib_transport
from devtools.client.my_games import my_games
from tests.local.process import eventually, limit

SEATS: list[dict[str, Any]] = [{"host": True}, {"open": True}, {"open": True}, {"bot": True, "name": "Robo"}]
CONTACTS = {"Ada": {"email": "ada@example.org"},
            "Grace": {"email": "grace@example.org", "webhook_url": "https://hooks.example.org/grace"},
            "Hopper": {"webhook_url": "https://hooks.example.org/hopper"}}
MAX_TRIES = 200  # single bot moves while looking for a quiet purchase to take back; a game has fewer


class Recorded:
    """Every answer a client was given, by the credential it sent ("" for none). `before` runs ahead of each
    request (under moto: what the stream would have done by then)."""

    def __init__(self, send: Transport = urllib_transport, before: Callable[[Request], None] | None = None) -> None:
        self.answers: dict[str, list[str]] = {}
        self.send, self.before = send, before

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        if self.before is not None:
            self.before(request)
        status, raw = self.send(request, timeout)
        sent = request.get_header("Authorization") or ""
        self.answers.setdefault(sent.removeprefix("Bearer "), []).append(raw.decode())
        return status, raw

    def seen_with(self, credential: str) -> str:
        return "\n".join(self.answers.get(credential, []))


def entry(client: ApiClient, key: str, game_id: str, **expected: Any) -> dict[str, Any] | None:
    """The caller's "my games" entry of the game once it has every expected field, else None."""
    found = [g for g in my_games(client, key) if g["game_id"] == game_id]
    if found and all(found[0].get(k) == v for k, v in expected.items()):
        return found[0]
    return None


def listed(client: ApiClient, key: str, game_id: str, **expected: Any) -> tuple[dict[str, Any], list[str]]:
    """Poll "my games" (kept from the stream, so a write shows up within seconds) until the entry is there; the
    entry and the order of the caller's game ids."""
    found = eventually(lambda: entry(client, key, game_id, **expected), timeout=limit(120), every=0.2)
    assert found, f"game {game_id} never showed in my games with {expected}: {my_games(client, key)}"
    return found, [g["game_id"] for g in my_games(client, key)]


def quiet_buy(view: dict[str, Any]) -> dict[str, Any] | None:
    """A basic purchase other than Water (Water's bonus reveals a card, which nobody may take back)."""
    for action in view.get("legal_actions") or []:
        if action["type"] == "buy" and action.get("source") == "basic" and action.get("card") != "water":
            return {k: v for k, v in action.items() if k != "type"}
    return None


def types(view: dict[str, Any]) -> list[str]:
    return [a["type"] for a in view.get("legal_actions") or []]


def meet(client: ApiClient, keys: dict[str, str]) -> tuple[dict[str, Any], str]:
    """Ada hosts, Grace and Hopper join by the link (the last join starts the game), then Ada opens a second
    lobby, still waiting."""
    made = lobby_api.create_lobby(client, keys["Ada"], SEATS, False, {"flight": "A"})
    base, game_id, code = lobby_api.parse_invite(made["invite_link"])  # all the others are given: the link
    assert code == made["invite"], made["invite_link"]
    assert base == client.url, made["invite_link"]
    joiner = ApiClient(base, transport=client.transport)
    assert not lobby_api.join(joiner, game_id, keys["Grace"], code)["started"]
    assert lobby_api.join(joiner, game_id, keys["Hopper"], code)["started"]
    waiting = lobby_api.create_lobby(client, keys["Ada"], 2, False, {})["game_id"]  # newer than the game
    return made, waiting


def my_games_show_whose_turn(client: ApiClient, keys: dict[str, str], game_id: str, waiting: str) -> None:
    """Each player's entry of the game, once "my games" has caught up with its version: whose turn it is, and
    for Ada, the game before her newer lobby when she must act."""
    game = client.game(game_id)
    listed(client, keys["Ada"], waiting)  # the newer lobby's entry comes from the stream too: there before the order
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


@dataclass
class Flow:
    keys: dict[str, str]  # by player name
    seat_of: dict[str, int]  # each player's game seat
    bot_seat: int
    bot_tokens: list[str]  # the bot's first token, then its reissued one
    game_id: str
    invite: str


def play_the_whole_flow(client: ApiClient, rng: random.Random) -> Flow:
    """Players with contacts meet by the link; my games shows whose turn it is at the start and mid-game; a seat
    takes back a quiet move; the bot's token is reissued; Hopper resigns and the others play the game to its end,
    which every seat and spectator sees, and which "my games" shows as finished."""
    keys = {name: api.create_player(client, name, "Europe/Paris")["key"] for name in CONTACTS}
    for name, contacts in CONTACTS.items():
        api.update_me(client, keys[name], contacts)
    made, waiting = meet(client, keys)
    game_id, old_bot, bot_seat = made["game_id"], made["bot_tokens"][0]["token"], made["bot_tokens"][0]["seat"]
    seat_of = {name: client.game(game_id, key)["seat"] for name, key in keys.items()}
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
    assert all(client.game(game_id, token)["view"]["result"] == result for token in playing.values())
    for key in keys.values():
        found, _ = listed(client, key, game_id, status="finished")
        assert found["winners"] == result["winners"] and not found["awaiting"]
    return Flow(keys, seat_of, bot_seat, [old_bot, new_bot], game_id, made["invite"])
