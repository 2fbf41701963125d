"""Least privilege for push: endpoints are made on the three platform applications only (by the device route),
published to and deleted on those applications' endpoints only (notifier, release, device removal), and the
notifier may rewrite a player's devices but nothing else of it."""

from __future__ import annotations

from fnmatch import fnmatch
from typing import Any

import pytest

from devtools.local.resources import LocalResources
from devtools.template import load_template
from tests.service.iam import Call, allowed, statements
from tests.service.test_iam import NOTIFIER, put

ACCOUNT = "123456789012"
APPS = {"ApnsApplicationArn": f"arn:aws:sns:us-east-1:{ACCOUNT}:app/APNS/distilled",
        "ApnsSandboxApplicationArn": f"arn:aws:sns:us-east-1:{ACCOUNT}:app/APNS_SANDBOX/distilled-dev",
        "FcmApplicationArn": f"arn:aws:sns:us-east-1:{ACCOUNT}:app/GCM/distilled"}
REGISTER = "functions/players/register_device.lambda_handler"
REMOVE = "functions/players/remove_device.lambda_handler"
RELEASE = "functions/release_held.lambda_handler"


def sns_grants(handler: str, parameters: dict[str, str]) -> dict[str, list[str]]:
    """Each SNS action the function is granted -> the resources, as deployed with these parameters."""
    resources = LocalResources(load_template(), "us-east-1")
    resources.refs.update(parameters)
    found: dict[str, list[str]] = {}
    for statement in statements(handler):
        actions = [a for a in statement["Action"] if a.startswith("sns:")]
        for action in actions:
            named = resources.resolve(statement["Resource"])
            found.setdefault(action, []).extend(named if isinstance(named, list) else [named])
    return found


def test_endpoints_are_made_on_the_configured_applications_only() -> None:
    assert sns_grants(REGISTER, APPS) == {"sns:CreatePlatformEndpoint": list(APPS.values())}
    for handler in (NOTIFIER, RELEASE, REMOVE):
        assert "sns:CreatePlatformEndpoint" not in sns_grants(handler, APPS), handler


@pytest.mark.parametrize("handler", [NOTIFIER, RELEASE])
def test_pushes_go_to_the_applications_endpoints_only(handler: str) -> None:
    grants = sns_grants(handler, APPS)
    assert set(grants) >= {"sns:Publish", "sns:DeleteEndpoint"}
    publish = grants["sns:Publish"]
    assert publish == [f"{arn.replace(':app/', ':endpoint/')}/*" for arn in APPS.values()]
    mine = f"arn:aws:sns:us-east-1:{ACCOUNT}:endpoint/APNS/distilled/0d5c-4a"
    assert any(fnmatch(mine, p) for p in publish)
    for other in (f"arn:aws:sns:us-east-1:{ACCOUNT}:endpoint/APNS/someone-else/1",
                  f"arn:aws:sns:us-east-1:{ACCOUNT}:turns"):
        assert not any(fnmatch(other, p) for p in publish), other


def test_a_platform_left_empty_grants_nothing_real() -> None:
    grants = sns_grants(REGISTER, {name: "" for name in APPS})["sns:CreatePlatformEndpoint"]
    assert len(grants) == 3 and all(g.endswith("/unset.invalid") for g in grants)
    publish = sns_grants(NOTIFIER, {name: "" for name in APPS})["sns:Publish"]
    assert all(p.endswith("/unset.invalid/*") for p in publish)


def test_device_removal_deletes_endpoints_and_publishes_nothing() -> None:
    assert set(sns_grants(REMOVE, APPS)) == {"sns:DeleteEndpoint"}


def test_the_notifier_may_prune_devices_but_not_rewrite_a_player() -> None:
    prune = Call("dynamodb:UpdateItem", leading_keys=("PLAYER#p1",),
                 attributes=("devices", "pk", "revision", "sk", "updated_at"))
    assert allowed(NOTIFIER, prune) and allowed(RELEASE, prune)
    assert not allowed(NOTIFIER, Call("dynamodb:UpdateItem", leading_keys=("PLAYER#p1",),
                                      attributes=("key_sha256", "pk", "sk")))
    assert not allowed(NOTIFIER, Call("dynamodb:UpdateItem", leading_keys=("PLAYER#p1",),
                                      attributes=("devices", "pk", "sk"), return_values="ALL_OLD"))
    assert not allowed(NOTIFIER, put("PLAYER#p1")) and not allowed(RELEASE, put("PLAYER#p1"))
    assert allowed(NOTIFIER, put("HELD#g1")) and allowed(RELEASE, put("HELD#g1"))
    # The notifier's e-mail takes (deletes) the answer to a reply held for it (service/replies/fold.py).
    assert allowed(NOTIFIER, Call("dynamodb:DeleteItem", leading_keys=("HELD#g1",), return_values="ALL_OLD"))
    assert allowed(RELEASE, Call("dynamodb:DeleteItem", leading_keys=("HELD#g1",), return_values="ALL_OLD"))
    assert not allowed(NOTIFIER, Call("dynamodb:DeleteItem", leading_keys=("PLAYER#p1",)))


def test_the_release_runs_on_a_schedule_with_a_dead_letter_queue_and_alarms() -> None:
    resources: dict[str, Any] = load_template()["Resources"]
    release = resources["ReleaseHeldFunction"]["Properties"]
    (event,) = release["Events"].values()
    assert event["Type"] == "Schedule" and event["Properties"]["Schedule"] == "rate(5 minutes)"
    assert event["Properties"]["DeadLetterConfig"]["Arn"] == {"Fn::GetAtt": ["ReleaseHeldDeadLetterQueue", "Arn"]}
    alarms = [r["Properties"] for r in resources.values() if r["Type"] == "AWS::CloudWatch::Alarm"]
    watched = {json_of(a["Dimensions"][0]["Value"]) for a in alarms}
    assert {"ReleaseHeldFunction", "ReleaseHeldDeadLetterQueue"} <= watched


def json_of(value: Any) -> str:
    return str(value.get("Ref") or value.get("Fn::GetAtt", [""])[0]) if isinstance(value, dict) else str(value)
