"""The local push box: platform applications for the functions that declare them, pushes read from moto's
endpoints into outbox entries once each, and the injected faults."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from devtools.local.outbox import Outbox
from devtools.local.push import PushBox, inject_fault, moto_endpoints, platform_applications, push_environment
from infra.channels.push import GCM, EndpointGone, Push, SnsPushSender
from infra.push_endpoints import SnsEndpoints

REGION = "us-east-1"
DATA = {"kind": "your_turn", "game_id": "g1", "version": "4", "seat": "2", "round": "1", "dedup_key": "k"}


class NoSqs:
    def receive_message(self, **_: object) -> dict[str, object]:
        return {}


@pytest.fixture
def sns() -> Iterator[Any]:
    with mock_aws():
        yield boto3.client("sns", region_name=REGION)
    inject_fault(None)


def test_pushes_become_outbox_entries_once_each(sns: Any) -> None:
    apps = platform_applications(sns)
    assert push_environment({"FCM_APPLICATION_ARN": {"Ref": "FcmApplicationArn"}, "X": 1}, apps) == {
        "FCM_APPLICATION_ARN": apps["FCM_APPLICATION_ARN"]}
    arn = SnsEndpoints(sns).create(apps["FCM_APPLICATION_ARN"], "fcm-token-0123456789abcdef", "p1")
    outbox = Outbox()
    outbox.sources.append(PushBox(moto_endpoints(REGION)).collect)
    SnsPushSender(sns).send(Push(arn, GCM, "Your turn", "Game g1 · Round 1", dict(DATA), "k"))
    assert outbox.drain(NoSqs(), "queue") == 1
    assert outbox.drain(NoSqs(), "queue") == 0
    (entry,) = outbox.entries()
    assert entry["topic"] == "push"
    message = entry["message"]
    assert (message["platform"], message["game_id"], message["seat"], message["version"]) == (GCM, "g1", 2, 4)
    assert (message["title"], message["text"], message["notice"]) == ("Your turn", "Game g1 · Round 1", "your_turn")


def test_injected_faults_fail_pushes_as_sns_would(sns: Any) -> None:
    apps = platform_applications(sns)
    arn = SnsEndpoints(sns).create(apps["APNS_APPLICATION_ARN"], "ab" * 32, "p1")
    push = Push(arn, "APNS", "t", "b", dict(DATA), "k")
    inject_fault("disabled")
    with pytest.raises(EndpointGone):
        SnsPushSender(sns).send(push)
    inject_fault("error")
    with pytest.raises(ClientError):
        SnsPushSender(sns).send(push)
    inject_fault(None)
    SnsPushSender(sns).send(push)
    with pytest.raises(ValueError, match="DISTILLED_LOCAL_PUSH_FAULT"):
        inject_fault("sometimes")
