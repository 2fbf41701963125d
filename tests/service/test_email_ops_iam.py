"""Least privilege for e-mail operations: each function may touch only its own kinds of items (LeadingKeys), the
unsubscribe page none at all; the e-mail dead-letter queue is the notifier's to write; every dead-letter queue
has an alarm, told to the optional AlarmTopicArn; SES's event destination exists only with a configuration set."""

from __future__ import annotations

from typing import Any

from devtools.template import load_template
from functions import container
from functions.mail import unsubscribe
from infra.players.base import address_hash
from tests.functions.test_player_handlers import created, gw
from tests.service.gateway import FakeContext, Gateway
from tests.service.iam import Call, allowed, assert_within_policies, statements
from tests.service.support import AwsWorld
from tests.service.test_iam import NOTIFIER, put

__all__ = ["gw"]
FEEDBACK = "functions/email_feedback.lambda_handler"
UNSUBSCRIBE = "functions/mail/unsubscribe.lambda_handler"
PAGE = "functions/mail/unsubscribe_page.lambda_handler"


def get(pk: str) -> Call:
    return Call("dynamodb:GetItem", leading_keys=(pk,))


def test_each_email_function_touches_only_its_own_items() -> None:
    assert allowed(NOTIFIER, put("UNSUB#h")), "the notifier mints the unsubscribe grants"
    for pk in ("SUPPRESS#h", "PLAYER#p1", "ADDRESS#h"):
        assert not allowed(NOTIFIER, put(pk)), f"the notifier could write {pk}"
    for pk in ("PLAYER#p1", "SUPPRESS#h"):
        assert allowed(FEEDBACK, put(pk)) and allowed(UNSUBSCRIBE, put(pk))
    for pk in ("GAME#g", "UNSUB#h", "LINK#h", "SESSION#s", "NOTICE#g", "ADDRESS#h"):
        assert not allowed(FEEDBACK, put(pk)) and not allowed(UNSUBSCRIBE, put(pk)), pk
    assert allowed(UNSUBSCRIBE, get("UNSUB#h")) and not allowed(FEEDBACK, get("UNSUB#h"))
    assert allowed(FEEDBACK, get("ADDRESS#h")) and not allowed(UNSUBSCRIBE, get("ADDRESS#h"))
    assert not allowed(FEEDBACK, get("GAME#g")) and not allowed(UNSUBSCRIBE, get("GAME#g"))
    assert statements(PAGE) == [], "a GET must change nothing: the page has no grants at all"


def test_the_unsubscribe_post_makes_only_granted_calls(gw: Gateway, aws: AwsWorld) -> None:
    player_id, key = created(gw)
    token = container.reactions().unsubscribes.grant(player_id, address_hash("ada@example.org"))
    contact = container.reactions().unsubscribes.grant(None, address_hash("seat@example.org"))
    event = {"pathParameters": {"token": token}, "body": "List-Unsubscribe=One-Click", "headers": {}}
    with gw.operations.running(UNSUBSCRIBE):
        assert unsubscribe.lambda_handler(event, FakeContext("UnsubscribeFunction"))["statusCode"] == 200
        assert unsubscribe.lambda_handler({**event, "pathParameters": {"token": contact}},
                                          FakeContext("UnsubscribeFunction"))["statusCode"] == 200
    assert gw.get("/players/me", token=key).body["preferences"]["email_enabled"] is False
    assert container.reactions().mail_state.suppressed(address_hash("seat@example.org")) == "unsubscribed"
    assert_within_policies(gw.operations)


def _resources(kind: str) -> dict[str, Any]:
    return {k: r for k, r in load_template()["Resources"].items() if r["Type"] == kind}


def test_every_dead_letter_queue_has_an_alarm_told_to_the_optional_topic() -> None:
    queues = set(_resources("AWS::SQS::Queue"))
    assert {"NotifierDeadLetterQueue", "EmailDeadLetterQueue"} <= queues
    alarmed = {}
    told = {"Fn::If": ["HasAlarmTopic", [{"Ref": "AlarmTopicArn"}], {"Ref": "AWS::NoValue"}]}
    for name, alarm in _resources("AWS::CloudWatch::Alarm").items():
        props = alarm["Properties"]
        assert props["AlarmActions"] == told, name  # every alarm, not only the queues', tells the topic
        (dimension,) = props["Dimensions"]
        if dimension["Name"] == "QueueName":
            alarmed[dimension["Value"]["Fn::GetAtt"][0]] = props
    for queue in (q for q in queues if "DeadLetter" in q):
        props = alarmed[queue]
        assert props["MetricName"] == "ApproximateNumberOfMessagesVisible" and props["Threshold"] == 0
        assert props["ComparisonOperator"] == "GreaterThanThreshold"
    sends = [s for s in statements(NOTIFIER) if s["Action"] == ["sqs:SendMessage"]]
    assert {"Fn::GetAtt": ["EmailDeadLetterQueue", "Arn"]} in [s["Resource"] for s in sends]


def test_ses_feedback_flows_from_the_configuration_set_to_the_function() -> None:
    template = load_template()
    (destination,) = _resources("AWS::SES::ConfigurationSetEventDestination").values()
    assert destination["Condition"] == "HasConfigurationSet"
    props = destination["Properties"]
    assert props["ConfigurationSetName"] == {"Ref": "SesConfigurationSet"}
    assert sorted(props["EventDestination"]["MatchingEventTypes"]) == ["bounce", "complaint"]
    assert props["EventDestination"]["SnsDestination"]["TopicARN"] == {"Ref": "EmailFeedbackTopic"}
    (policy,) = _resources("AWS::SNS::TopicPolicy").values()
    (grant,) = policy["Properties"]["PolicyDocument"]["Statement"]
    assert grant["Principal"] == {"Service": "ses.amazonaws.com"} and grant["Action"] == "sns:Publish"
    assert "AWS:SourceAccount" in grant["Condition"]["StringEquals"]
    events = template["Resources"]["EmailFeedbackFunction"]["Properties"]["Events"]
    assert [e["Properties"]["Topic"] for e in events.values()] == [{"Ref": "EmailFeedbackTopic"}]
