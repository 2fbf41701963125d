"""A whole game on the local server in which each seat is reached only by the channel its player chose, and acts
only with what that channel gave it: Ada by e-mail (the confirmed address; she plays from the e-mail's link),
Grace by webhook (verified signatures; she plays from the delivery's link), Linus by push (his phone's app plays
with his own key once it is told). Every "your turn" the notifier decided reaches its seat by its channel, the
e-mail and the push coalesced to one per seat per round, the webhook every time; "game over" reaches all three
with the final scores; no message carries a key, a session, a link token of another seat or the webhook secret."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.client import ApiClient
from devtools.client import lobbies as lobby_api
from devtools.client import players as api
from devtools.client.bots import play
from devtools.webhook_receiver import Receiver, ReceiverServer
from tests.e2e.mail_client import confirmed_email_player
from tests.local.process import ServerProcess, eventually, limit, running_server

PHONE = "ab" * 32
KINDS = ("your_turn", "game_over")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


@pytest.fixture
def receiver() -> Iterator[ReceiverServer]:
    started = ReceiverServer(Receiver(status=204)).start()
    yield started
    started.stop()


def outbox(server: ServerProcess, game_id: str, topic: str | None = None) -> list[dict[str, Any]]:
    """The outbox's messages of the game: by channel (`email`, `push`), or the notifier's own notices (None)."""
    found = []
    for entry in server.outbox():
        message = entry.get("message")
        if not isinstance(message, dict) or message.get("game_id") != game_id:
            continue
        mine = entry.get("topic") == topic if topic is not None else (
            entry.get("topic") not in ("email", "push") and message.get("kind") in KINDS)
        if mine:
            found.append(message)
    return found


def session(client: ApiClient, game_id: str, link: str, seat: int) -> str:
    opened = client.request("POST", "/sessions", {"link_token": link.split("#link=", 1)[1]})
    assert (opened["game_id"], opened["seat"]) == (game_id, seat)
    return str(opened["session_token"])


def test_every_seat_is_reached_by_its_channel_and_plays_from_it(server: ServerProcess,
                                                                 receiver: ReceiverServer) -> None:
    client = ApiClient(server.url)
    ada = confirmed_email_player(client, server, "Ada", "ada.channels@example.net")
    grace, linus = api.create_player(client, "Grace", None), api.create_player(client, "Linus", None)
    secret = api.update_me(client, grace["key"], {"webhook_url": receiver.url})["webhook_secret"]
    receiver.receiver.secret = secret
    client.request("POST", "/players/me/devices", {"platform": "fcm", "token": PHONE}, linus["key"])

    made = lobby_api.create_lobby(client, ada["key"], 3, False, {"flight": "A"})
    _, game_id, code = lobby_api.parse_invite(made["invite_link"])
    lobby_api.join(client, game_id, grace["key"], code)
    assert lobby_api.join(client, game_id, linus["key"], code)["started"]

    def webhooks() -> list[dict[str, Any]]:
        delivered = [d for d in receiver.receiver.deliveries if d.body and d.body.get("game_id") == game_id]
        assert all(d.verified for d in delivered), "a delivery failed its signature"
        return [d.body for d in delivered if d.body is not None]

    def credentials(known: dict[int, str]) -> dict[int, str]:
        """What each seat's channel has given it so far: its first link's session, or the app's own key."""
        found = dict(known)
        mail = next((m for m in outbox(server, game_id, "email") if m.get("link")), None)
        if mail is not None and mail["seat"] not in found:
            found[mail["seat"]] = session(client, game_id, mail["link"], mail["seat"])
        hook = next((b for b in webhooks() if b.get("link")), None)
        if hook is not None and hook["seat"] not in found:
            found[hook["seat"]] = session(client, game_id, hook["link"], hook["seat"])
        pushed = next(iter(outbox(server, game_id, "push")), None)
        if pushed is not None and pushed["seat"] not in found:
            found[pushed["seat"]] = linus["key"]
        return found

    def reached(known: dict[int, str], waiting: set[int]) -> dict[int, str] | None:
        found = credentials(known)
        return found if waiting & set(found) else None

    rng, run = random.Random(12), None
    tokens: dict[int, str] = {}
    for _ in range(200):
        if tokens:
            run = play(client, game_id, tokens, rng)
            if run.finished:
                break
        waiting = set(run.waiting_for) if run is not None else {0, 1, 2}
        # Nobody plays a seat its channel has not reached yet: wait for the channel, not for a time.
        tokens = eventually(functools.partial(reached, dict(tokens), waiting), limit(120.0))
    else:
        raise AssertionError("the game did not finish")
    assert len(tokens) == 3

    told = eventually(lambda: (found := outbox(server, game_id)) and sum(
        m["kind"] == "game_over" for m in found) == 3 and found)
    notice_of = {(m["version"], m["seat"]): m for m in told}
    over = {m["seat"]: m for m in told if m["kind"] == "game_over"}
    turns = [m for m in told if m["kind"] == "your_turn"]

    def ended(messages: list[dict[str, Any]]) -> bool:
        return any(notice_of.get((m.get("version"), m.get("seat")), {}).get("kind") == "game_over" for m in messages)

    mails = eventually(lambda: (found := outbox(server, game_id, "email")) and ended(found) and found)
    hooks = eventually(lambda: (found := webhooks()) and ended(found) and found)
    pushes = eventually(lambda: (found := outbox(server, game_id, "push")) and ended(found) and found)
    seat_of = {"email": {m["seat"] for m in mails}, "webhook": {b["seat"] for b in hooks},
               "push": {p["seat"] for p in pushes}}
    assert sorted(len(s) for s in seat_of.values()) == [1, 1, 1] and len(set.union(*seat_of.values())) == 3, seat_of

    def rounds_told(seat: int) -> list[int]:  # the rounds in which the notifier told the seat its turn
        return sorted({m["round"] for m in turns if m["seat"] == seat})

    # E-mail: the round's first "your turn", for every round the seat was told in, and the end: once each.
    (seat,) = seat_of["email"]
    kinds = [notice_of[(m["version"], seat)] for m in mails]
    assert sorted(n["round"] for n in kinds if n["kind"] == "your_turn") == rounds_told(seat)
    assert [n["kind"] for n in kinds].count("game_over") == 1
    # Webhook: every notice of its seat, as the notifier made it; the end with the final scores.
    (seat,) = seat_of["webhook"]
    assert sorted(b["version"] for b in hooks if b["kind"] == "your_turn") == sorted(
        m["version"] for m in turns if m["seat"] == seat)
    (end_hook,) = [b for b in hooks if b["kind"] == "game_over"]
    assert (end_hook["scores"], end_hook["winners"]) == (over[seat]["scores"], over[seat]["winners"])
    # Push: as the e-mail, one per round, and the end with the scores.
    (seat,) = seat_of["push"]
    assert sorted(p["round"] for p in pushes if p["notice"] == "your_turn") == rounds_told(seat)
    (end_push,) = [p for p in pushes if p["notice"] == "game_over"]
    assert end_push["data"]["scores"] == ",".join(str(s) for s in over[seat]["scores"])

    # Nothing any channel carried holds a credential: keys, sessions, the secret (a link token is its own seat's).
    secrets = [ada["key"], grace["key"], linus["key"], secret, *tokens.values()]
    carried = json.dumps([mails, hooks, pushes]) + "".join(Path(m["eml"]).read_text() for m in mails if m.get("eml"))
    assert not [s for s in secrets if s in carried]
