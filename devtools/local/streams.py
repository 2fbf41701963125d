"""A DynamoDB stream event source mapping on a laptop: poll the stream, shape Lambda's event, honour failures."""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from typing import Any, Protocol

from devtools.local.sam import StreamSource

# With MaximumRetryAttempts -1 Lambda retries until the record expires (a day); locally that would
# only stall the stream, so a poisoned batch gives up after this many attempts.
LOCAL_RETRY_CAP = 5
SHARD_REFRESH = 60.0  # seconds between DescribeStream calls while every shard is open (an idle poll is cheap)


def _lambda_value(value: Any) -> Any:
    """boto3 returns binary attributes as bytes and times as datetimes; Lambda's JSON carries base64 and epochs."""
    if isinstance(value, bytes | bytearray):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, datetime):
        return int(value.timestamp())
    if isinstance(value, dict):
        return {k: _lambda_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [_lambda_value(v) for v in value]
    return value


def lambda_record(record: dict[str, Any], stream_arn: str, region: str) -> dict[str, Any]:
    """One record of a Lambda DynamoDB stream event, from one GetRecords record."""
    return {
        "eventID": record.get("eventID", ""),
        "eventName": record["eventName"],
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": record.get("awsRegion", region),
        "dynamodb": _lambda_value(record["dynamodb"]),
        "eventSourceARN": stream_arn,
    }


def _rule_matches(rule: Any, value: Any, present: bool) -> bool:
    if not isinstance(rule, dict):
        return present and (rule in value if isinstance(value, list) else rule == value)
    if "exists" in rule:
        return bool(rule["exists"]) == present
    if "prefix" in rule:
        return present and isinstance(value, str) and value.startswith(rule["prefix"])
    if "anything-but" in rule:
        banned = rule["anything-but"]
        return present and value not in (banned if isinstance(banned, list) else [banned])
    raise ValueError(f"filter rule {rule!r} is not supported locally")


def matches(pattern: dict[str, Any], data: Any) -> bool:
    """Lambda event filtering: every key of the pattern must match; a list holds alternatives."""
    if not isinstance(data, dict):
        return False
    for key, expected in pattern.items():
        present, value = key in data, data.get(key)
        if isinstance(expected, dict):
            if not matches(expected, value):
                return False
        elif not any(_rule_matches(rule, value, present) for rule in expected):
            return False
    return True


def selected(source: StreamSource, record: dict[str, Any]) -> bool:
    return not source.filters or any(matches(json.loads(f), record) for f in source.filters)


def failed_from(records: list[dict[str, Any]], result: Any, report_failures: bool) -> int | None:
    """Index Lambda resumes from after this invocation (the lowest failed record), or None if all succeeded."""
    if not (report_failures and isinstance(result, dict)):
        return None
    failures = result.get("batchItemFailures") or []
    if not failures:
        return None
    numbers = [r["dynamodb"]["SequenceNumber"] for r in records]
    ids = [f.get("itemIdentifier") if isinstance(f, dict) else None for f in failures]
    # An empty or unknown identifier fails the whole batch, as in Lambda.
    return min((numbers.index(i) if i in numbers else 0) for i in ids)


Invoke = Callable[[dict[str, Any]], Any]
OnFailure = Callable[[list[dict[str, Any]], str], None]


class StreamPoller:
    """Feeds one function from one table stream, in order, shard by shard."""

    def __init__(self, source: StreamSource, stream_arn: str, client: Any, invoke: Invoke,
                 on_failure: OnFailure, region: str, lock: AbstractContextManager[Any] | None = None) -> None:
        self.source, self.stream_arn, self.client = source, stream_arn, client
        self.invoke, self.on_failure, self.region = invoke, on_failure, region
        self.lock: AbstractContextManager[Any] = lock if lock is not None else nullcontext()
        self.iterators: dict[str, str | None] = {}
        self.delivered = 0
        self._refreshed: float | None = None  # time.monotonic() of the latest DescribeStream

    def _refresh_shards(self) -> None:
        """New shards' iterators: looked for on the first poll, when a shard has closed, and every SHARD_REFRESH s."""
        now = time.monotonic()
        if self._refreshed is not None and now - self._refreshed < SHARD_REFRESH \
                and all(iterator is not None for iterator in self.iterators.values()):
            return
        self._refreshed = now
        with self.lock:
            shards = self.client.describe_stream(StreamArn=self.stream_arn)["StreamDescription"]["Shards"]
            for shard in shards:
                if shard["ShardId"] not in self.iterators:
                    self.iterators[shard["ShardId"]] = self.client.get_shard_iterator(
                        StreamArn=self.stream_arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON",
                    )["ShardIterator"]

    def poll_once(self) -> int:
        """Read one batch from every open shard and deliver it; how many records were read."""
        self._refresh_shards()
        read = 0
        for shard_id, iterator in list(self.iterators.items()):
            if iterator is None:
                continue  # a closed shard, read to its end
            with self.lock:
                page = self.client.get_records(ShardIterator=iterator, Limit=self.source.batch_size)
            self.iterators[shard_id] = page.get("NextShardIterator")
            records = [lambda_record(r, self.stream_arn, self.region) for r in page["Records"]]
            read += len(records)
            batch = [r for r in records if selected(self.source, r)]
            if batch:
                self.deliver(batch)
        return read

    def deliver(self, batch: list[dict[str, Any]]) -> None:
        attempts = 0
        limit = LOCAL_RETRY_CAP if self.source.max_retries < 0 else min(self.source.max_retries, LOCAL_RETRY_CAP)
        while batch:
            attempts += 1
            try:
                resume = failed_from(batch, self.invoke({"Records": batch}), self.source.report_failures)
                reason = "some records failed (batchItemFailures)"
            except Exception as error:  # a crashed invocation retries the whole batch, like Lambda
                resume, reason = 0, f"{type(error).__name__}: {error}"
            if resume is None:
                self.delivered += len(batch)
                return
            self.delivered += resume
            batch = batch[resume:]
            if attempts > limit:
                self.on_failure(batch, reason)
                return
            time.sleep(min(0.05 * 2**attempts, 1.0))


class Poller(Protocol):
    source: Any  # its event source (`.function`: the function it feeds)

    def poll_once(self) -> int: ...


MAX_IDLE = 5.0  # seconds: the longest pause of an idle poller (a write wakes it at once)


class PollerThread(threading.Thread):
    """Polls every stream source until stopped: `idle` seconds after a poll that read something or was woken,
    then twice as long after each empty one, up to `max_idle`. A write wakes it (`wake`), so an idle server
    sleeps while a move still reaches the consumers (live sockets, the outbox) at once."""

    def __init__(self, pollers: list[Poller], idle: float = 0.2,
                 after_poll: Callable[[], None] | None = None, max_idle: float = MAX_IDLE) -> None:
        super().__init__(name="stream-poller", daemon=True)
        self.pollers, self.idle, self.max_idle, self.after_poll = pollers, idle, max_idle, after_poll
        self.stopping = threading.Event()
        self.woken = threading.Event()
        self.pause = idle  # the wait after the latest poll (tests read it: how long an idle poller sleeps)
        self.polls = 0  # polls finished, for readiness checks

    def wake(self) -> None:
        """Poll now rather than after the idle pause: something was just written (a live socket waits for it)."""
        self.woken.set()

    def next_pause(self, read: int, woken: bool) -> float:
        """The pause after a poll: short while records flow or writes come, doubling while nothing does."""
        return self.idle if read or woken else min(max(self.pause, self.idle) * 2, self.max_idle)

    def run(self) -> None:
        while not self.stopping.is_set():
            woken = self.woken.is_set()
            self.woken.clear()  # before the poll: a write during it wakes the next one at once
            read = 0
            for poller in self.pollers:
                try:
                    read += poller.poll_once()
                except Exception as error:  # keep the server alive; the next poll tries again
                    print(f"[stream] {poller.source.function}: {type(error).__name__}: {error}", flush=True)
            if self.after_poll is not None:
                self.after_poll()
            self.pause = self.next_pause(read, woken)
            self.polls += 1
            self.woken.wait(self.pause)

    def stop(self, timeout: float = 60.0) -> None:
        """Stop after the current poll (its retries are bounded); the caller checks is_alive() after `timeout`."""
        self.stopping.set()
        self.woken.set()
        self.join(timeout=timeout)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
