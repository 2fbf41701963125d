"""API Gateway (HTTP API, payload 2.0) in a test: routes read from template.yaml, handlers imported as Lambda
would import them, events shaped as API Gateway shapes them."""

from __future__ import annotations

import importlib
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from infra.template import load_template
from tests.service.iam import OperationLog

ACCOUNT = "123456789012"


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # /games/{game_id}/buy, or $default
    handler: str  # functions/commands/buy.lambda_handler

    @property
    def key(self) -> str:
        return "$default" if self.path == "$default" else f"{self.method} {self.path}"

    def match(self, method: str, path: str) -> dict[str, str] | None:
        if self.path == "$default":
            return {}
        if self.method not in ("ANY", method):
            return None
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.path))
        found = re.fullmatch(pattern, path)
        return found.groupdict() if found else None


def template_routes(template: dict[str, Any] | None = None) -> list[Route]:
    template = template or load_template()
    found = []
    for resource in template["Resources"].values():
        if resource["Type"] != "AWS::Serverless::Function":
            continue
        props = resource["Properties"]
        for event in props.get("Events", {}).values():
            if event["Type"] == "HttpApi":
                method = event["Properties"].get("Method", "ANY").upper()
                found.append(Route(method, event["Properties"].get("Path", "$default"), props["Handler"]))
    # Literal routes before parameterised ones, $default last: API Gateway's precedence.
    return sorted(found, key=lambda r: (r.path == "$default", r.path.count("{"), r.path))


class FakeContext:
    function_name = "test-function"
    function_version = "$LATEST"
    memory_limit_in_mb = 512
    invoked_function_arn = f"arn:aws:lambda:eu-west-1:{ACCOUNT}:function:test-function"

    def __init__(self) -> None:
        self.aws_request_id = uuid.uuid4().hex

    def get_remaining_time_in_millis(self) -> int:
        return 10_000


def http_event(method: str, path: str, route: Route, params: dict[str, str], body: str | None,
               headers: dict[str, str], query: dict[str, str] | None) -> dict[str, Any]:
    now = time.time()
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": route.key,
        "rawPath": path,
        "rawQueryString": urlencode(query or {}),
        "headers": {k.lower(): v for k, v in headers.items()},
        "requestContext": {
            "accountId": ACCOUNT, "apiId": "api", "domainName": "api.example.com", "domainPrefix": "api",
            "http": {"method": method, "path": path, "protocol": "HTTP/1.1", "sourceIp": "127.0.0.1",
                     "userAgent": "pytest"},
            "requestId": uuid.uuid4().hex, "routeKey": route.key, "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)), "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": False,
    }
    if params:
        event["pathParameters"] = params
    if query:
        event["queryStringParameters"] = query
    if body is not None:
        event["body"] = body
    return event


@dataclass
class Reply:
    status: int
    text: str
    headers: dict[str, str]
    body: Any = field(init=False)

    def __post_init__(self) -> None:
        self.body = json.loads(self.text) if self.text else None

    @property
    def code(self) -> str | None:
        return self.body["error"]["code"] if isinstance(self.body, dict) and "error" in self.body else None


class Gateway:
    def __init__(self, routes: list[Route] | None = None) -> None:
        self.routes = routes if routes is not None else template_routes()
        self._handlers: dict[str, Any] = {}
        self.calls: dict[str, int] = {}
        self.operations = OperationLog()

    def handler(self, spec: str) -> Any:
        if spec not in self._handlers:
            module, attr = spec.rsplit(".", 1)
            self._handlers[spec] = getattr(importlib.import_module(module.replace("/", ".")), attr)
        return self._handlers[spec]

    def request(self, method: str, path: str, body: Any = None, *, raw: str | None = None,
                token: str | None = None, headers: dict[str, str] | None = None,
                query: dict[str, str] | None = None) -> Reply:
        route, params = next((r, p) for r in self.routes if (p := r.match(method, path)) is not None)
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        text = raw if raw is not None else (None if body is None else json.dumps(body))
        if text is not None:
            sent.setdefault("Content-Type", "application/json")
        event = http_event(method, path, route, params, text, sent, query)
        self.calls[route.key] = self.calls.get(route.key, 0) + 1
        with self.operations.running(route.handler):
            response = self.handler(route.handler)(event, FakeContext())
        assert not response.get("isBase64Encoded"), response
        return Reply(response["statusCode"], response.get("body") or "", response.get("headers") or {})

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Reply:
        return self.request("POST", path, body, **kwargs)

    def get(self, path: str, **kwargs: Any) -> Reply:
        return self.request("GET", path, **kwargs)
