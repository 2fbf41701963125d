"""CORS: closed unless origins are named (the template's AllowedOrigins, `distilled serve --allow-origin`); then
preflights answered by the gateway, an allowed origin's answers carrying the headers, no one else's."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from devtools.local import cors
from devtools.local.__main__ import add_arguments
from devtools.local.apigw import HttpRequest, HttpResponse
from devtools.local.httpd import Gateway
from devtools.local.sam import Route
from devtools.template import load_template

PAGE, OTHER = "http://localhost:5173", "https://evil.example"
ROUTES = [Route("GET", "/games/{game_id}", "GetGame"), Route("ANY", "$default", "NotFound")]


class Invoker:
    """Each function answers 200 (404 for $default), with a CORS header of its own the gateway must drop."""

    invocations = 0

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def invoke(self, function: str, event: dict[str, Any]) -> dict[str, Any]:
        self.events.append(event)
        return {"statusCode": 404 if function == "NotFound" else 200, "body": "{}",
                "headers": {"ETag": '"t"', "Access-Control-Allow-Origin": "*"}}


def gateway(*origins: str) -> tuple[Gateway, Invoker]:
    invoker = Invoker()
    rules = cors.cors_rules(load_template(), origins)
    return Gateway(ROUTES, invoker, outbox=None, cors=rules), invoker  # type: ignore[arg-type]


def request(method: str, origin: str | None = None, **headers: str) -> HttpRequest:
    sent = [(k.replace("_", "-"), v) for k, v in headers.items()] + ([("Origin", origin)] if origin else [])
    return HttpRequest(method, "/games/g1", sent)


def cors_headers(response: HttpResponse) -> dict[str, str]:
    return {k.lower(): v for k, v in response.headers if k.lower().startswith("access-control-")}


def test_cors_is_closed_by_default() -> None:
    assert cors.cors_rules(load_template(), []) is None and cors.cors_rules(load_template(), [" "]) is None
    front, invoker = gateway()
    preflight = front.handle(request("OPTIONS", PAGE, Access_Control_Request_Method="GET"))
    assert preflight.status == 404 and len(invoker.events) == 1  # no CORS: OPTIONS is a request like any other
    answer = front.handle(request("GET", PAGE))
    assert answer.status == 200
    # (the fake function's own header passes: with no CORS configuration the gateway adds and drops nothing)
    assert cors_headers(answer) == {"access-control-allow-origin": "*"}


def test_an_allowed_origins_preflight_is_answered_by_the_gateway() -> None:
    front, invoker = gateway(PAGE, "https://other.example/")
    answer = front.handle(request("OPTIONS", PAGE, Access_Control_Request_Method="GET",
                                  Access_Control_Request_Headers="authorization,if-none-match"))
    assert answer.status == 204 and invoker.events == []
    assert cors_headers(answer) == {
        "access-control-allow-origin": PAGE, "access-control-allow-methods": "GET,POST,OPTIONS",
        "access-control-allow-headers": "authorization,content-type,if-none-match",
        "access-control-max-age": "600"}
    refused = front.handle(request("OPTIONS", OTHER, Access_Control_Request_Method="GET"))
    assert refused.status == 204 and cors_headers(refused) == {} and invoker.events == []


def test_only_an_allowed_origin_reads_the_answer_and_its_etag() -> None:
    front, _ = gateway(PAGE)
    allowed = front.handle(request("GET", PAGE))
    assert cors_headers(allowed) == {"access-control-allow-origin": PAGE, "access-control-expose-headers": "ETag"}
    assert ("vary", "Origin") in allowed.headers and ("ETag", '"t"') in allowed.headers
    for origin in (OTHER, None):
        assert cors_headers(front.handle(request("GET", origin))) == {}  # the function's own header is dropped
    # An OPTIONS that is no preflight (no Access-Control-Request-Method) reaches the routes.
    assert front.handle(request("OPTIONS", PAGE)).status == 404


def test_the_local_rules_are_the_templates() -> None:
    template = load_template()
    parameter = template["Parameters"]["AllowedOrigins"]
    assert (parameter["Type"], parameter["Default"]) == ("CommaDelimitedList", "")
    config = template["Resources"]["GamesApi"]["Properties"]["CorsConfiguration"]["Fn::If"]
    assert config[0] == "HasAllowedOrigins" and config[2] == {"Ref": "AWS::NoValue"}
    assert config[1]["AllowOrigins"] == {"Ref": "AllowedOrigins"}
    rules = cors.cors_rules(template, [PAGE])
    assert rules == cors.Cors(frozenset({PAGE}), cors.METHODS, cors.HEADERS, cors.EXPOSE, cors.MAX_AGE)
    assert template["Conditions"]["HasAllowedOrigins"] == {
        "Fn::Not": [{"Fn::Equals": [{"Fn::Join": ["", {"Ref": "AllowedOrigins"}]}, ""]}]}


@pytest.mark.parametrize(("argv", "origins"), [([], []), (["--allow-origin", PAGE], [PAGE]),
                                               (["--allow-origin", PAGE, "--allow-origin", OTHER], [PAGE, OTHER])])
def test_serve_takes_repeated_allow_origins(argv: list[str], origins: list[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(argv).allow_origins == origins
