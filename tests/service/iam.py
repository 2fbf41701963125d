"""moto does not enforce IAM: record which DynamoDB operations each function really calls, and compare them
with what template.yaml grants that function."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from infra.template import load_template


class OperationLog:
    def __init__(self) -> None:
        self.current: str | None = None  # the handler spec now running
        self.used: defaultdict[str, set[str]] = defaultdict(set)

    def hook(self, model: Any, **_: Any) -> None:
        if self.current is not None:
            self.used[self.current].add(f"dynamodb:{model.name}")

    def watch(self, client: Any) -> None:
        client.meta.events.register("before-call.dynamodb", self.hook)

    @contextmanager
    def running(self, handler: str) -> Iterator[None]:
        self.current = handler
        try:
            yield
        finally:
            self.current = None


def granted(handler: str) -> set[str]:
    """The DynamoDB actions template.yaml's policies grant the function whose Handler is `handler`."""
    for resource in load_template()["Resources"].values():
        props = resource.get("Properties", {})
        if resource["Type"] == "AWS::Serverless::Function" and props.get("Handler") == handler:
            actions: set[str] = set()
            for policy in props.get("Policies", []):
                for statement in policy.get("Statement", []) if isinstance(policy, dict) else []:
                    listed = statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]]
                    actions |= {a for a in listed if a.startswith("dynamodb:")}
            return actions
    raise KeyError(handler)


def assert_within_policies(log: OperationLog) -> None:
    assert log.used, "no DynamoDB call was recorded"
    for handler, used in log.used.items():
        assert used <= granted(handler), f"{handler} calls {sorted(used - granted(handler))} it is not granted"
