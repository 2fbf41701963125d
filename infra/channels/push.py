"""Mobile push out: the `PushSender` contract, its SNS implementation (platform endpoints) and an in-memory fake.

One SNS `Publish` per device, `MessageStructure=json`: a `default` text plus one payload per platform key, so
the same call suits an APNs or an FCM endpoint (SNS picks the key of the endpoint's platform). An endpoint
that is gone (disabled by APNs/FCM after the app was removed, or deleted) raises `EndpointGone`: the planner
then deletes it and drops the device from its player.
"""

from __future__ import annotations

import json
import threading
from typing import Any, Protocol

from botocore.exceptions import ClientError

from domain.records import field, record
from infra.push_endpoints import APNS, APNS_SANDBOX, GCM

__all__ = ["APNS", "APNS_SANDBOX", "GCM", "EndpointGone", "MemoryPushSender", "Push", "PushSender", "SnsPushSender"]


@record(frozen=True)
class Push:
    endpoint_arn: str
    platform: str  # APNS, APNS_SANDBOX or GCM
    title: str
    body: str
    data: dict[str, str]  # public fields only: what the app needs to open the game with its own credentials
    key: str  # the idempotency key (in `data` too, so that the app can drop a repeat)


class EndpointGone(Exception):
    """The device's endpoint no longer takes messages: prune it."""


class PushSender(Protocol):
    def send(self, push: Push) -> None: ...

    def delete_endpoint(self, endpoint_arn: str) -> None: ...


def platform_payload(push: Push) -> dict[str, Any]:
    """The payload of the push's own platform."""
    if push.platform in (APNS, APNS_SANDBOX):
        # Custom keys sit beside `aps`, never inside it (Apple reserves it).
        return {"aps": {"alert": {"title": push.title, "body": push.body}, "sound": "default",
                        "thread-id": push.data.get("game_id", "")}, **push.data}
    return {"notification": {"title": push.title, "body": push.body}, "data": dict(push.data)}


def message(push: Push) -> str:
    """SNS's JSON message structure: each platform's payload is itself JSON text."""
    return json.dumps({"default": f"{push.title}: {push.body}",
                       push.platform: json.dumps(platform_payload(push), ensure_ascii=False)}, ensure_ascii=False)


def gone(error: ClientError) -> bool:
    """Whether SNS refused because of the endpoint itself (not the message)."""
    code = str(error.response.get("Error", {}).get("Code", ""))
    text = str(error.response.get("Error", {}).get("Message", "")).lower()
    return code in ("EndpointDisabled", "NotFound") or (
        code == "InvalidParameter" and ("endpoint" in text or "targetarn" in text))


class SnsPushSender:
    def __init__(self, client: Any) -> None:
        self.client = client

    def send(self, push: Push) -> None:
        try:
            self.client.publish(TargetArn=push.endpoint_arn, MessageStructure="json", Message=message(push))
        except ClientError as error:
            if gone(error):
                raise EndpointGone(push.endpoint_arn) from None
            raise

    def delete_endpoint(self, endpoint_arn: str) -> None:
        self.client.delete_endpoint(EndpointArn=endpoint_arn)  # deleting a deleted endpoint succeeds


@record
class MemoryPushSender:
    """Every push sent, in order; endpoints listed in `gone` refuse (tests, benches)."""

    sent: list[Push] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)
    deleted: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, push: Push) -> None:
        with self.lock:
            if push.endpoint_arn in self.gone or push.endpoint_arn in self.deleted:
                raise EndpointGone(push.endpoint_arn)
            self.sent.append(push)

    def delete_endpoint(self, endpoint_arn: str) -> None:
        with self.lock:
            self.deleted.append(endpoint_arn)

