"""API Gateway HTTP API (payload format 2.0) on a laptop: the event SAM would send, the response it would return."""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from devtools.local.resources import ACCOUNT

API_ID = "local"


@dataclass(frozen=True)
class HttpRequest:
    method: str
    target: str  # path and query, as on the request line
    headers: list[tuple[str, str]]
    body: bytes = b""
    source_ip: str = "127.0.0.1"
    host: str = "127.0.0.1:3000"


def _joined(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """API Gateway v2 folds repeated headers and query parameters into one comma-separated value."""
    out: dict[str, str] = {}
    for key, value in pairs:
        out[key] = f"{out[key]},{value}" if key in out else value
    return out


def http_event(request: HttpRequest, route_key: str, path_parameters: dict[str, str],
               now: float | None = None) -> dict[str, Any]:
    """The Lambda event API Gateway builds for this request (payload format version 2.0)."""
    raw_path, _, raw_query = request.target.partition("?")
    now = time.time() if now is None else now
    headers = _joined((k.lower(), v) for k, v in request.headers)
    cookies = [c.strip() for c in headers.pop("cookie", "").split(";") if c.strip()]
    headers.setdefault("x-forwarded-for", request.source_ip)
    headers.setdefault("x-forwarded-proto", "http")
    headers.setdefault("x-forwarded-port", request.host.rpartition(":")[2] or "80")
    request_id = uuid.uuid4().hex
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": route_key,
        "rawPath": raw_path,
        "rawQueryString": raw_query,
        "headers": headers,
        "requestContext": {
            "accountId": ACCOUNT,
            "apiId": API_ID,
            "domainName": request.host.partition(":")[0],
            "domainPrefix": API_ID,
            "http": {
                "method": request.method.upper(),
                "path": raw_path,
                "protocol": "HTTP/1.1",
                "sourceIp": request.source_ip,
                "userAgent": headers.get("user-agent", ""),
            },
            "requestId": request_id,
            "routeKey": route_key,
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
            "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": False,
    }
    if cookies:
        event["cookies"] = cookies
    query = _joined(parse_qsl(raw_query, keep_blank_values=True))
    if query:
        event["queryStringParameters"] = query
    if path_parameters:
        event["pathParameters"] = dict(path_parameters)
    if request.body:
        try:
            event["body"] = request.body.decode("utf-8")
        except UnicodeDecodeError:
            event["body"], event["isBase64Encoded"] = base64.b64encode(request.body).decode("ascii"), True
    return event


@dataclass(frozen=True)
class HttpResponse:
    status: int
    headers: list[tuple[str, str]]
    body: bytes


def http_response(result: Any) -> HttpResponse:
    """What API Gateway sends back for a handler's return value (a 2.0 response, or a bare value as JSON)."""
    if not (isinstance(result, dict) and "statusCode" in result):
        body = json.dumps(result).encode()
        return HttpResponse(200, [("content-type", "application/json")], body)
    raw = result.get("body") or ""
    body = base64.b64decode(raw) if result.get("isBase64Encoded") else str(raw).encode()
    headers = [(str(k), str(v)) for k, v in (result.get("headers") or {}).items()]
    for key, values in (result.get("multiValueHeaders") or {}).items():
        headers += [(str(key), str(v)) for v in values]
    headers += [("set-cookie", str(c)) for c in result.get("cookies") or []]
    return HttpResponse(int(result["statusCode"]), headers, body)


def error_response(status: int, code: str, message: str) -> HttpResponse:
    body = json.dumps({"error": {"code": code, "message": message, "details": {}}}).encode()
    return HttpResponse(status, [("content-type", "application/json")], body)


@dataclass
class LambdaContext:
    """Enough of the Lambda context object for powertools and handlers."""

    function_name: str
    memory_limit_in_mb: int = 128
    timeout_seconds: int = 3
    region: str = "us-east-1"
    function_version: str = "$LATEST"
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    started: float = field(default_factory=time.monotonic)

    @property
    def invoked_function_arn(self) -> str:
        return f"arn:aws:lambda:{self.region}:{ACCOUNT}:function:{self.function_name}"

    @property
    def log_group_name(self) -> str:
        return f"/aws/lambda/{self.function_name}"

    @property
    def log_stream_name(self) -> str:
        return f"local/[{self.function_version}]{self.aws_request_id}"

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self.timeout_seconds - (time.monotonic() - self.started)) * 1000))
