"""Service figures under moto: whole 4-player games through the Lambda handlers, in process, and the notifier over
their streams.

Each game is played twice from the same seed: warm (one container for every function; its cache holds the game
as the last request left it) and cold (before each command the container's services are dropped, clients kept:
the load reads the newest snapshot and the commits since from the store, as a new container would; building the
clients again is a cold start's cost, `cold_start_ratio`'s business). A command's cost is the thread CPU time of
its handler call without moto's share (bench/capacity.py: mock_aws serves requests in the calling thread, and
DynamoDB's work is not the Lambda's), its DynamoDB requests, and its read and write units by DynamoDB's rules.
Growth is the median of the last tenth of a game's commands over the median of its first tenth: the same game,
the same run. Lines give the median over the games with min-max.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.request import Request

from bench.capacity import Cost, Meter, item_bytes
from bench.notifier_runs import Figure, Notifier, Stream, line, notifier_lines
from bench.report import emit, spread
from service.games.repository import SNAPSHOT_EVERY

ROOT = Path(__file__).resolve().parents[1]
TABLE = "bench-games"
REGION = "eu-west-1"
ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": REGION,
    "AWS_REGION": REGION, "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled", "TABLE_NAME": TABLE,
    "TOPIC_ARN": f"arn:aws:sns:{REGION}:123456789012:turns", "POWERTOOLS_SERVICE_NAME": "bench",
    "POWERTOOLS_METRICS_NAMESPACE": "Bench", "POWERTOOLS_TRACE_DISABLED": "1", "POWERTOOLS_LOG_LEVEL": "ERROR",
    "POWERTOOLS_METRICS_DISABLED": "1",
}
SEEDS = tuple(range(4, 4 + int(os.environ.get("BENCH_SERVICE_GAMES", "5"))))
TARGET_GROWTH = "<= 1.2"


@dataclass
class Played:
    game_id: str
    commands: list[Cost] = field(default_factory=list)


def fresh_container() -> None:
    """A new container's services (store, cache, everything built per cold start) around the same clients."""
    from functions import container

    container.install(replace(container.given(), dynamodb=container.dynamodb(), sns=container.sns(),
                              rng=container.rng()))


class InProcessGateway:
    """An ApiClient transport: routes from template.yaml, API Gateway v2 events, handlers called directly."""

    def __init__(self, meter: Meter, cold: bool, after_command: Callable[[], None] | None = None) -> None:
        from devtools.local import sam
        from devtools.template import load_template

        self.specs = sam.functions(load_template(ROOT / "template.yaml"), ROOT)
        self.table = sam.routes(self.specs)
        self.handlers: dict[str, Any] = {}
        self.meter, self.cold, self.after_command = meter, cold, after_command
        self.commands: list[Cost] = []

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        import importlib

        from devtools.local import sam
        from devtools.local.apigw import HttpRequest, LambdaContext, http_event

        target = "/" + request.full_url.split("//", 1)[1].partition("/")[2]
        method = request.get_method()
        found = sam.find_route(self.table, method, target.partition("?")[0])
        assert found is not None, target
        route, params = found
        spec = self.specs[route.function]
        if spec.logical_id not in self.handlers:
            self.handlers[spec.logical_id] = getattr(importlib.import_module(spec.module), spec.attr)
        body = request.data if isinstance(request.data, bytes) else b""
        event = http_event(HttpRequest(method, target, list(request.header_items()), body), route.route_key, params)
        context = LambdaContext(function_name=spec.logical_id, timeout_seconds=spec.timeout)  # the budget reads it
        command = method == "POST" and route.path.startswith("/games/{game_id}/")
        if command and self.cold:
            fresh_container()
        result, cost = self.meter.measure(lambda: self.handlers[spec.logical_id](event, context))
        if command and result["statusCode"] == 200:
            self.commands.append(cost)
            if self.after_command is not None:
                self.after_command()
        return int(result["statusCode"]), str(result.get("body") or "").encode()


def _play(seed: int, cold: bool, meter: Meter, after_command: Callable[[], None] | None = None) -> Played:
    from devtools.client.bots import play
    from devtools.client.http import ApiClient
    from functions import container

    container.install(replace(container.given(), rng=random.Random(seed)))
    gateway = InProcessGateway(meter, cold, after_command)
    api = ApiClient("http://bench.local", transport=gateway, retries=0)
    created = api.create_game(["A", "B", "C", "D"])
    game_id, tokens = created["game_id"], dict(enumerate(api.tokens(created)))
    if isinstance(after_command, Notifier):
        after_command.game_id = game_id
        after_command()  # the new game's commit: every seat told to choose a distiller
    gateway.commands.clear()
    run = play(api, game_id, tokens, random.Random(seed))
    assert run.finished, f"the benchmark game of seed {seed} did not finish"
    return Played(game_id, list(gateway.commands))


