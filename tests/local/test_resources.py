"""Intrinsics resolved to local names and ARNs (no AWS needed: the values are filled in by hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.local.resources import LocalResources
from devtools.local.sam import functions
from devtools.template import load_template

HERE = Path(__file__).parent


@pytest.fixture
def res() -> LocalResources:
    res = LocalResources(load_template(HERE / "fake_template.yaml"), "eu-west-1")
    res.refs |= {"Notes": "stack-Notes", "Topic": "arn:aws:sns:eu-west-1:123456789012:stack-Topic",
                 "DeadLetters": "http://localhost/123456789012/stack-DeadLetters"}
    res.attrs[("Notes", "StreamArn")] = "arn:aws:dynamodb:eu-west-1:123456789012:table/stack-Notes/stream/1"
    res.attrs[("DeadLetters", "Arn")] = "arn:aws:sqs:eu-west-1:123456789012:stack-DeadLetters"
    return res


def test_ref_getatt_sub_join_select_and_if(res: LocalResources) -> None:
    assert res.resolve({"Ref": "Notes"}) == "stack-Notes"
    assert res.resolve({"Ref": "Stage"}) == "test"  # a parameter's default
    assert res.resolve({"Fn::GetAtt": ["Notes", "StreamArn"]}).endswith("/stream/1")
    assert res.resolve({"Fn::GetAtt": "DeadLetters.Arn"}).endswith(":stack-DeadLetters")
    assert res.resolve({"Fn::Sub": "${AWS::StackName}/${Notes}/${DeadLetters.Arn}/${!Literal}"}) == (
        "distilled-local/stack-Notes/arn:aws:sqs:eu-west-1:123456789012:stack-DeadLetters/${Literal}")
    assert res.resolve({"Fn::Sub": ["${X}-${AWS::Region}", {"X": {"Ref": "Stage"}}]}) == "test-eu-west-1"
    assert res.resolve({"Fn::Join": ["-", ["a", {"Ref": "Stage"}]]}) == "a-test"
    assert res.resolve({"Fn::Select": [1, ["a", "b"]]}) == "b"
    assert res.resolve({"Fn::If": ["IsProd", "p", {"Ref": "AWS::NoValue"}]}) is not None
    assert res.resolve({"A": {"Ref": "AWS::NoValue"}, "B": 1}) == {"B": 1}


def test_unknown_references_are_refused(res: LocalResources) -> None:
    with pytest.raises(ValueError, match="Nope"):
        res.resolve({"Ref": "Nope"})
    with pytest.raises(ValueError, match=r"Notes\.Arn"):
        res.resolve({"Fn::GetAtt": ["Notes", "Arn"]})


def test_a_functions_environment_is_globals_plus_its_own(res: LocalResources) -> None:
    spec = functions(res.template, HERE)["Notifier"]
    assert res.environment(spec.environment) == {
        "TABLE_NAME": "stack-Notes", "STAGE": "test-eu-west-1",
        "TOPIC_ARN": "arn:aws:sns:eu-west-1:123456789012:stack-Topic",
        "DLQ_URL": "http://localhost/123456789012/stack-DeadLetters",
    }
