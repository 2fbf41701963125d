"""Local push: the three SNS platform applications made in the embedded moto, their ARNs given to the functions
that declare them, and what the notifier published to devices' endpoints listed in the outbox (topic `push`).

moto keeps each platform endpoint's messages (in this process); the push box reads them after each stream
poll, as the mailbox reads SES's. A failure can be injected with DISTILLED_LOCAL_PUSH_FAULT before `make serve`:
`disabled` makes every endpoint refuse as a disabled one does (the notifier then deletes it and prunes the
device), `error` makes every push fail with an SNS internal error (the record fails and the stream retries).
Endpoints live in moto's memory only: after a restart with --data, the devices' endpoints are gone, and the
first push to each prunes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from devtools.local.outbox import Entry
from devtools.local.streams import now_iso

ACCOUNT = "123456789012"  # moto's
FAULT_ENV = "DISTILLED_LOCAL_PUSH_FAULT"
APPLICATIONS = {"APNS_APPLICATION_ARN": "APNS", "APNS_SANDBOX_APPLICATION_ARN": "APNS_SANDBOX",
                "FCM_APPLICATION_ARN": "GCM"}
_original_publish: Any = None


def platform_applications(sns: Any, name: str = "distilled-local") -> dict[str, str]:
    """One application per platform; the environment variable that names each -> its ARN."""
    return {variable: str(sns.create_platform_application(Name=name, Platform=platform,
                                                          Attributes={})["PlatformApplicationArn"])
            for variable, platform in APPLICATIONS.items()}


def push_environment(variables: dict[str, Any], applications: dict[str, str]) -> dict[str, str]:
    """The applications of a function that declares them (the template's parameters are empty by default)."""
    return {k: v for k, v in applications.items() if k in variables}


def inject_fault(kind: str | None) -> None:
    """Make every publish to an endpoint fail (`disabled` or `error`); None or "": publish as moto does."""
    global _original_publish
    from moto.sns import exceptions, models

    if _original_publish is None:
        _original_publish = models.PlatformEndpoint.publish
    if not kind:
        models.PlatformEndpoint.publish = _original_publish  # type: ignore[method-assign]
        return
    if kind not in ("disabled", "error"):
        raise ValueError(f"{FAULT_ENV} must be 'disabled' or 'error', not {kind!r}")

    def failing(self: Any, message: str) -> str:
        if kind == "disabled":
            raise exceptions.SnsEndpointDisabled("Endpoint is disabled")
        raise exceptions.InternalError("injected by the local server")

    models.PlatformEndpoint.publish = failing  # type: ignore[method-assign]


def entry_from_push(message_id: str, endpoint_arn: str, platform: str, raw: str) -> Entry:
    """The outbox entry of one push: its platform, title and text, and the notice's public fields."""
    structure = json.loads(raw)
    payload = json.loads(structure.get(platform) or "{}")
    if platform == "GCM":
        alert, data = payload.get("notification") or {}, payload.get("data") or {}
    else:
        alert = (payload.get("aps") or {}).get("alert") or {}
        data = {k: v for k, v in payload.items() if k != "aps"}
    notice: dict[str, Any] = {"kind": "push", "platform": platform, "endpoint": endpoint_arn,
                              "title": alert.get("title"), "text": alert.get("body"), "data": data,
                              "game_id": data.get("game_id"), "notice": data.get("kind")}
    for field in ("seat", "version", "round"):
        if str(data.get(field, "")).isdigit():
            notice[field] = int(data[field])
    return {"id": message_id, "received_at": now_iso(), "topic": "push", "subject": alert.get("title"),
            "message": notice, "attributes": {}}


class PushBox:
    def __init__(self, endpoints: Callable[[], dict[str, Any]]) -> None:
        """`endpoints`: moto's platform endpoints by ARN (each keeps its messages, oldest first)."""
        self._endpoints = endpoints
        self._taken: set[str] = set()

    def collect(self) -> list[Entry]:
        """The pushes published since the last call."""
        fresh = []
        for arn, endpoint in list(self._endpoints().items()):
            for message_id, raw in list(endpoint.messages.items()):
                if message_id not in self._taken:
                    self._taken.add(message_id)
                    fresh.append(entry_from_push(message_id, arn, endpoint.application.platform, raw))
        return fresh


def moto_endpoints(region: str) -> Callable[[], dict[str, Any]]:
    def found() -> dict[str, Any]:
        from moto.backends import get_backend

        return dict(get_backend("sns")[ACCOUNT][region].platform_endpoints)

    return found
