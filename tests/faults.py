"""Slow and failing AWS calls on a fake clock: botocore's real retry machinery runs, no second really passes.

`Faults(client, clock)` answers chosen operations before anything is sent (moto included): a timeout moves
the clock by the client's own connect or read timeout, botocore's backoff sleeps move it by the delay it
chose. A `ClockedContext` is a Lambda context whose remaining time is read from the same clock.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import botocore.endpoint
import pytest
from botocore.awsrequest import AWSResponse
from botocore.exceptions import ConnectTimeoutError, ReadTimeoutError

from devtools.local.apigw import LambdaContext
from devtools.template import load_template


@dataclass
class FakeClock:
    now: float = 0.0

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    def install(self, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
        """botocore's backoff between attempts sleeps on this clock."""
        monkeypatch.setattr(botocore.endpoint, "time", SimpleNamespace(sleep=self.sleep))
        return self

    def context(self, timeout: float = 10.0, function_name: str = "test-function") -> ClockedContext:
        return ClockedContext(function_name=function_name, timeout_seconds=int(timeout), clock=self,
                              deadline=self.now + timeout)


@dataclass
class ClockedContext(LambdaContext):
    clock: FakeClock = field(default_factory=FakeClock)
    deadline: float = 0.0

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self.deadline - self.clock.now) * 1000))


class _Body:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def stream(self, **_: Any) -> Iterator[bytes]:
        yield self.data


def error_response(url: str, status: int, code: str, headers: dict[str, str] | None = None) -> AWSResponse:
    body = json.dumps({"__type": f"com.amazonaws.dynamodb.v20120810#{code}", "message": "injected"}).encode()
    return AWSResponse(url, status, {"Content-Type": "application/x-amz-json-1.0", **(headers or {})}, _Body(body))


class Faults:
    """Every attempt of the chosen operations fails the chosen way; `sent` counts the attempts."""

    KINDS = ("slow", "unreachable", "throttled", "broken")

    def __init__(self, client: Any, clock: FakeClock, kind: str, operations: tuple[str, ...] = (),
                 headers: dict[str, str] | None = None) -> None:
        assert kind in self.KINDS, kind
        self.config, self.clock, self.kind = client.meta.config, clock, kind
        self.operations, self.headers, self.sent = operations, headers or {}, 0
        service = client.meta.service_model.service_id.hyphenize()
        # First, so it answers before moto's stubber could carry the request out.
        client.meta.events.register_first(f"before-send.{service}", self.answer, unique_id="test-faults")

    def answer(self, request: Any, event_name: str, **_: Any) -> AWSResponse | None:
        if self.operations and event_name.rsplit(".", 1)[-1] not in self.operations:
            return None
        self.sent += 1
        if self.kind == "slow":
            self.clock.sleep(self.config.read_timeout)
            raise ReadTimeoutError(endpoint_url=request.url)
        if self.kind == "unreachable":
            self.clock.sleep(self.config.connect_timeout)
            raise ConnectTimeoutError(endpoint_url=request.url)
        if self.kind == "throttled":
            return error_response(request.url, 400, "ProvisionedThroughputExceededException", self.headers)
        return error_response(request.url, 500, "InternalServerError", self.headers)


def function_timeouts() -> dict[str, float]:
    """Each function's Timeout in template.yaml (its own, else the Globals')."""
    template = load_template()
    default = template["Globals"]["Function"]["Timeout"]
    return {name: float(resource["Properties"].get("Timeout", default))
            for name, resource in template["Resources"].items() if resource["Type"] == "AWS::Serverless::Function"}