def _growth(costs: list[Cost], with_moto: bool = False) -> tuple[float, float, float]:
    """(last tenth's median / first tenth's, first median, last median), CPU seconds."""
    seconds = [c.cpu if with_moto else c.handler for c in costs]
    tenth = max(1, len(seconds) // 10)
    first, last = statistics.median(seconds[:tenth]), statistics.median(seconds[-tenth:])
    return last / first, first, last


def _units(games: list[Played]) -> dict[str, dict[str, float]]:
    every = [c for g in games for c in g.commands]
    return {kind: {"mean": round(statistics.mean(getattr(c, kind) for c in every), 2),
                   "max": max(getattr(c, kind) for c in every)} for kind in ("read_units", "write_units")}


def _growth_line(mode: str, games: list[Played]) -> Figure:
    growths = [_growth(g.commands) for g in games]
    ratios = [r for r, _, _ in growths]
    return line(f"command_latency_growth_{mode}", statistics.median(ratios), "ratio", target=TARGET_GROWTH,
         games=spread(ratios), commands=spread([float(len(g.commands)) for g in games], digits=0),
         first_ms=spread([f for _, f, _ in growths], 1000), last_ms=spread([la for _, _, la in growths], 1000),
         with_moto=spread([_growth(g.commands, with_moto=True)[0] for g in games]),
         units_per_command=_units(games), clock="thread CPU time of the handler call, moto's share excluded",
         cache="one warm container for every function" if mode == "warm" else "dropped before each command")


def _figures(add: Callable[[Figure], None]) -> None:
    import boto3
    from moto import mock_aws

    from devtools.local.streams import lambda_record
    from devtools.template import load_template, table_definition
    from functions import container

    warm: list[Played] = []
    cold: list[Played] = []
    notifier: list[tuple[Cost, int, int]] = []
    with mock_aws():
        client = boto3.client("dynamodb")
        client.create_table(TableName=TABLE, **table_definition(load_template(ROOT / "template.yaml")))
        boto3.client("sns").create_topic(Name="turns")
        container.reset()
        fresh_container()  # the clients built once, as a container would, and kept from here on
        meter = Meter(container.dynamodb(), container.sns())
        stream = Stream(lambda_record, TABLE, REGION)
        for seed in SEEDS:
            notify = Notifier(meter, stream)
            warm.append(_play(seed, False, meter, notify))
            notifier.append((notify.cost, notify.notices, notify.commits))
            cold.append(_play(seed, True, meter))
        sizes = sorted(item_bytes(i) for g in warm for i in _commit_items(client, g.game_id))
        container.reset()
    add(_growth_line("warm", warm))
    add(_growth_line("cold", cold))
    for mode, games in (("warm", warm), ("cold", cold)):
        calls = [c.dynamodb for g in games for c in g.commands]
        add(line(f"dynamodb_calls_per_command_{mode}", statistics.mean(calls), "requests", max=max(calls),
             commands=len(calls), floor="1 read + 1 write",
             target=f"<= 3 (+1 snapshot write every {SNAPSHOT_EVERY} commands)"))
    add(line("commit_bytes_p50", float(sizes[len(sizes) // 2]), "bytes", commits=len(sizes), max=sizes[-1],
             note="DynamoDB item size: attribute names + values", target="<= 4096 (one read unit)"))
    for figure in notifier_lines(notifier):
        add(figure)


def _commit_items(client: Any, game_id: str) -> list[dict[str, Any]]:
    pages = client.get_paginator("query").paginate(
        TableName=TABLE, KeyConditionExpression="pk = :pk", ExpressionAttributeValues={":pk": {"S": f"GAME#{game_id}"}})
    return [item for page in pages for item in page["Items"] if item["kind"]["S"] == "commit"]


def run() -> None:
    os.environ.update(ENVIRONMENT)
    figures: list[Figure] = []
    with contextlib.redirect_stdout(io.StringIO()):  # the handlers' EMF metrics lines
        _figures(figures.append)
    for name, value, unit, extra in figures:
        emit(name, value, unit, **extra)
