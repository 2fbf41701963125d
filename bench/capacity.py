"""What a handler call costs under moto: its requests, DynamoDB's read and write units, and its CPU time with
moto's share measured apart.

Units are computed from the items' sizes by DynamoDB's rules (moto's ReturnConsumedCapacity is not reliable):
a strongly consistent GetItem or Query page costs 1 read unit per 4 KB of the items it reads (the sizes summed,
rounded up, at least 1), a PutItem 1 write unit per KB of its item (at least 1). A Query with a
FilterExpression is billed for every item it evaluated, and a GetItem with a ProjectionExpression for the
whole item: those are read again without the filter or projection, by the meter, outside the measured time.

CPU time is this thread's (time.thread_time). mock_aws serves each request in the calling thread, so a call's
thread time includes moto's work; the meter times moto's request handling (BotocoreStubber) apart, so a figure
can be given with and without it. DynamoDB's own work is not the Lambda's bill: figures exclude moto's share.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

READ_UNIT = 4096
WRITE_UNIT = 1024
WRITES = {"PutItem": 1, "DeleteItem": 1, "UpdateItem": 1}  # write units per KB (TransactWriteItems would be 2)


def value_bytes(value: dict[str, Any]) -> int:
    """One attribute value's size by DynamoDB's rules (numbers: 1 byte per 2 significant digits, plus 1)."""
    (kind, raw), = value.items()
    if kind == "S":
        return len(raw.encode())
    if kind == "N":
        digits = raw.lstrip("-").replace(".", "").lstrip("0").rstrip("0") or "0"
        return (len(digits) + 1) // 2 + 1
    if kind == "B":
        return len(raw)
    if kind in ("BOOL", "NULL"):
        return 1
    if kind in ("SS", "NS", "BS"):
        return sum(value_bytes({kind[0]: v}) for v in raw)
    if kind == "L":
        return 3 + sum(1 + value_bytes(v) for v in raw)
    if kind == "M":
        return 3 + sum(1 + len(k.encode()) + value_bytes(v) for k, v in raw.items())
    raise ValueError(f"unknown attribute type {kind}")


def item_bytes(item: dict[str, Any]) -> int:
    """An item's size: its attribute names (UTF-8) plus their values."""
    return sum(len(name.encode()) + value_bytes(value) for name, value in item.items())


def read_units(sizes: list[int]) -> int:
    """One strongly consistent GetItem or Query page."""
    return max(1, math.ceil(sum(sizes) / READ_UNIT))


def write_units(size: int, per_kb: int = 1) -> int:
    return max(1, math.ceil(size / WRITE_UNIT)) * per_kb


@dataclass
class Cost:
    cpu: float = 0.0  # thread CPU seconds, everything but the meter's own work
    moto: float = 0.0  # of which moto's request handling
    dynamodb: int = 0  # requests
    sns: int = 0
    read_units: int = 0
    write_units: int = 0
    sns_chunks: int = 0  # SNS bills a publish per 64 KB of payload

    @property
    def handler(self) -> float:
        """CPU seconds without moto's share."""
        return self.cpu - self.moto


def _unused_removed(params: dict[str, Any], drop: tuple[str, ...]) -> dict[str, Any]:
    """A copy without the `drop` keys, and without the expression names and values nothing uses any more."""
    kept = {k: v for k, v in params.items() if k not in drop}
    text = " ".join(str(v) for k, v in kept.items() if k.endswith("Expression"))
    used = set(re.findall(r"[:#][A-Za-z0-9_]+", text))
    for key in ("ExpressionAttributeNames", "ExpressionAttributeValues"):
        if key in kept:
            kept[key] = {k: v for k, v in kept[key].items() if k in used}
            if not kept[key]:
                del kept[key]
    return kept


