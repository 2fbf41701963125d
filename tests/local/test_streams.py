"""Stream records shaped as Lambda sends them; filters; partial batch failures and the give-up path."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from devtools.local.sam import StreamSource
from devtools.local.streams import PollerThread, StreamPoller, failed_from, lambda_record, matches, selected
from tests.local.process import WAIT_LIMIT, eventually, limit

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/t/stream/1"


def raw(seq: int, name: str = "INSERT", kind: str = "commit") -> dict[str, Any]:
    """A record as boto3's get_records returns it."""
    return {"eventID": f"e{seq}", "eventName": name, "eventVersion": "1.0", "eventSource": "aws:dynamodb",
            "awsRegion": "us-east-1",
            "dynamodb": {"ApproximateCreationDateTime": datetime(2025, 1, 2, tzinfo=UTC),
                         "Keys": {"pk": {"S": "GAME#g"}}, "SequenceNumber": str(seq), "SizeBytes": 10,
                         "NewImage": {"pk": {"S": "GAME#g"}, "kind": {"S": kind}, "blob": {"B": b"\x01"},
                                      "version": {"N": str(seq)}},
                         "StreamViewType": "NEW_IMAGE"}}


def source(**overrides: Any) -> StreamSource:
    fields: dict[str, Any] = {"function": "Notifier", "table": "T", "batch_size": 10, "max_retries": 2,
                              "report_failures": True, "on_failure": None, "filters": []}
    return StreamSource(**(fields | overrides))


def test_records_have_lambdas_shape() -> None:
    record = lambda_record(raw(7), ARN, "us-east-1")
    assert record["eventSourceARN"] == ARN and record["eventName"] == "INSERT"
    assert record["eventSource"] == "aws:dynamodb" and record["eventVersion"] == "1.1"
    dynamodb = record["dynamodb"]
    assert dynamodb["ApproximateCreationDateTime"] == 1735776000  # epoch seconds, not a datetime
    assert dynamodb["NewImage"]["blob"] == {"B": "AQ=="}  # base64, as JSON carries binary
    assert dynamodb["SequenceNumber"] == "7" and dynamodb["Keys"] == {"pk": {"S": "GAME#g"}}


def test_filter_patterns() -> None:
    record = lambda_record(raw(1), ARN, "us-east-1")
    assert matches({"eventName": ["INSERT", "MODIFY"]}, record)
    assert matches({"dynamodb": {"NewImage": {"kind": {"S": ["commit"]}}}}, record)
    assert not matches({"dynamodb": {"NewImage": {"kind": {"S": ["snapshot"]}}}}, record)
    assert matches({"dynamodb": {"NewImage": {"pk": {"S": [{"prefix": "GAME#"}]}}}}, record)
    assert matches({"dynamodb": {"OldImage": [{"exists": False}]}}, record)
    assert matches({"eventName": [{"anything-but": ["REMOVE"]}]}, record)
    assert selected(source(), record)
    assert not selected(source(filters=['{"eventName": ["REMOVE"]}']), record)


def test_failures_resume_from_the_lowest_failed_record() -> None:
    batch = [lambda_record(raw(n), ARN, "us-east-1") for n in (1, 2, 3)]
    assert failed_from(batch, {"batchItemFailures": []}, True) is None
    assert failed_from(batch, {"batchItemFailures": [{"itemIdentifier": "3"}, {"itemIdentifier": "2"}]}, True) == 1
    assert failed_from(batch, {"batchItemFailures": [{"itemIdentifier": ""}]}, True) == 0
    assert failed_from(batch, {"batchItemFailures": [{"itemIdentifier": "2"}]}, False) is None


class FakeStreams:
    """describe_stream / get_shard_iterator / get_records over a list of records."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.records = records

    def describe_stream(self, StreamArn: str) -> dict[str, Any]:
        return {"StreamDescription": {"Shards": [{"ShardId": "s1"}]}}

    def get_shard_iterator(self, StreamArn: str, ShardId: str, ShardIteratorType: str) -> dict[str, Any]:
        assert ShardIteratorType == "TRIM_HORIZON"
        return {"ShardIterator": "0"}

    def get_records(self, ShardIterator: str, Limit: int) -> dict[str, Any]:
        start = int(ShardIterator)
        page = self.records[start:start + Limit]
        return {"Records": page, "NextShardIterator": str(start + len(page))}


def test_a_record_that_fails_once_is_delivered_again_with_those_after_it() -> None:
    calls: list[list[str]] = []
    failed_once: set[str] = set()

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        numbers = [r["dynamodb"]["SequenceNumber"] for r in event["Records"]]
        calls.append(numbers)
        bad = [n for n in numbers if n == "2" and n not in failed_once]
        failed_once.update(bad)
        return {"batchItemFailures": [{"itemIdentifier": n} for n in bad]}

    poller = StreamPoller(source(), ARN, FakeStreams([raw(1), raw(2), raw(3)]), invoke,
                          lambda records, reason: None, "us-east-1")
    assert poller.poll_once() == 3
    assert calls == [["1", "2", "3"], ["2", "3"]]
    assert poller.delivered == 3 and poller.poll_once() == 0


def test_a_poisoned_batch_goes_to_the_failure_destination_after_the_retries() -> None:
    given_up: list[tuple[list[str], str]] = []

    def invoke(event: dict[str, Any]) -> Any:
        raise RuntimeError("boom")

    def on_failure(records: list[dict[str, Any]], reason: str) -> None:
        given_up.append(([r["dynamodb"]["SequenceNumber"] for r in records], reason))

    poller = StreamPoller(source(max_retries=1, filters=['{"dynamodb": {"NewImage": {"kind": {"S": ["commit"]}}}}']),
                          ARN, FakeStreams([raw(1), raw(2, kind="snapshot"), raw(3)]), invoke, on_failure, "us-east-1")
    poller.poll_once()
    assert given_up == [(["1", "3"], "RuntimeError: boom")]  # the snapshot was filtered out


class CountingPoller:
    """A poller whose stream gives `waiting` records on its next poll."""

    def __init__(self) -> None:
        self.source = source()
        self.waiting = 0

    def poll_once(self) -> int:
        read, self.waiting = self.waiting, 0
        return read


def test_an_idle_poller_backs_off_to_its_longest_pause_and_any_read_or_wake_resets_it() -> None:
    thread = PollerThread([CountingPoller()], idle=0.2, max_idle=5.0)
    pauses = []
    for _ in range(7):
        thread.pause = thread.next_pause(read=0, woken=False)
        pauses.append(thread.pause)
    assert pauses == [0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]
    assert thread.next_pause(read=3, woken=False) == 0.2
    assert thread.next_pause(read=0, woken=True) == 0.2


def test_an_idle_poller_thread_sleeps_long_and_a_write_wakes_it() -> None:
    stream = CountingPoller()
    thread = PollerThread([stream], idle=1000.0, max_idle=3600.0)  # only a wake can bring a second poll in time
    thread.start()
    try:
        assert eventually(lambda: thread.polls >= 1)
        assert thread.pause == 2000.0, "an empty poll that nobody woke doubles the pause"
        stream.waiting = 2
        thread.wake()  # what the server does after an invocation that may have written
        assert eventually(lambda: thread.polls >= 2)
        assert thread.pause == 1000.0, "a woken poll that read records starts the back-off again"
    finally:
        thread.stop(timeout=limit(WAIT_LIMIT))
    assert not thread.is_alive()
