"""The OpenAPI document says what the server accepts: schemathesis' positive phases (examples, coverage, fuzzing)
over every route, in this process, through the local server's own route table and events (tests/service/gateway.py).

A schema-valid request is never refused as malformed (400, 415) or as not matching the schema (422
invalid_request): 422 comes with one of the route's documented rule codes, or not at all. Every answer is its
documented status and shape, and none is a 5xx. The run has real credentials and ids (a player, a game started
from its lobby), so that it gets past 401 and 404 into validation. Deterministic, bounded by example counts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl

import pytest
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from functions.openapi import document
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld, memory_world

MAX_EXAMPLES = 12
# What a schema-valid request may be answered besides 2xx: the state of things (a credential refused, a seat
# not the caller's, an unknown device, a stale version, a lobby started or expired), or a rule's refusal.
ACCEPTED = ["2xx", 304, 401, 403, 404, 409, 410, 422]
SCHEMA_CODES = {"invalid_request", "malformed_json", "unsupported_media_type"}


class Unlimited:
    """No rate limit: the run creates more games and players in a second than a source may in an hour."""

    def take(self, windows: Any, now: float) -> None:
        return None


class Credentials:
    """The run's player (the host of a lobby started into a game) and its bot seat's token. A route that replaces
    a credential (a new key, a reissued token) hands it back here: later cases carry the new one."""

    def __init__(self, gateway: Gateway) -> None:
        created = gateway.post("/players", {"name": "Fuzz"}).body
        self.key: str = created["key"]
        lobby = gateway.post("/lobbies", {"seats": [{"host": True}, {"bot": True, "name": "Bot"}]},
                             token=self.key).body
        self.game_id: str = lobby["game_id"]
        started = gateway.post(f"/lobbies/{self.game_id}/start", token=self.key).body
        assert started["started"], started
        [bot] = started["bot_tokens"] or lobby["bot_tokens"]
        self.bot_seat: int = bot["seat"]
        self.token: str = bot["token"]

    def authorization(self, security: list[dict[str, Any]]) -> str:
        schemes = {name for requirement in security for name in requirement}
        return f"Bearer {self.key if 'playerKey' in schemes else self.token}"

    def learn(self, operation_id: str, answer: Any) -> None:
        if not isinstance(answer, dict):
            return
        if operation_id == "rotateKey" and "key" in answer:
            self.key = answer["key"]
        elif operation_id == "reissueSeatToken" and answer.get("seat") == self.bot_seat:
            self.token = answer["token"]


class GatewayApp:
    """A WSGI application over the gateway: what schemathesis calls, the handlers answer."""

    def __init__(self) -> None:
        self._gateway: Gateway | None = None

    @property
    def gateway(self) -> Gateway:
        if self._gateway is None:  # on the first request, not at collection: reading template.yaml takes a while
            self._gateway = Gateway()
        return self._gateway

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(length) if length else None
        headers = {key[5:].replace("_", "-").title(): value for key, value in environ.items()
                   if key.startswith("HTTP_")}
        if environ.get("CONTENT_TYPE"):
            headers["Content-Type"] = environ["CONTENT_TYPE"]
        query = dict(parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True))
        reply = self.gateway.request(environ["REQUEST_METHOD"], environ["PATH_INFO"], raw=raw, headers=headers,
                                     query=query or None)
        start_response(f"{reply.status} -", [(k, v) for k, v in reply.headers.items()])
        return iter([reply.text.encode()])


def rule_codes(case: schemathesis.Case) -> set[str]:
    """The codes the route's 422 answer documents (its error schema's enum: functions/api/refusals.py)."""
    doc = case.operation.schema.raw_schema
    answer = case.operation.definition.raw["responses"].get("422", {})
    ref = answer.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
    model = doc["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {})
    info = model.get("properties", {}).get("error", {})
    info = doc["components"]["schemas"].get(info.get("$ref", "").rsplit("/", 1)[-1], info)
    return set(info.get("properties", {}).get("code", {}).get("enum", []))


def refused_only_by_a_rule(ctx: Any, response: schemathesis.Response, case: schemathesis.Case) -> bool | None:
    """A positive case is never refused for its shape: a 422 names one of the route's documented rule codes."""
    if response.status_code != 422:
        return None
    code = json.loads(response.content)["error"]["code"]
    assert code not in SCHEMA_CODES, (case.operation.label, response.content[:600])
    documented = rule_codes(case)
    assert code in documented, (case.operation.label, code, sorted(documented))
    return True


CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance, positive_data_acceptance,
          refused_only_by_a_rule]


def config() -> schemathesis.Config:
    return schemathesis.Config.from_dict({
        "seed": 8, "suppress-health-check": ["all"],
        "generation": {"mode": "positive", "max-examples": MAX_EXAMPLES, "deterministic": True,
                       "database": "none", "no-shrink": True},
        "phases": {"examples": {"enabled": True}, "coverage": {"enabled": True}, "fuzzing": {"enabled": True},
                   "stateful": {"enabled": False}},
        "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
    })


@pytest.fixture(scope="module")
def world() -> Iterator[MemoryWorld]:
    yield from memory_world()


@pytest.fixture(scope="module")
def credentials(world: MemoryWorld) -> Credentials:
    from dataclasses import replace

    from functions import container

    container.install(replace(container.given(), limiter=Unlimited()))
    return Credentials(Gateway())


schema = schemathesis.openapi.from_dict(document(), config=config())
schema.app = GatewayApp()


@pytest.mark.slow
@schema.parametrize()
def test_a_schema_valid_request_is_refused_only_by_a_rule(case: schemathesis.Case, credentials: Credentials) -> None:
    case.headers = {**(case.headers or {}), "Authorization": credentials.authorization(
        case.operation.definition.raw.get("security", [{}]))}
    if case.path_parameters is not None and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = credentials.game_id
    response = case.call_and_validate(checks=CHECKS)
    if response.status_code < 300 and response.content:
        credentials.learn(case.operation.definition.raw.get("operationId", ""), json.loads(response.content))


