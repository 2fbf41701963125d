"""A slow or failing store through the real handlers over moto: a 503 `store_unavailable` with Retry-After,
answered RESERVE before the function's timeout, measured on a fake clock."""

from __future__ import annotations

import pytest

from domain import legal_actions
from functions import container
from infra import budget
from infra.store.dynamodb import DynamoEventStore
from service.games.repository import load
from tests.faults import FakeClock, Faults, function_timeouts
from tests.service import gateway
from tests.service.gateway import Gateway, Reply
from tests.service.support import TABLE_NAME, AwsWorld

COMMAND_TIMEOUT = function_timeouts()["ChooseDistillerFunction"]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    clock = FakeClock().install(monkeypatch)
    timeouts = function_timeouts()
    # Each invocation's context counts down on the fake clock, from its own function's timeout.
    monkeypatch.setattr(gateway, "FakeContext", lambda name="test-function": clock.context(timeouts[name], name))
    return clock


def new_game(gw: Gateway) -> tuple[str, str]:
    created = gw.post("/games", {"seats": [{"name": "Ada"}, {"name": "Grace"}]})
    assert created.status == 201, created.body
    return created.body["game_id"], created.body["seats"][0]["token"]


def assert_unavailable_in_time(reply: Reply, started: float, clock: FakeClock, timeout: float) -> None:
    assert (reply.status, reply.code) == (503, "store_unavailable"), reply.body
    assert int(reply.headers["Retry-After"]) >= 1
    assert clock.now - started <= timeout - budget.RESERVE, f"answered after {clock.now - started} s"


@pytest.mark.parametrize("kind", Faults.KINDS)
def test_a_store_that_fails_every_call_answers_503_in_time(aws: AwsWorld, clock: FakeClock, kind: str) -> None:
    gw = Gateway()
    game_id, token = new_game(gw)
    Faults(container.dynamodb(), clock, kind)
    started = clock.now
    reply = gw.get(f"/games/{game_id}", token=token)
    assert_unavailable_in_time(reply, started, clock, function_timeouts()["GetGameFunction"])


@pytest.mark.parametrize("kind", ["slow", "unreachable"])
def test_a_write_that_times_out_answers_503_in_time_and_the_command_can_be_sent_again(
    aws: AwsWorld, clock: FakeClock, kind: str
) -> None:
    gw = Gateway()
    game_id, token = new_game(gw)
    store = DynamoEventStore(TABLE_NAME, aws.dynamodb)
    choice = legal_actions(load(store, game_id).state, 0)[0]
    body = {**choice.model_dump(mode="json"), "command_id": "c1"}
    faults = Faults(container.dynamodb(), clock, kind, operations=("PutItem",))
    started = clock.now
    assert_unavailable_in_time(gw.post(f"/games/{game_id}/{choice.type}", body, token=token), started, clock,
                               COMMAND_TIMEOUT)
    assert 1 <= faults.sent <= budget.ATTEMPTS and len(store.commits(game_id)) == 1
    faults.operations = ("nothing",)  # the store is back
    again = gw.post(f"/games/{game_id}/{choice.type}", body, token=token)
    assert again.status == 200 and again.body["command_version"] == 2, again.body

