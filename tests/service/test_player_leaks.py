"""Two players, every route as each, in any order: no answer carries the other's key or contacts, no answer
carries a key that was rotated away, a confirmation code or a hash, no error body or log line carries a key, a
code or a contact, and no e-mail message goes anywhere but to the address just set."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functions.observability import logger
from infra.auth import token_hash
from tests.service.gateway import Gateway, Reply
from tests.service.leaks import assert_no_leak
from tests.service.support import MemoryWorld, memory_world

OPS = ("get", "name", "zone", "email", "bad_email", "webhook", "bad_webhook", "push", "clear", "rotate",
       "confirm_right", "confirm_wrong", "link_right", "link_wrong", "link_other", "rotate_webhook")


@dataclass
class Player:
    player_id: str
    key: str
    marker: str  # in every contact value this player ever sends
    old_keys: list[str] = field(default_factory=list)
    contacts: set[str] = field(default_factory=set)
    codes: list[str] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)
    webhook_secrets: list[str] = field(default_factory=list)  # each shown once, in the answer that made it


@dataclass
class Run:
    world: MemoryWorld
    gw: Gateway
    players: list[Player]
    errors: list[str] = field(default_factory=list)

    def secrets_of(self, player: Player) -> set[str]:
        keys = {player.key, *player.old_keys}
        return keys | {token_hash(k) for k in keys} | player.contacts | set(player.codes) | {
            token_hash(c) for c in player.codes} | set(player.webhook_secrets)

    def send(self, who: Player, method: str, path: str, body: Any = None, **kw: Any) -> Reply:
        reply = self.gw.request(method, path, body, **({"token": who.key} | kw))
        who.replies.append(reply)
        if reply.status >= 400:
            self.errors.append(reply.text)
        return reply

    def drain(self) -> None:
        """The e-mail channel's view: each message goes to the address its player set last."""
        for message in self.world.players.drain_outbox():
            owner = next(p for p in self.players if p.player_id == message["player_id"])
            assert owner.marker in message["to"], "a confirmation went to an address its player did not set"
            owner.codes.append(message["code"])


@pytest.fixture
def world() -> Iterator[MemoryWorld]:
    yield from memory_world()


def act(run: Run, who: Player, other: Player, op: str) -> None:
    value = f"{who.marker}{secrets.token_hex(2)}"
    patch = {"name": {"name": f"N{value[-4:]}"}, "zone": {"time_zone": "Asia/Tokyo"},
             "email": {"email": f"{value}@example.org"}, "bad_email": {"email": f"{value} at example"},
             "webhook": {"webhook_url": f"https://hooks.example.org/{value}"},
             "bad_webhook": {"webhook_url": f"http://{value}:pw@hooks.example.org/"},
             "push": {"push_endpoint": f"https://push.example.org/{value}"},
             "clear": {"email": None, "webhook_url": None, "push_endpoint": None}}
    if op == "get":
        run.send(who, "GET", "/players/me")
    elif op in patch:
        who.contacts |= {v for v in patch[op].values() if isinstance(v, str) and who.marker in v}
        made = run.send(who, "PATCH", "/players/me", patch[op]).body.get("webhook_secret")
        who.webhook_secrets += [made] if made else []
    elif op == "rotate_webhook":
        reply = run.send(who, "POST", "/players/me/webhook-secret")
        who.webhook_secrets += [reply.body["webhook_secret"]] if reply.status == 200 else []
    elif op == "rotate":
        reply = run.send(who, "POST", "/players/me/key")
        who.old_keys.append(who.key)
        who.key = reply.body["key"]
    elif op.startswith("confirm"):
        code = who.codes[-1] if who.codes and op == "confirm_right" else "f" * 32
        run.send(who, "POST", "/players/me/email/confirm", {"code": code})
    else:
        target = other if op == "link_other" else who
        code = target.codes[-1] if target.codes and op != "link_wrong" else "e" * 32
        run.send(who, "GET", f"/players/{target.player_id}/confirm-email", query={"code": code}, token=None)
    run.drain()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, 1), st.sampled_from(OPS)), min_size=1, max_size=25))
def test_no_player_sees_what_is_not_its_own(world: MemoryWorld, steps: list[tuple[int, str]],
                                            caplog: pytest.LogCaptureFixture,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    caplog.clear()
    capsys.readouterr()
    run = Run(world, Gateway(), [])
    for name in ("Ada", "Grace"):
        reply = run.gw.post("/players", {"name": name})
        run.players.append(Player(reply.body["player_id"], reply.body["key"], secrets.token_hex(6)))
        run.players[-1].replies.append(reply)
    for actor, op in steps:
        act(run, run.players[actor], run.players[1 - actor], op)

    everything = set().union(*(run.secrets_of(p) for p in run.players))
    for me, other in (run.players, run.players[::-1]):
        mine = me.replies[:]
        seen = "\n".join(r.text for r in mine)
        assert_no_leak(seen, run.secrets_of(other), f"what {me.player_id} was sent")
        rotated_away = set(me.old_keys) - {me.key}
        hashes = {token_hash(k) for k in [me.key, *me.old_keys]} | {token_hash(c) for c in me.codes}
        assert_no_leak(seen, set(me.codes) | hashes, f"codes or hashes sent to {me.player_id}")
        later = "\n".join(r.text for r in mine[1:] if '"key"' not in r.text)
        assert_no_leak(later, rotated_away, f"a rotated key of {me.player_id}")
        for secret in me.webhook_secrets:
            assert sum(secret in r.text for r in mine) == 1, "a webhook secret was shown more than once"
    assert_no_leak("\n".join(run.errors), everything, "an error body")
    printed = capsys.readouterr()
    logs = "\n".join(logger.registered_formatter.format(r) for r in caplog.records)
    assert_no_leak(logs + printed.out + printed.err, everything, "the logs")


def test_the_leak_check_can_fail(world: MemoryWorld) -> None:
    run = Run(world, Gateway(), [])
    reply = run.gw.post("/players", {"name": "Ada"})
    ada = Player(reply.body["player_id"], reply.body["key"], "feedface")
    run.players.append(ada)
    act(run, ada, ada, "email")
    act(run, ada, ada, "get")
    with pytest.raises(AssertionError, match="leaked"):
        assert_no_leak(ada.replies[-1].text, ada.contacts, "own profile")  # one's own contacts are shown to one
