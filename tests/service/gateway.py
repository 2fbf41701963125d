"""API Gateway (HTTP API, payload 2.0) in a test: the local server's own route table (read from template.yaml)
and event translation, with the handlers called in this process, so tests and `make serve` cannot differ."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from devtools.local import sam
from devtools.local.apigw import HttpRequest, LambdaContext, http_event
from devtools.template import load_template
from tests.service.iam import OperationLog
from tests.service.replies import check_reply

ROOT = Path(__file__).resolve().parents[2]


def FakeContext(function_name: str = "test-function") -> LambdaContext:
    return LambdaContext(function_name=function_name, timeout_seconds=10)


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
    def __init__(self) -> None:
        self.specs = sam.functions(load_template(ROOT / "template.yaml"), ROOT)
        self.routes = sam.routes(self.specs)
        self._handlers: dict[str, Any] = {}
        self.operations = OperationLog()

    def handler(self, spec: sam.FunctionSpec) -> Any:
        if spec.logical_id not in self._handlers:
            self._handlers[spec.logical_id] = getattr(importlib.import_module(spec.module), spec.attr)
        return self._handlers[spec.logical_id]

    def request(self, method: str, path: str, body: Any = None, *, raw: str | bytes | None = None,
                token: str | None = None, headers: dict[str, str] | None = None,
                query: dict[str, str] | None = None, event: dict[str, Any] | None = None) -> Reply:
        """`raw` is sent as the body bytes (a str as UTF-8); `event` overrides fields of the API Gateway event,
        for what only a real gateway sends (a base64 body with no Content-Type, say)."""
        found = sam.find_route(self.routes, method, path)
        assert found is not None, f"no route for {method} {path}"
        route, params = found
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        text = raw if raw is not None else (None if body is None else json.dumps(body))
        if text is not None:
            sent.setdefault("Content-Type", "application/json")
        target = path + (f"?{urlencode(query)}" if query else "")
        data = text if isinstance(text, bytes) else (text or "").encode()
        request = HttpRequest(method, target, list(sent.items()), data)
        spec = self.specs[route.function]
        handler_name = f"{spec.module.replace('.', '/')}.{spec.attr}"
        sent_event = {**http_event(request, route.route_key, params), **(event or {})}
        with self.operations.running(handler_name):
            response = self.handler(spec)(sent_event, FakeContext(route.function))
        assert not response.get("isBase64Encoded"), response
        check_reply(route.route_key, response["statusCode"], response.get("body") or "")
        return Reply(response["statusCode"], response.get("body") or "", response.get("headers") or {})

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Reply:
        return self.request("POST", path, body, **kwargs)

    def get(self, path: str, **kwargs: Any) -> Reply:
        return self.request("GET", path, **kwargs)


class GameGateway(Gateway):
    """A gateway with the one game a property test's examples share."""

    game_id: str
    tokens: list[str]


def shared_game(world: Any, seats: int) -> GameGateway:
    """One game per world: hypothesis runs every example in the same function-scoped world."""
    if world.game is None:
        gw = GameGateway()
        created = gw.post("/games", {"seats": [{"name": "ABCDE"[i]} for i in range(seats)]}).body
        gw.game_id, gw.tokens = created["game_id"], [s["token"] for s in created["seats"]]
        world.game = gw
    game: GameGateway = world.game
    return game
