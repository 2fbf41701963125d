"""Push devices through their handlers under moto's SNS platform applications: registering (per platform token
shapes, the platform switched off, the device limit), what the profile shows, removal, and that a refused
request writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from functions import container
from tests.service.gateway import Gateway
from tests.service.iam import assert_within_policies
from tests.service.support import REGION, AwsWorld

APNS_TOKEN = "ab" * 32
FCM_TOKEN = "fcm:APA91bH-exampletoken_0123456789"


@pytest.fixture
def sns(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    client = boto3.client("sns", region_name=REGION)
    apns = client.create_platform_application(Name="distilled", Platform="APNS", Attributes={})
    fcm = client.create_platform_application(Name="distilled", Platform="GCM", Attributes={})
    monkeypatch.setenv("APNS_APPLICATION_ARN", apns["PlatformApplicationArn"])
    monkeypatch.setenv("FCM_APPLICATION_ARN", fcm["PlatformApplicationArn"])
    monkeypatch.delenv("APNS_SANDBOX_APPLICATION_ARN", raising=False)
    container.install(container.given())  # the devices' platform applications read from this environment
    yield client


@pytest.fixture
def gw(sns: Any) -> Gateway:
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def player(gw: Gateway) -> str:
    reply = gw.post("/players", {"name": "Ada"})
    assert reply.status == 201
    return str(reply.body["key"])


def endpoints(sns: Any) -> list[str]:
    apps = [a["PlatformApplicationArn"] for a in sns.list_platform_applications()["PlatformApplications"]]
    return [e["EndpointArn"] for a in apps
            for e in sns.list_endpoints_by_platform_application(PlatformApplicationArn=a)["Endpoints"]]


def test_a_device_is_registered_shown_without_its_token_and_removed(gw: Gateway, sns: Any) -> None:
    key = player(gw)
    made = gw.post("/players/me/devices", {"platform": "apns", "token": APNS_TOKEN}, token=key)
    assert made.status == 201, made.body
    device = made.body["device"]
    assert set(device) == {"device_id", "platform", "added_at"} and device["platform"] == "apns"
    assert APNS_TOKEN not in made.text and ":endpoint/" not in made.text
    (arn,) = endpoints(sns)
    assert sns.get_endpoint_attributes(EndpointArn=arn)["Attributes"]["Token"] == APNS_TOKEN
    again = gw.post("/players/me/devices", {"platform": "apns", "token": APNS_TOKEN}, token=key)
    assert again.status == 201 and again.body["device"] == device  # the same endpoint: the same device
    fcm = gw.post("/players/me/devices", {"platform": "fcm", "token": FCM_TOKEN}, token=key)
    me = gw.get("/players/me", token=key)
    assert [d["platform"] for d in me.body["devices"]] == ["apns", "fcm"]
    assert FCM_TOKEN not in me.text and APNS_TOKEN not in me.text
    removed = gw.request("DELETE", f"/players/me/devices/{device['device_id']}", token=key)
    assert removed.status == 200 and removed.body["devices"] == [fcm.body["device"]]
    assert endpoints(sns) != [] and arn not in endpoints(sns)
    gone = gw.request("DELETE", f"/players/me/devices/{device['device_id']}", token=key)
    assert (gone.status, gone.code) == (404, "device_not_found")
    assert_within_policies(gw.operations)


@pytest.mark.parametrize(("platform", "token"), [
    ("apns", "zz" * 32), ("apns", "ab" * 8), ("apns", "abc" * 21), ("fcm", "short"), ("fcm", "has space " * 3),
    ("apns_sandbox", "not hex at all, not at all, no"),
])
def test_a_token_of_the_wrong_shape_is_refused_and_nothing_is_written(gw: Gateway, sns: Any, platform: str,
                                                                      token: str) -> None:
    key = player(gw)
    refused = gw.post("/players/me/devices", {"platform": platform, "token": token}, token=key)
    assert (refused.status, refused.code) == (422, "invalid_token")
    assert refused.body["error"]["details"]["errors"][0]["loc"] == ["body", "token"]
    assert token not in refused.text
    assert endpoints(sns) == [] and gw.get("/players/me", token=key).body["revision"] == 1


def test_a_platform_without_an_application_is_unavailable(gw: Gateway, sns: Any) -> None:
    key = player(gw)
    refused = gw.post("/players/me/devices", {"platform": "apns_sandbox", "token": APNS_TOKEN}, token=key)
    assert (refused.status, refused.code) == (422, "platform_unavailable")
    assert endpoints(sns) == [] and gw.get("/players/me", token=key).body["devices"] == []


def test_bodies_and_keys_are_checked(gw: Gateway) -> None:
    key = player(gw)
    assert gw.post("/players/me/devices", {"platform": "webpush", "token": APNS_TOKEN}, token=key).status == 422
    assert gw.post("/players/me/devices", {"platform": "apns", "token": APNS_TOKEN, "x": 1}, token=key).status == 422
    assert gw.post("/players/me/devices", {"platform": "apns", "token": APNS_TOKEN}).status == 401
    assert gw.request("DELETE", "/players/me/devices/dnothere", token=key + "x").status == 401
    assert gw.request("DELETE", "/players/me/devices/..%2F", token=key).status == 404


def test_at_most_five_devices(gw: Gateway, sns: Any) -> None:
    key = player(gw)
    for n in range(5):
        assert gw.post("/players/me/devices", {"platform": "apns", "token": f"{n:02x}" * 32}, token=key).status == 201
    refused = gw.post("/players/me/devices", {"platform": "apns", "token": "ff" * 32}, token=key)
    assert (refused.status, refused.code) == (409, "too_many_devices")
    assert len(endpoints(sns)) == 5 and len(gw.get("/players/me", token=key).body["devices"]) == 5


def test_quiet_hours_are_set_shown_refused_by_name_and_cleared(gw: Gateway) -> None:
    key = player(gw)
    set_ = gw.request("PATCH", "/players/me", {"quiet_hours": {"start": "22:30", "end": "07:00"}}, token=key)
    assert set_.status == 200 and set_.body["quiet_hours"] == {"start": "22:30", "end": "07:00"}
    for bad in ({"start": "25:00", "end": "07:00"}, {"start": "07:00", "end": "07:00"}, {"start": "7"}):
        refused = gw.request("PATCH", "/players/me", {"quiet_hours": bad}, token=key)
        assert refused.status == 422, bad
    assert gw.get("/players/me", token=key).body["revision"] == 2  # nothing written by a refusal
    cleared = gw.request("PATCH", "/players/me", {"quiet_hours": None}, token=key)
    assert cleared.status == 200 and cleared.body["quiet_hours"] is None
