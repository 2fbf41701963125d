"""Whole games through the Lambda handlers over moto: every player count, bots choosing from the state,
every answer and every notice scanned for what its seat must not see."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from devtools.bots import BOTS
from domain import to_act
from functions import container, notifier
from functions.observability import logger
from infra.store.dynamodb import DynamoEventStore
from tests.service.gateway import FakeContext, Gateway, Reply
from tests.service.iam import assert_within_policies
from tests.service.leaks import Secrets, assert_no_leak
from tests.service.shadow import Shadow
from tests.service.streams import StreamReader
from tests.service.support import TABLE_NAME, AwsWorld, dynamo_store

ALL_PHASES = {"setup", "market", "distill", "sell", "age", "round_end", "finished"}
NOTIFY_EVERY = 12  # commands between notifier runs: a batching window


def notify(world: AwsWorld, stream: StreamReader, shadow: Shadow, secrets: Secrets,
           seen: dict[tuple[int, int], dict[str, Any]], gw: Gateway) -> None:
    records = stream.read()
    if records:
        random.Random(len(records)).shuffle(records)  # stream order across items is not trusted
        with gw.operations.running("functions/notifier.lambda_handler"):
            assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}
    for message in world.messages():
        key = (message["version"], message["seat"])
        assert key not in seen, f"notice {key} sent twice"
        seen[key] = message
        assert message["game_id"] == shadow.game_id
        over = {"scores", "winners", "won"} if message["kind"] == "game_over" else set()  # public once it is over
        assert set(message) == {"kind", "game_id", "version", "seat", "phase", "round", "actions", "dedup_key",
                                "head"} | over  # the chain's head: salted, it tells nothing (docs/fairness.md)
        assert_no_leak(str(message), secrets.needles(shadow.state, message["seat"]), f"notice {key}")


# One game per player count, solo included (moto is slow); the bot of each seat, g(reedy) or r(andom).
@pytest.mark.parametrize(("bots", "seed"), [("g", 5), ("gg", 1), ("rgr", 2), ("rrrg", 3), ("grrrr", 4)])
def test_a_complete_game_through_the_handlers(
    aws: AwsWorld, bots: str, seed: int, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    players, rng = len(bots), random.Random(seed)
    container.install(replace(container.given(), rng=random.Random(seed)))
    gw = Gateway()
    gw.operations.watch(container.dynamodb())
    created = gw.post("/games", {"seats": [{"name": f"Player {i}"} for i in range(players)],
                                 "options": {"flight": "random_all"}})
    assert created.status == 201, created.body
    game_id, tokens = created.body["game_id"], [s["token"] for s in created.body["seats"]]
    assert len(set(tokens)) == players and all(len(t) >= 32 for t in tokens)
    shadow = Shadow(DynamoEventStore(TABLE_NAME, aws.dynamodb), game_id)
    secrets = Secrets.of(shadow.events, tokens)
    stream, notices = StreamReader(aws.dynamodb), {}
    store = dynamo_store()
    notify(aws, stream, shadow, secrets, notices, gw)  # the new game: every seat must choose a distiller
    assert sorted(notices) == [(1, seat) for seat in range(players)]

    def check(reply: Reply, seat: int | None, where: str) -> None:
        assert reply.status == 200, (where, reply.body)
        assert reply.body["version"] == shadow.version
        assert_no_leak(reply.text, secrets.needles(shadow.state, seat), where)

    steps = 0
    while shadow.state.phase != "finished":
        seat = rng.choice(to_act(shadow.state))
        command = BOTS["greedy" if bots[seat] == "g" else "random"](shadow.state, seat, rng)
        body = {**command.model_dump(mode="json"), "command_id": f"cmd-{steps}"}  # a legal action, as-is
        if steps % 10 == 0:
            container.recent_games().clear()  # a cold function: newest snapshot plus later commits
        store.requests = 0
        reply = gw.post(f"/games/{game_id}/{command.type}", body, token=tokens[seat])
        assert store.requests <= 3, "a command is one Query and one PutItem (plus, at times, a snapshot)"
        secrets.saw(shadow.advance())
        check(reply, seat, f"reply to {command.type}")
        assert reply.body["command_version"] == shadow.version and reply.body["seat"] == seat
        steps += 1
        if steps % NOTIFY_EVERY == 0:
            notify(aws, stream, shadow, secrets, notices, gw)
        if steps % 40 == 0:
            for viewer in [None, *range(players)]:
                check(gw.get(f"/games/{game_id}", token=None if viewer is None else tokens[viewer]), viewer,
                      f"view of seat {viewer}")
    notify(aws, stream, shadow, secrets, notices, gw)

    assert shadow.phases >= ALL_PHASES, f"never reached {ALL_PHASES - shadow.phases}"
    for viewer in [None, *range(players)]:
        final = gw.get(f"/games/{game_id}", token=None if viewer is None else tokens[viewer])
        check(final, viewer, f"final view of seat {viewer}")
        assert final.body["phase"] == "finished"
        if players == 1:  # solo: won or lost against the target of the goals completed
            assert final.body["view"]["solo"]["rows_completed"] >= 1 and final.body["view"]["awards"] == []
        else:
            assert final.body["view"]["winners"]
        assert all(p["score"] and "sp" in p["score"] for p in final.body["view"]["players"])
        history = gw.get(f"/games/{game_id}/events", token=None if viewer is None else tokens[viewer],
                         query={"limit": "500"})
        assert history.status == 200 and history.body["next_after"] is None
        assert [c["version"] for c in history.body["commits"]] == list(range(1, shadow.version + 1))
        assert_no_leak(history.text, secrets.needles(shadow.state, viewer, history=True), f"history of {viewer}")
    assert {seat for _, seat in notices} == set(range(players)), "every seat was told to act at some point"
    assert sorted(s for (v, s), m in notices.items() if m["kind"] == "game_over") == list(range(players))
    assert all(m["kind"] == "your_turn" for (v, _), m in notices.items() if v < shadow.version)
    assert_within_policies(gw.operations)  # moto ignores IAM: every call made must be granted in template.yaml
    assert notices[(1, 0)]["phase"] == "setup" and notices[(1, 0)]["actions"] == ["choose_distiller"]
    printed = capsys.readouterr()
    logs = "\n".join(logger.registered_formatter.format(r) for r in caplog.records)
    assert '"message":"command accepted"' in logs and f'"game_id":"{game_id}"' in logs and '"seat":' in logs
    assert_no_leak(logs + printed.out + printed.err, {*tokens}, "the logs")
