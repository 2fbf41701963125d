"""The time budget: client settings that fit the template's timeouts, and a deadline no call or retry overruns.

Real botocore clients, their retries included; every attempt is answered by a fault injector on a fake
clock, and the endpoint is a closed local port, so nothing can leave the machine.
"""

from __future__ import annotations

from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError, ConnectTimeoutError, ReadTimeoutError

from functions import container
from infra import budget
from infra.budget import CLIENT_CONFIG, OutOfTime, bound
from tests.faults import FakeClock, Faults, function_timeouts

NOWHERE = "http://127.0.0.1:9"
GET = {"TableName": "games", "Key": {"pk": {"S": "GAME#g"}, "sk": {"S": "V#0000000001#C"}}}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    return FakeClock().install(monkeypatch)


def client(service: str = "dynamodb") -> Any:
    return boto3.client(service, endpoint_url=NOWHERE, region_name="eu-west-1", config=CLIENT_CONFIG)


@pytest.mark.parametrize("service", ["dynamodb", "sns"])
def test_one_call_and_the_answer_fit_every_function_timeout_even_without_a_deadline(service: str) -> None:
    container.reset()
    try:
        config = getattr(container, service)().meta.config  # the clients the functions really use
    finally:
        container.reset()
    retries = config.retries or {}
    attempts = retries.get("total_max_attempts", retries.get("max_attempts", 3) + 1)
    worst = attempts * (config.connect_timeout + config.read_timeout) + budget.RETRY_DELAY
    assert (attempts, worst) == (budget.ATTEMPTS, budget.WORST_CALL)
    for name, timeout in function_timeouts().items():
        assert worst + budget.RESERVE <= timeout, f"{name}: one call ({worst} s) leaves no time to answer"


@pytest.mark.parametrize("kind", Faults.KINDS)
def test_a_failing_call_is_tried_at_most_twice_within_one_call_budget(clock: FakeClock, kind: str) -> None:
    dynamodb = client()
    faults = Faults(dynamodb, clock, kind)
    with pytest.raises((ClientError, ReadTimeoutError, ConnectTimeoutError)):
        dynamodb.get_item(**GET)
    assert faults.sent == budget.ATTEMPTS
    assert clock.now <= budget.WORST_CALL


def test_the_sns_client_is_bounded_the_same_way(clock: FakeClock) -> None:
    sns = client("sns")
    faults = Faults(sns, clock, "slow")
    with pytest.raises(ReadTimeoutError):
        sns.publish(TopicArn="arn:aws:sns:eu-west-1:123456789012:turns", Message="{}")
    assert faults.sent == budget.ATTEMPTS and clock.now <= budget.WORST_CALL


def test_no_call_starts_that_could_not_end_before_the_deadline(clock: FakeClock) -> None:
    deadline = budget.ATTEMPT + budget.RESERVE - 0.1
    dynamodb = bound(client(), lambda: deadline - clock.now)
    faults = Faults(dynamodb, clock, "slow")
    with pytest.raises(OutOfTime):
        dynamodb.get_item(**GET)
    assert faults.sent == 0


@pytest.mark.parametrize("kind", Faults.KINDS)
def test_a_retry_that_could_not_end_before_the_deadline_is_not_made(clock: FakeClock, kind: str) -> None:
    deadline = budget.ATTEMPT + budget.RESERVE + 0.5  # time for one attempt, not for a wait and another
    dynamodb = bound(client(), lambda: deadline - clock.now)
    faults = Faults(dynamodb, clock, kind)
    with pytest.raises((ClientError, ReadTimeoutError, ConnectTimeoutError)):
        dynamodb.get_item(**GET)
    assert faults.sent == 1
    assert deadline - clock.now >= budget.RESERVE


def test_with_time_enough_the_retry_is_made(clock: FakeClock) -> None:
    deadline = 2 * budget.ATTEMPT + budget.RETRY_DELAY + budget.RESERVE
    dynamodb = bound(client(), lambda: deadline - clock.now)
    faults = Faults(dynamodb, clock, "slow")
    with pytest.raises(ReadTimeoutError):
        dynamodb.get_item(**GET)
    assert faults.sent == budget.ATTEMPTS and deadline - clock.now >= budget.RESERVE


def test_a_longer_wait_the_service_asks_for_is_counted_in(clock: FakeClock) -> None:
    deadline = 2 * budget.ATTEMPT + budget.RETRY_DELAY + budget.RESERVE  # enough without the header
    dynamodb = bound(client(), lambda: deadline - clock.now)
    faults = Faults(dynamodb, clock, "throttled", headers={"x-amz-retry-after": "4000"})
    with pytest.raises(ClientError):
        dynamodb.get_item(**GET)
    assert faults.sent == 1 and deadline - clock.now >= budget.RESERVE
