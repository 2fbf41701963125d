"""Provable fairness on the path production runs (issue 24): whole 4-player games through the command handlers
(the Lambda handler functions, in process, DynamoDB under moto: the per-command cost of a warm container), and
in the same calls the CPU spent in the fairness code alone: hashing commits for the chain, the salt, the chance
of a commit and the generator's draws, the contributions, the reveal, and reading the seed (its boto3 client's
work; moto's request handling is DynamoDB's, not the Lambda's, and is excluded from both figures). The ratio is
the handlers' CPU over the same CPU less the fairness code's: what a command costs with fairness against what it
would cost without, measured in the same run on the same commands (no second game, no pairing noise).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from bench.capacity import Meter
from bench.report import emit, spread
from bench.service_bench import ENVIRONMENT, ROOT, TABLE, InProcessGateway

FULL = os.environ.get("BENCH_FULL") == "1"
SEEDS = tuple(range(40, 46 if FULL else 42))


class Attributed:
    """Thread CPU spent inside the wrapped callables (the outermost call only), moto's share taken out."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.moto = 0.0  # moto's request handling so far (its stubber serves requests in the calling thread)
        self._depth = 0
        self._thread = threading.get_ident()

    def wrap(self, owner: Any, name: str) -> Callable[[], None]:
        original = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self._depth or threading.get_ident() != self._thread:
                return original(*args, **kwargs)
            self._depth += 1
            started, moto = time.thread_time(), self.moto
            try:
                return original(*args, **kwargs)
            finally:
                self._depth -= 1
                self.spent += (time.thread_time() - started) - (self.moto - moto)

        setattr(owner, name, timed)
        return lambda: setattr(owner, name, original)


@contextlib.contextmanager
def attributed() -> Iterator[Attributed]:
    from moto.core.botocore_stubber import BotocoreStubber

    import service.clocks.tick as tick
    import service.fairness.records as records
    import service.games.pipeline as pipeline
    import service.games.repository as repository
    from infra.seeds import CachedSeedStore, DynamoSeedStore
    from service.fairness.draws import Draws

    found = Attributed()
    original = BotocoreStubber.__call__

    def stubbed(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return original(self, *args, **kwargs)
        finally:
            found.moto += time.thread_time() - started

    BotocoreStubber.__call__ = stubbed  # type: ignore[method-assign]
    undo = [found.wrap(owner, name) for owner, name in (
        (repository, "commit_hash"), (pipeline, "chained"), (tick, "chained"), (records.Chance, "__init__"),
        (records.Chance, "at"), (records.Chance, "contribution"), (records.Chance, "reveal"),
        (Draws, "_next"), (DynamoSeedStore, "get"), (DynamoSeedStore, "put"), (CachedSeedStore, "get"),
        (pipeline, "fairness_record"),
        (pipeline, "new_seed"))]
    try:
        yield found
    finally:
        for step in undo:
            step()
        BotocoreStubber.__call__ = original  # type: ignore[method-assign]


def run() -> None:
    before = {name: os.environ.get(name) for name in ENVIRONMENT}
    os.environ.update(ENVIRONMENT)
    try:
        _figures()
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _figures() -> None:
    import boto3
    from moto import mock_aws

    from devtools.client.bots import play
    from devtools.client.http import ApiClient
    from devtools.template import load_template, table_definition
    from functions import container

    ratios: list[float] = []
    added_us: list[float] = []
    handler_ms: list[float] = []
    with contextlib.redirect_stdout(io.StringIO()), mock_aws():
        definition = table_definition(load_template(ROOT / "template.yaml"))
        boto3.client("dynamodb").create_table(TableName=TABLE, **definition)
        boto3.client("sns").create_topic(Name="turns")
        container.reset()
        for seed in (39, *SEEDS):  # the first game warms every route's container and model: not counted
            container.install(replace(container.given(), rng=None))  # no rng given: every game fair
            meter = Meter(container.dynamodb(), container.sns())
            gateway = InProcessGateway(meter, cold=False)
            api = ApiClient("http://bench.local", transport=gateway, retries=0)
            created = api.create_game(["A", "B", "C", "D"])
            gateway.commands.clear()
            with attributed() as fair:
                run_ = play(api, created["game_id"], dict(enumerate(api.tokens(created))), random.Random(seed))
            assert run_.finished
            handler = sum(c.handler for c in gateway.commands)
            if seed == 39:
                continue
            ratios.append(handler / (handler - fair.spent))
            added_us.append(fair.spent / len(gateway.commands) * 1e6)
            handler_ms.append(handler / len(gateway.commands) * 1000)
        container.reset()
    emit("fairness_cpu_ratio_handler", round(statistics.median(ratios), 4), "x", target="<= 1.10",
         **spread(ratios, 1, 4), games=len(ratios), added_us_per_command=spread(added_us, 1, 1),
         handler_ms_per_command=spread(handler_ms, 1, 3),
         path="the command handlers, warm, under moto (its share excluded): CPU / (CPU - the fairness code's CPU "
              "in the same calls: chain hashes, salts, chance, draws, contributions, reveal, the seed's read)")
