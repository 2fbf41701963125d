"""Service figures under moto: a complete 4-player game through the Lambda handlers, in process."""

from __future__ import annotations

import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.request import Request

from bench.report import emit

ROOT = Path(__file__).resolve().parents[1]
TABLE = "bench-games"
ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": "eu-west-1",
    "AWS_REGION": "eu-west-1", "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled", "TABLE_NAME": TABLE,
    "TOPIC_ARN": "arn:aws:sns:eu-west-1:123456789012:turns", "POWERTOOLS_SERVICE_NAME": "bench",
    "POWERTOOLS_METRICS_NAMESPACE": "Bench", "POWERTOOLS_TRACE_DISABLED": "1", "POWERTOOLS_LOG_LEVEL": "ERROR",
    "POWERTOOLS_METRICS_DISABLED": "1",
}
IMPORT_RUNS = 7
HANDLER_IMPORT = "import functions.commands.buy"
# The baseline imports exactly the library modules the handler ends up loading, nothing of ours.
LIBRARIES = ("boto3", "botocore", "pydantic", "pydantic_core", "aws_lambda_powertools", "aws_xray_sdk")
LIST_LIBRARY_MODULES = (HANDLER_IMPORT + "; import sys; print(' '.join(sorted(m for m in sys.modules "
                        f"if m.split('.')[0] in {LIBRARIES!r})))")


class InProcessGateway:
    """An ApiClient transport: routes from template.yaml, API Gateway v2 events, handlers called directly."""

    def __init__(self) -> None:
        from devtools.local import sam
        from devtools.template import load_template

        template = load_template(ROOT / "template.yaml")
        self.specs = sam.functions(template, ROOT)
        self.table = sam.routes(self.specs)
        self.handlers: dict[str, Any] = {}
        self.command_seconds: list[float] = []
        self.command_calls: list[int] = []
        self.calls = 0  # DynamoDB requests, counted on the client by a botocore hook

    def count_call(self, **_: Any) -> None:
        self.calls += 1

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        import importlib

        from devtools.local import sam
        from devtools.local.apigw import HttpRequest, LambdaContext, http_event

        path = request.full_url.split("//", 1)[1].partition("/")[2]
        target = "/" + path
        method = request.get_method()
        found = sam.find_route(self.table, method, target.partition("?")[0])
        assert found is not None, target
        route, params = found
        spec = self.specs[route.function]
        if spec.logical_id not in self.handlers:
            self.handlers[spec.logical_id] = getattr(importlib.import_module(spec.module), spec.attr)
        body = request.data if isinstance(request.data, bytes) else b""
        event = http_event(HttpRequest(method, target, list(request.header_items()), body), route.route_key, params)
        calls, started = self.calls, time.perf_counter()
        context = LambdaContext(function_name=spec.logical_id, timeout_seconds=spec.timeout)  # the budget reads it
        result = self.handlers[spec.logical_id](event, context)
        if method == "POST" and route.path.startswith("/games/{game_id}/") and result["statusCode"] == 200:
            self.command_seconds.append(time.perf_counter() - started)
            self.command_calls.append(self.calls - calls)
        return int(result["statusCode"]), str(result.get("body") or "").encode()


def _play_game() -> list[tuple[str, float, str, dict[str, Any]]]:
    import boto3
    from moto import mock_aws

    from devtools.client.bots import play
    from devtools.client.http import ApiClient
    from devtools.template import load_template, table_definition
    from functions import container

    with mock_aws():
        client = boto3.client("dynamodb")
        client.create_table(TableName=TABLE, **table_definition(load_template(ROOT / "template.yaml")))
        container.reset()
        container.override(rng=random.Random(4))
        gateway = InProcessGateway()
        container.dynamodb().meta.events.register("before-call.dynamodb", gateway.count_call)
        api = ApiClient("http://bench.local", transport=gateway, retries=0)
        created = api.create_game(["A", "B", "C", "D"])
        game_id, tokens = created["game_id"], dict(enumerate(api.tokens(created)))
        gateway.command_seconds.clear()
        gateway.command_calls.clear()
        run = play(api, game_id, tokens, random.Random(4))
        assert run.finished, "the benchmark game did not finish"
        sizes = sorted(_item_bytes(item) for item in _commit_items(client, game_id))
        container.reset()
    lat = gateway.command_seconds
    tenth = max(1, len(lat) // 10)
    first, last = statistics.median(lat[:tenth]), statistics.median(lat[-tenth:])
    calls = gateway.command_calls
    return [
        ("command_latency_growth", last / first, "ratio",
         {"commands": len(lat), "first_ms": round(first * 1000, 2), "last_ms": round(last * 1000, 2),
          "target": "<= 1.2"}),
        ("dynamodb_calls_per_command", sum(calls) / len(calls), "requests",
         {"commands": len(calls), "max": max(calls), "floor": "1 read + 1 write"}),
        ("commit_bytes_p50", float(sizes[len(sizes) // 2]), "bytes",
         {"commits": len(sizes), "max": sizes[-1], "note": "DynamoDB item size: attribute names + values"}),
    ]


def _commit_items(client: Any, game_id: str) -> list[dict[str, Any]]:
    pages = client.get_paginator("query").paginate(
        TableName=TABLE, KeyConditionExpression="pk = :pk", ExpressionAttributeValues={":pk": {"S": f"GAME#{game_id}"}})
    return [item for page in pages for item in page["Items"] if item["kind"]["S"] == "commit"]


def _item_bytes(item: dict[str, Any]) -> int:
    """DynamoDB's item size rule: UTF-8 attribute names plus values (numbers roughly 1 byte per 2 digits)."""
    size = 0
    for name, value in item.items():
        (kind, raw), = value.items()
        size += len(name.encode()) + (len(raw.encode()) if kind == "S" else (len(raw) + 1) // 2 + 1)
    return size


def _cold_import(code: str) -> float:
    env = {**os.environ, **ENVIRONMENT, "PYTHONDONTWRITEBYTECODE": "1"}
    samples = []
    for _ in range(IMPORT_RUNS):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def _library_modules() -> list[str]:
    env = {**os.environ, **ENVIRONMENT}
    out = subprocess.run([sys.executable, "-c", LIST_LIBRARY_MODULES], check=True, cwd=ROOT, env=env,
                         capture_output=True, text=True).stdout
    return out.split()


def run() -> None:
    os.environ.update(ENVIRONMENT)
    with contextlib.redirect_stdout(io.StringIO()):  # the handlers' EMF metrics lines
        figures = _play_game()
    for name, value, unit, extra in figures:
        emit(name, value, unit, **extra)
    modules = _library_modules()
    handler = _cold_import(HANDLER_IMPORT)
    baseline = _cold_import("import " + ", ".join(modules))
    emit("handler_import_ratio", handler / baseline, "ratio", handler_ms=round(handler * 1000, 1),
         baseline_ms=round(baseline * 1000, 1), library_modules=len(modules), target="<= 1.15")
