"""Least privilege, checked call by call: what each function's grants allow, conditions included."""

from __future__ import annotations

import random

import pytest

from domain.options import SeatSpec
from functions import container, notifier
from service.games import pipeline
from tests.service.gateway import FakeContext
from tests.service.iam import Call, OperationLog, allowed, assert_within_policies, call_of
from tests.service.streams import StreamReader
from tests.service.support import TABLE_NAME, AwsWorld

NOTIFIER = "functions/notifier.lambda_handler"
COMMAND = "functions/commands/buy.lambda_handler"


def put(pk: str) -> Call:
    return call_of("PutItem", {"TableName": TABLE_NAME, "Item": {"pk": {"S": pk}, "sk": {"S": "V#0000000002#C"}}})


def test_the_notifier_may_write_notice_markers_but_no_commit_or_snapshot() -> None:
    assert allowed(NOTIFIER, put("NOTICE#g1"))
    assert not allowed(NOTIFIER, put("GAME#g1")), "the notifier could rewrite a game's history"
    assert allowed(COMMAND, put("GAME#g1"))  # the command functions do write commits
    assert not allowed(NOTIFIER, Call("dynamodb:DeleteItem", leading_keys=("NOTICE#g1",)))
    assert allowed(NOTIFIER, call_of("GetItem", {"TableName": TABLE_NAME, "Key": {"pk": {"S": "GAME#g1"}}}))


def test_every_call_the_notifier_makes_is_granted_with_its_condition(aws: AwsWorld) -> None:
    log = OperationLog()
    log.watch(container.dynamodb())
    pipeline.create_game(container.store(), [SeatSpec(name="A"), SeatSpec(name="B")], rng=random.Random(1))
    records = StreamReader(aws.dynamodb).read()
    with log.running(NOTIFIER):
        assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}
    writes = {c for c in log.used[NOTIFIER] if c.action == "dynamodb:PutItem"}
    assert writes and all(c.leading_keys[0].startswith("NOTICE#") for c in writes)
    assert_within_policies(log)


def test_a_condition_the_check_cannot_read_fails_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.service import iam

    odd = {"Effect": "Allow", "Action": "dynamodb:PutItem", "Resource": {"Fn::GetAtt": ["GamesTable", "Arn"]},
           "Condition": {"StringEquals": {"aws:SourceVpce": "vpce-1"}}}
    monkeypatch.setattr(iam, "statements", lambda handler: [odd])
    with pytest.raises(AssertionError, match="cannot evaluate"):
        allowed(NOTIFIER, put("NOTICE#g1"))


def test_for_all_values_means_every_key_the_request_touches() -> None:
    assert not allowed(NOTIFIER, Call("dynamodb:PutItem", leading_keys=("NOTICE#g1", "GAME#g1")))
