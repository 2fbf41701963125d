"""The push channel: per-platform payloads, SNS Publish to platform endpoints (moto), gone endpoints told apart
from other failures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from infra.channels.push import APNS, APNS_SANDBOX, GCM, EndpointGone, Push, SnsPushSender, gone, message
from infra.push_endpoints import EndpointRefused, SnsEndpoints

REGION = "eu-west-1"
DATA = {"kind": "your_turn", "game_id": "g1", "version": "7", "seat": "1", "dedup_key": "g1:7:1:push"}


def push(arn: str = "arn:aws:sns:eu-west-1:123456789012:endpoint/APNS/app/x", platform: str = APNS) -> Push:
    return Push(arn, platform, "Your turn", "Game g1 · Round 2 · Market", dict(DATA), "g1:7:1:push")


@pytest.mark.parametrize("platform", [APNS, APNS_SANDBOX])
def test_apns_payloads_put_the_alert_in_aps_and_the_data_beside_it(platform: str) -> None:
    sent = json.loads(message(push(platform=platform)))
    assert set(sent) == {"default", platform}
    payload = json.loads(sent[platform])
    assert payload["aps"]["alert"] == {"title": "Your turn", "body": "Game g1 · Round 2 · Market"}
    assert payload["aps"]["thread-id"] == "g1"
    assert {k: payload[k] for k in DATA} == DATA


def test_fcm_payloads_carry_a_notification_and_string_data() -> None:
    payload = json.loads(json.loads(message(push(platform=GCM)))[GCM])
    assert payload == {"notification": {"title": "Your turn", "body": "Game g1 · Round 2 · Market"}, "data": DATA}
    assert all(isinstance(v, str) for v in payload["data"].values())


@pytest.fixture
def sns() -> Iterator[Any]:
    with mock_aws():
        yield boto3.client("sns", region_name=REGION)


def app(sns: Any, platform: str = "APNS") -> str:
    return str(sns.create_platform_application(Name="distilled", Platform=platform,
                                               Attributes={})["PlatformApplicationArn"])


def sent_to(arn: str) -> list[dict[str, Any]]:
    from moto.backends import get_backend

    endpoint = get_backend("sns")["123456789012"][REGION].platform_endpoints[arn]
    return [json.loads(m) for m in endpoint.messages.values()]


def test_a_push_is_published_to_its_endpoint_with_the_json_structure(sns: Any) -> None:
    arn = SnsEndpoints(sns).create(app(sns), "ab" * 32, "p1")
    assert ":endpoint/APNS/distilled/" in arn
    SnsPushSender(sns).send(push(arn))
    (sent,) = sent_to(arn)
    assert json.loads(sent[APNS])["aps"]["alert"]["title"] == "Your turn"


def test_a_disabled_or_deleted_endpoint_is_gone(sns: Any) -> None:
    endpoints, sender = SnsEndpoints(sns), SnsPushSender(sns)
    disabled = endpoints.create(app(sns), "ab" * 32, "p1")
    sns.set_endpoint_attributes(EndpointArn=disabled, Attributes={"Enabled": "false"})
    with pytest.raises(EndpointGone):
        sender.send(push(disabled))
    deleted = endpoints.create(app(sns, "GCM"), "fcm-token-0123456789abc", "p1")
    sender.delete_endpoint(deleted)
    sender.delete_endpoint(deleted)  # deleting twice is fine
    with pytest.raises(EndpointGone):
        sender.send(push(deleted, GCM))


def error(code: str, text: str) -> ClientError:
    return ClientError({"Error": {"Code": code, "Message": text}}, "Publish")


def test_only_endpoint_errors_count_as_gone() -> None:
    assert gone(error("EndpointDisabled", "Endpoint is disabled"))
    assert gone(error("NotFound", "Endpoint does not exist"))
    assert gone(error("InvalidParameter", "Invalid parameter: TargetArn Reason: No endpoint found"))
    assert not gone(error("InvalidParameter", "Invalid parameter: Message too long"))
    assert not gone(error("Throttling", "Rate exceeded"))


def test_a_refused_token_never_travels_in_the_error(sns: Any) -> None:
    application = app(sns)
    SnsEndpoints(sns).create(application, "ab" * 32, "p1")
    with pytest.raises(EndpointRefused) as refused:  # the same token under another player: SNS refuses
        SnsEndpoints(sns).create(application, "ab" * 32, "p2")
    assert "ab" * 32 not in str(refused.value)
