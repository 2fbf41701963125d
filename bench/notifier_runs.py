"""The notifier's share of the service bench (bench/service_bench.py): its function in a warm container of its
own, fed each game's new commits from the table's stream, and the figures per notice it sent."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench.capacity import Cost, Meter
from bench.report import spread

Figure = tuple[str, float, str, dict[str, Any]]


def line(name: str, value: float, unit: str, **extra: Any) -> Figure:
    return name, value, unit, extra


class Stream:
    """The table's stream, every record not read yet, as Lambda hands them to the notifier."""

    def __init__(self, shape: Any, table: str, region: str) -> None:
        import boto3

        self.client, self.shape, self.region = boto3.client("dynamodbstreams"), shape, region
        self.arn = boto3.client("dynamodb").describe_table(TableName=table)["Table"]["LatestStreamArn"]
        shards = self.client.describe_stream(StreamArn=self.arn)["StreamDescription"]["Shards"]
        self.iterators = {s["ShardId"]: self.client.get_shard_iterator(
            StreamArn=self.arn, ShardId=s["ShardId"], ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            for s in shards}

    def read(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for shard, iterator in self.iterators.items():
            while True:
                page = self.client.get_records(ShardIterator=iterator, Limit=1000)
                iterator = page["NextShardIterator"]
                out += [self.shape(r, self.arn, self.region) for r in page["Records"]]
                if not page["Records"]:
                    break
            self.iterators[shard] = iterator
        return out


class Notifier:
    """The notifier function in a container of its own (its own services and cache, the same clients), kept warm
    across invocations, fed the game's new commits after every command, one commit per invocation: turns are
    hours apart, so a stream batch seldom holds more."""

    def __init__(self, meter: Meter, stream: Stream) -> None:
        self.meter, self.stream = meter, stream
        self.game_id = ""
        self.cost, self.notices, self.commits = Cost(), 0, 0
        self._own: tuple[Any, Any] | None = None

    @contextmanager
    def _container(self) -> Iterator[None]:
        """Swaps this function's container state in (functions/container.py holds one per process)."""
        from functions import container

        outer = (container._given, container._services)
        if self._own is None:
            container._services = None  # built anew on first use, around the same given clients
        else:
            container._given, container._services = self._own
        try:
            yield
        finally:
            self._own = (container._given, container._services)
            container._given, container._services = outer

    def __call__(self) -> None:
        from devtools.local.apigw import LambdaContext
        from functions import notifier

        for record in self.stream.read():
            image = record["dynamodb"].get("NewImage", {})
            if record["eventName"] != "INSERT" or image.get("kind", {}).get("S") != "commit":
                continue  # the mapping's FilterCriteria
            if image["pk"]["S"] != f"GAME#{self.game_id}":
                continue
            event = {"Records": [record]}
            context = LambdaContext(function_name="NotifierFunction", timeout_seconds=10)
            with self._container():
                answer, cost = self.meter.measure(functools.partial(notifier.lambda_handler, event, context))
            assert not answer["batchItemFailures"], answer
            for name in ("cpu", "moto", "dynamodb", "sns", "read_units", "write_units", "sns_chunks"):
                setattr(self.cost, name, getattr(self.cost, name) + getattr(cost, name))
            self.notices += cost.sns
            self.commits += 1


def notifier_lines(runs: list[tuple[Cost, int, int]]) -> list[Figure]:
    """runs: (cost, notices, commits) of each game."""
    per = [(c, n) for c, n, _ in runs if n]

    def each(value: Any, scale: float = 1.0) -> dict[str, float]:
        return spread([value(c) / n for c, n in per], scale, digits=2)

    requests = [(c.dynamodb + c.sns) / n for c, n in per]
    commits, notices = sum(commits for _, _, commits in runs), sum(n for _, n, _ in runs)
    units = [(c.read_units + c.write_units) / n for c, n in per]
    return [
        line("notifier_requests_per_notice", statistics.median(requests), "requests", games=spread(requests, digits=2),
             dynamodb=each(lambda c: c.dynamodb), sns=each(lambda c: c.sns), notices=sum(n for _, n in per),
             batch="one commit per invocation, warm notifier container", target="<= floor + 0.5",
             floor=round(3 + commits / notices, 2), floor_is="3 per notice (marker GetItem, Publish, marker "
             "PutItem) + 1 read of the game per commit", commits_per_notice=round(commits / notices, 2)),
        line("notifier_units_per_notice", statistics.median(units), "units", games=spread(units, digits=2),
             read=each(lambda c: c.read_units), write=each(lambda c: c.write_units),
             sns_payload_chunks=each(lambda c: c.sns_chunks), cpu_ms_per_notice=each(lambda c: c.handler, 1000),
             clock="thread CPU time, moto's share excluded", target="<= floor + 0.5",
             floor=round(2 + commits / notices, 2),
             floor_is="1 read unit (marker) + 1 write unit (marker) per notice + 1 read unit per commit"),
    ]
