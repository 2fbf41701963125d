"""The create routes' limits (service/limits/rules.py) at the HTTP edge: the request's source address, as API Gateway
saw it (requestContext.http.sourceIp), never logged; imported by a create handler on first use only."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from functions import container
from service.limits.rules import Limits

RATE_LIMITED = "Too many requests of this kind lately: retry after Retry-After seconds."


def source_ip(app: APIGatewayHttpResolver) -> str | None:
    context: Any = app.current_event.raw_event.get("requestContext") or {}
    found = (context.get("http") or {}).get("sourceIp")
    return found if isinstance(found, str) else None


def limits() -> Limits:
    return Limits(container.limiter())
