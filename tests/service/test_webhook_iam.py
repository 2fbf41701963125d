"""Least privilege for webhooks: the notifier may only send to the webhook queue; the sender reads and updates
player records (PLAYER# keys only) and sends to the queue and its dead-letter queue; every DynamoDB call both
really make (under moto) is granted. The queue has a redrive to its dead-letter queue, watched by an alarm."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from standardwebhooks import Webhook

from devtools.template import load_template
from domain.options import SeatSpec
from functions import container, notifier, webhook_sender
from service.games import pipeline
from service.players.service import Changes
from tests.service.gateway import FakeContext
from tests.service.iam import OperationLog, assert_within_policies, call_of, statements
from tests.service.streams import StreamReader
from tests.service.support import TABLE_NAME, AwsWorld
from tests.service.test_iam import NOTIFIER, allowed, put

SENDER = "functions/webhook_sender.lambda_handler"


def _sqs_grants(handler: str) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {}
    for statement in statements(handler):
        for action in statement["Action"]:
            if str(action).startswith("sqs:"):
                resources = statement["Resource"]
                found.setdefault(action, []).extend(resources if isinstance(resources, list) else [resources])
    return found


def test_the_notifier_may_only_send_to_the_webhook_queue_and_its_own_dead_letters() -> None:
    (sends,) = _sqs_grants(NOTIFIER).values()
    assert _sqs_grants(NOTIFIER).keys() == {"sqs:SendMessage"}
    assert sorted(json.dumps(r) for r in sends) == sorted(json.dumps({"Fn::GetAtt": [q, "Arn"]}) for q in (
        "NotifierDeadLetterQueue", "EmailDeadLetterQueue", "WebhookQueue"))  # its own dead letters, the e-mails


def test_the_sender_touches_players_only_and_sends_to_its_two_queues() -> None:
    get = call_of("GetItem", {"TableName": TABLE_NAME, "Key": {"pk": {"S": "PLAYER#p1"}}})
    update = call_of("UpdateItem", {"TableName": TABLE_NAME, "Key": {"pk": {"S": "PLAYER#p1"}}})
    assert allowed(SENDER, get) and allowed(SENDER, update)
    for pk in ("GAME#g1", "NOTICE#g1", "LINK#x", "SESSION#x"):
        assert not allowed(SENDER, call_of("GetItem", {"TableName": TABLE_NAME, "Key": {"pk": {"S": pk}}}))
    assert not allowed(SENDER, put("PLAYER#p1")), "the sender could rewrite a whole player"
    assert _sqs_grants(SENDER) == {"sqs:SendMessage": [{"Fn::GetAtt": ["WebhookQueue", "Arn"]},
                                                        {"Fn::GetAtt": ["WebhookDeadLetterQueue", "Arn"]}]}


def test_the_queue_redrives_to_a_watched_dead_letter_queue_and_feeds_the_sender() -> None:
    resources = load_template()["Resources"]
    queue = resources["WebhookQueue"]["Properties"]
    assert queue["RedrivePolicy"]["deadLetterTargetArn"] == {"Fn::GetAtt": ["WebhookDeadLetterQueue", "Arn"]}
    sender = resources["WebhookSenderFunction"]["Properties"]
    assert queue["VisibilityTimeout"] >= 6 * sender["Timeout"]
    (event,) = sender["Events"].values()
    assert event["Type"] == "SQS" and event["Properties"]["Queue"] == {"Fn::GetAtt": ["WebhookQueue", "Arn"]}
    assert event["Properties"]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    watched = {"Fn::GetAtt": ["WebhookDeadLetterQueue", "QueueName"]}
    (alarm,) = [r["Properties"] for r in resources.values() if r["Type"] == "AWS::CloudWatch::Alarm"
                and r["Properties"]["Dimensions"][0]["Value"] == watched]
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible" and alarm["Threshold"] == 0
    assert "WEBHOOKS_ALLOW_LOOPBACK" not in json.dumps(resources), "loopback is the local server's alone"


def _sqs_event(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"Records": [{"messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"], "body": m["Body"],
                         "attributes": {}, "messageAttributes": {}, "md5OfBody": "", "eventSource": "aws:sqs",
                         "awsRegion": "us-east-1", "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:w"}
                        for m in messages]}


def test_every_call_of_queueing_sending_failing_and_recovering_is_granted(
        aws: AwsWorld, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    queue = aws.sqs.create_queue(QueueName="webhooks")["QueueUrl"]
    dead = aws.sqs.create_queue(QueueName="webhooks-dead")["QueueUrl"]
    monkeypatch.setenv("WEBHOOK_QUEUE_URL", queue)
    monkeypatch.setenv("WEBHOOK_DLQ_URL", dead)
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    statuses, got = [500, 200], []

    def post(url: str, address: str, body: bytes, headers: Mapping[str, str]) -> int:
        got.append((body, dict(headers)))
        return statuses.pop(0)

    container.install(container.given())  # the queue and the sender built from this test's environment
    log = OperationLog()
    log.watch(container.dynamodb())
    player = container.players().create("Ada")
    secret = container.players().update_profile(player.key, Changes(webhook_url="https://hooks.example.org/a"),
                                                "https://api.example").webhook_secret
    pipeline.create_game(container.store(), [SeatSpec(name="A")], rng=random.Random(1),
                         players=[player.record.player_id])
    with log.running(NOTIFIER):
        records = StreamReader(aws.dynamodb).read()
        assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}
    sender = container.reactions().webhook_sender
    sender.post, sender.lookup, sender.backoff = post, lambda host, port: ["93.184.216.34"], ()
    for _ in range(2):  # the first one fails (to the dead letters, counted), the second one recovers
        taken = aws.sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=10)["Messages"]
        with log.running(SENDER):
            assert webhook_sender.lambda_handler(_sqs_event(taken), FakeContext()) == {"batchItemFailures": []}
        if not got[1:]:
            assert container.players().authenticate(player.key).webhook_failures == 1
            dead_letters = aws.sqs.receive_message(QueueUrl=dead)["Messages"]
            resent = {**json.loads(dead_letters[0]["Body"]), "attempt": 1}  # a resend, as docs/webhooks.md says
            aws.sqs.send_message(QueueUrl=queue, MessageBody=json.dumps(resent))
    assert len(got) == 2 and secret is not None
    assert all(Webhook(secret).verify(b, h) for b, h in got)  # the Standard Webhooks library, as a receiver
    assert container.players().authenticate(player.key).webhook_failures is None
    assert_within_policies(log)
    assert any(c.action == "dynamodb:UpdateItem" for c in log.used[SENDER])
    printed = capsys.readouterr()
    logs = printed.out + printed.err + "\n".join(r.getMessage() for r in caplog.records)
    assert "webhook" in logs, "the sender's log lines were read"
    assert secret not in logs and "#link=" not in logs and "hooks.example.org" not in logs
