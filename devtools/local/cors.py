"""The HTTP API's CORS on a laptop: the rules of the template's CorsConfiguration (GamesApi, switched on by the
AllowedOrigins parameter), with the origins `distilled serve --allow-origin` names.

As API Gateway does: with no origin allowed there is no CORS at all (an OPTIONS request goes to the routes like
any other); with some, the gateway answers preflights itself, adds the headers to the answers of an allowed
origin's requests, and drops any CORS header a function returned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from devtools.local.apigw import HttpRequest, HttpResponse

# What the template's configuration holds (a test keeps the two equal); used if a template has none.
METHODS = ("GET", "POST", "OPTIONS")
HEADERS = ("Authorization", "Content-Type", "If-None-Match")
EXPOSE = ("ETag",)
MAX_AGE = 600


@dataclass(frozen=True)
class Cors:
    origins: frozenset[str]
    methods: tuple[str, ...] = METHODS
    headers: tuple[str, ...] = HEADERS
    expose: tuple[str, ...] = EXPOSE
    max_age: int | None = MAX_AGE

    def allows(self, origin: str | None) -> bool:
        return origin is not None and ("*" in self.origins or origin.rstrip("/").lower() in self.origins)


def cors_rules(template: dict[str, Any], origins: Iterable[str]) -> Cors | None:
    """The rules for these origins (None: CORS closed, the default). The methods, headers and max age come from
    the HTTP API's CorsConfiguration: its `!If` branch that the AllowedOrigins parameter switches on."""
    allowed = frozenset(o.strip().rstrip("/").lower() for o in origins if o.strip())
    if not allowed:
        return None
    for resource in (template.get("Resources") or {}).values():
        if resource.get("Type") != "AWS::Serverless::HttpApi":
            continue
        config = (resource.get("Properties") or {}).get("CorsConfiguration")
        if isinstance(config, dict) and "Fn::If" in config:
            config = config["Fn::If"][1]
        if isinstance(config, dict):
            return Cors(allowed, tuple(config.get("AllowMethods", METHODS)), tuple(config.get("AllowHeaders", HEADERS)),
                        tuple(config.get("ExposeHeaders", EXPOSE)), config.get("MaxAge", MAX_AGE))
    return Cors(allowed)


def _header(request: HttpRequest, name: str) -> str | None:
    return next((v for k, v in request.headers if k.lower() == name), None)


def preflight(cors: Cors, request: HttpRequest) -> HttpResponse | None:
    """The gateway's own answer to a preflight (OPTIONS with Origin and Access-Control-Request-Method); None
    for any other request."""
    origin = _header(request, "origin")
    if request.method != "OPTIONS" or origin is None or _header(request, "access-control-request-method") is None:
        return None
    headers = [("vary", "Origin")]
    if cors.allows(origin):
        headers += [("access-control-allow-origin", origin), ("access-control-allow-methods", ",".join(cors.methods)),
                    ("access-control-allow-headers", ",".join(cors.headers).lower())]
        if cors.max_age is not None:
            headers.append(("access-control-max-age", str(cors.max_age)))
    return HttpResponse(204, headers, b"")


def decorate(cors: Cors, request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """An integration's answer with the CORS headers of the request's origin (none for another origin)."""
    kept = [(k, v) for k, v in response.headers if not k.lower().startswith("access-control-")]
    origin = _header(request, "origin")
    if cors.allows(origin):
        assert origin is not None
        kept += [("access-control-allow-origin", origin), ("access-control-expose-headers", ",".join(cors.expose)),
                 ("vary", "Origin")]
    return HttpResponse(response.status, kept, response.body)
