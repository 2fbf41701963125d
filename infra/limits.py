"""Fixed-window request counters in the games table: one item per (scope, window), pk `LIMIT#<scope>#<window
start>`, sk `LIMIT`, kind `limit`, counted by an UpdateItem `ADD` conditional on the count being under the limit,
with a TTL (`expires_at`) a window after its end. A request counted in several windows (per player and per source)
is one transaction: it is counted in all of them or, when one is full, in none.

A scope names what is counted and for whom (`games:player:<id>`, `players:source:<hash>`); a source address is
never stored, only a hash of it (service/limits/rules.py).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any, Protocol

from botocore.exceptions import BotoCoreError, ClientError

from domain.records import field, record
from infra.store.base import StoreError

LIMIT_PREFIX = "LIMIT#"
LIMIT_KEY = "LIMIT"
_FULL = "attribute_not_exists(#n) OR #n < :limit"


@record(frozen=True)
class Window:
    """At most `limit` requests of `scope` per fixed window of `seconds` (aligned on the epoch)."""

    scope: str
    limit: int
    seconds: int

    def start(self, now: float) -> int:
        return int(now) // self.seconds * self.seconds

    def retry_after(self, now: float) -> int:
        """Whole seconds until this window ends (at least 1)."""
        return max(1, math.ceil(self.start(now) + self.seconds - now))


class Limited(Exception):
    """A window is full: nothing was counted."""

    def __init__(self, window: Window, retry_after: int) -> None:
        super().__init__(f"over the limit of {window.limit} per {window.seconds} s")
        self.window, self.retry_after = window, retry_after


class Limiter(Protocol):
    def take(self, windows: Sequence[Window], now: float) -> None:
        """Count one request in every window, or in none (Limited) when one of them is full."""
        ...


@record
class MemoryLimiter:
    counts: dict[tuple[str, int], int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, windows: Sequence[Window], now: float) -> None:
        with self.lock:
            for w in windows:
                if self.counts.get((w.scope, w.start(now)), 0) >= w.limit:
                    raise Limited(w, w.retry_after(now))
            for w in windows:
                key = (w.scope, w.start(now))
                self.counts[key] = self.counts.get(key, 0) + 1


def limit_key(window: Window, now: float) -> dict[str, Any]:
    return {"pk": {"S": f"{LIMIT_PREFIX}{window.scope}#{window.start(now)}"}, "sk": {"S": LIMIT_KEY}}


class DynamoLimiter:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def _update(self, window: Window, now: float) -> dict[str, Any]:
        return {
            "TableName": self.table, "Key": limit_key(window, now),
            "UpdateExpression": "ADD #n :one SET #kind = :kind, expires_at = :expires",
            "ConditionExpression": _FULL,
            "ExpressionAttributeNames": {"#n": "count", "#kind": "kind"},
            "ExpressionAttributeValues": {
                ":one": {"N": "1"}, ":limit": {"N": str(window.limit)}, ":kind": {"S": "limit"},
                ":expires": {"N": str(window.start(now) + 2 * window.seconds)},
            },
        }

    def take(self, windows: Sequence[Window], now: float) -> None:
        live = [w for w in windows if w.limit > 0]
        if not live:
            return
        try:
            if len(live) == 1:
                self.client.update_item(**self._update(live[0], now))
            else:
                self.client.transact_write_items(TransactItems=[{"Update": self._update(w, now)} for w in live])
        except ClientError as error:
            full = _full_window(error, live)
            if full is not None:
                raise Limited(full, full.retry_after(now)) from None
            raise StoreError(f"DynamoDB table {self.table!r}: {_code(error)}") from None
        except BotoCoreError as error:
            raise StoreError(f"DynamoDB table {self.table!r}: {type(error).__name__}") from None


def _code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "unknown"))


def _full_window(error: ClientError, windows: Sequence[Window]) -> Window | None:
    """The window whose condition refused the request, or None when something else failed."""
    if _code(error) == "ConditionalCheckFailedException":
        return windows[0]
    if _code(error) != "TransactionCanceledException":
        return None
    reasons: Any = error.response.get("CancellationReasons") or []
    for window, reason in zip(windows, reasons, strict=False):
        if reason.get("Code") == "ConditionalCheckFailed":
            return window
    return None