class Meter:
    """Counts what the clients it watches send, and the CPU of `measure(fn)` calls, in the thread that measures."""

    def __init__(self, dynamodb: Any, sns: Any = None) -> None:
        self.dynamodb = dynamodb
        self.cost = Cost()
        self._thread = threading.get_ident()
        self._meter_cpu = 0.0  # the meter's own work inside a measured call: taken out of the figure
        self._aside = False
        dynamodb.meta.events.register("before-parameter-build.dynamodb", self._before)
        dynamodb.meta.events.register("after-call.dynamodb", self._after)
        if sns is not None:
            sns.meta.events.register("before-parameter-build.sns", self._before_sns)

    @contextmanager
    def _own_work(self) -> Iterator[None]:
        started, self._aside = time.thread_time(), True
        try:
            yield
        finally:
            self._aside = False
            self._meter_cpu += time.thread_time() - started

    def _before(self, params: dict[str, Any], model: Any, context: Any = None, **_: Any) -> None:
        if self._aside or threading.get_ident() != self._thread:
            return
        with self._own_work():
            if context is not None:
                context["meter_params"] = dict(params)  # for _after: what was asked, to bill what was read
            self.cost.dynamodb += 1
            if model.name in WRITES:
                self.cost.write_units += write_units(item_bytes(params.get("Item") or params.get("Key") or {}))

    def _before_sns(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        if threading.get_ident() != self._thread:
            return
        with self._own_work():
            self.cost.sns += 1
            if model.name == "Publish":
                attributes = params.get("MessageAttributes") or {}
                size = len(str(params.get("Message", "")).encode()) + sum(
                    len(k) + len(str(v.get("StringValue", ""))) for k, v in attributes.items())
                self.cost.sns_chunks += max(1, math.ceil(size / 65536))

    def _after(self, parsed: dict[str, Any], model: Any, context: Any = None, **kwargs: Any) -> None:
        if self._aside or threading.get_ident() != self._thread or model.name not in ("GetItem", "Query"):
            return
        with self._own_work():
            request = (context or {}).get("meter_params") or {}
            self.cost.read_units += read_units([item_bytes(i) for i in self._billed_items(model.name, parsed, request)])

    def _billed_items(self, op: str, parsed: dict[str, Any], request: dict[str, Any]) -> list[dict[str, Any]]:
        """What DynamoDB read (and bills) for this answer, fetched again when the answer left some out."""
        if op == "GetItem":
            if "Item" not in parsed:
                return []
            if "ProjectionExpression" in request:
                return [self.dynamodb.get_item(**_unused_removed(request, ("ProjectionExpression",)))["Item"]]
            return [parsed["Item"]]
        if "FilterExpression" in request and parsed.get("ScannedCount", 0) > parsed.get("Count", 0):
            again = self.dynamodb.query(**_unused_removed(request, ("FilterExpression", "Select")))
            return list(again["Items"])
        return list(parsed.get("Items", []))

    def measure(self, fn: Callable[[], Any]) -> tuple[Any, Cost]:
        """fn()'s result and what it cost (the meter's own work and re-reads excluded)."""
        before, meter_before = self.cost, self._meter_cpu
        self.cost = Cost()
        with _moto_timed(self):
            started = time.thread_time()
            result = fn()
            spent = time.thread_time() - started
        cost, self.cost = self.cost, before
        cost.cpu = spent - (self._meter_cpu - meter_before)
        return result, cost


@contextmanager
def _moto_timed(meter: Meter) -> Iterator[None]:
    """moto's request handling timed apart while a call is measured (skipped while the meter re-reads)."""
    from moto.core.botocore_stubber import BotocoreStubber

    original = BotocoreStubber.__call__

    def timed(self: Any, event_name: str, request: Any, **kwargs: Any) -> Any:
        if meter._aside or threading.get_ident() != meter._thread:
            return original(self, event_name, request, **kwargs)
        started = time.thread_time()
        try:
            return original(self, event_name, request, **kwargs)
        finally:
            meter.cost.moto += time.thread_time() - started

    BotocoreStubber.__call__ = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        BotocoreStubber.__call__ = original  # type: ignore[method-assign]
