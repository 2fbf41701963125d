"""Devices' SNS platform endpoints: made when a device is registered, deleted when it is removed. Apart from the
push channel (infra/channels/push.py, the notifier's): the players' API functions import this, never a channel,
and botocore only when they call SNS."""

from __future__ import annotations

import threading
from typing import Any, Protocol

from domain.records import field, record

APNS, APNS_SANDBOX, GCM = "APNS", "APNS_SANDBOX", "GCM"  # SNS's platform names (and message keys)


class Endpoints(Protocol):
    """The platform endpoints of devices: made when a device is registered, deleted when it goes."""

    def create(self, application_arn: str, token: str, user_data: str) -> str: ...

    def delete(self, endpoint_arn: str) -> None: ...


class EndpointRefused(Exception):
    """SNS refused the device token (malformed for the platform, or registered with other attributes)."""


class SnsEndpoints:
    def __init__(self, client: Any) -> None:
        self.client = client

    def create(self, application_arn: str, token: str, user_data: str) -> str:
        from botocore.exceptions import ClientError

        try:
            made = self.client.create_platform_endpoint(PlatformApplicationArn=application_arn, Token=token,
                                                        CustomUserData=user_data)
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") == "InvalidParameter":
                raise EndpointRefused() from None  # its message quotes the token: never passed on
            raise
        return str(made["EndpointArn"])

    def delete(self, endpoint_arn: str) -> None:
        self.client.delete_endpoint(EndpointArn=endpoint_arn)


@record
class MemoryEndpoints:
    """Endpoints by ARN, one per (application, token) as SNS keeps them; `tokens` is for tests only."""

    tokens: dict[str, str] = field(default_factory=dict)  # endpoint ARN -> token
    lock: threading.Lock = field(default_factory=threading.Lock)

    def create(self, application_arn: str, token: str, user_data: str) -> str:
        with self.lock:
            for arn, known in self.tokens.items():
                if known == token and arn.startswith(application_arn.replace(":app/", ":endpoint/") + "/"):
                    return arn
            arn = f"{application_arn.replace(':app/', ':endpoint/')}/e{len(self.tokens) + 1:04d}"
            self.tokens[arn] = token
            return arn

    def delete(self, endpoint_arn: str) -> None:
        with self.lock:
            self.tokens.pop(endpoint_arn, None)
