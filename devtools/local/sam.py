"""What the local server needs from a SAM template: its functions, their HTTP routes and stream sources."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

SERVERLESS_FUNCTION = "AWS::Serverless::Function"


@dataclass(frozen=True)
class FunctionSpec:
    logical_id: str
    code_root: Path  # what Lambda puts on sys.path: the template's directory joined with CodeUri
    module: str  # "functions.commands.buy"
    attr: str  # "lambda_handler"
    environment: dict[str, Any]  # Globals merged with the function's own, intrinsics still unresolved
    timeout: int
    memory: int
    events: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Route:
    method: str  # upper case, or ANY
    path: str  # as written in the template: /games/{game_id}/buy
    function: str  # logical id of the function

    @property
    def route_key(self) -> str:
        return "$default" if self.path == "$default" else f"{self.method} {self.path}"

    @property
    def specificity(self) -> tuple[int, int, int, int]:
        """Sort key, most specific first: API Gateway prefers literal segments, then plain variables, then greedy."""
        segments = self.path.strip("/").split("/")
        greedy = sum(1 for s in segments if s.endswith("+}"))
        variables = sum(1 for s in segments if s.startswith("{"))
        return (self.path == "$default", greedy, variables, self.method == "ANY")

    def match(self, method: str, path: str) -> dict[str, str] | None:
        """Path parameters when this route serves `method path`, else None."""
        if self.method not in ("ANY", method.upper()):
            return None
        if self.path == "$default":
            return {}
        names: list[str] = []
        parts: list[str] = []
        for segment in self.path.strip("/").split("/"):
            variable = re.fullmatch(r"\{([^}+]+)(\+?)\}", segment)
            if variable is None:
                parts.append(re.escape(segment))
                continue
            names.append(variable.group(1))
            parts.append("(.+)" if variable.group(2) else "([^/]+)")
        found = re.fullmatch("/" + "/".join(parts), path.rstrip("/") or "/")
        if found is None:
            return None
        return {name: unquote(value) for name, value in zip(names, found.groups(), strict=True)}


def _merged(globals_: dict[str, Any], props: dict[str, Any], key: str, default: Any) -> Any:
    return props.get(key, globals_.get(key, default))


def functions(template: dict[str, Any], template_dir: Path) -> dict[str, FunctionSpec]:
    """Every AWS::Serverless::Function, with the template's Globals applied as SAM applies them."""
    globals_ = template.get("Globals", {}).get("Function", {}) or {}
    global_env = (globals_.get("Environment") or {}).get("Variables") or {}
    out: dict[str, FunctionSpec] = {}
    for logical_id, resource in (template.get("Resources") or {}).items():
        if resource.get("Type") != SERVERLESS_FUNCTION:
            continue
        props = resource.get("Properties") or {}
        handler = str(_merged(globals_, props, "Handler", ""))
        if "." not in handler:
            raise ValueError(f"{logical_id}: Handler {handler!r} is not module.function")
        module_path, attr = handler.rsplit(".", 1)
        code_uri = _merged(globals_, props, "CodeUri", ".")
        if not isinstance(code_uri, str):
            raise ValueError(f"{logical_id}: only a local CodeUri path can run locally, not {code_uri!r}")
        env = {**global_env, **((props.get("Environment") or {}).get("Variables") or {})}
        out[logical_id] = FunctionSpec(
            logical_id=logical_id,
            code_root=(template_dir / code_uri).resolve(),
            module=module_path.removesuffix(".py").strip("/").replace("/", "."),
            attr=attr,
            environment=env,
            timeout=int(_merged(globals_, props, "Timeout", 3)),
            memory=int(_merged(globals_, props, "MemorySize", 128)),
            events=dict(props.get("Events") or {}),
        )
    return out


def routes(specs: dict[str, FunctionSpec]) -> list[Route]:
    """The HTTP API routes (Events of Type HttpApi), most specific first."""
    found: list[Route] = []
    for spec in specs.values():
        for event in spec.events.values():
            if event.get("Type") != "HttpApi":
                continue
            props = event.get("Properties") or {}
            # An HttpApi event without Path and Method is the API's $default route.
            path = str(props.get("Path", "$default"))
            method = str(props.get("Method", "ANY")).upper()
            found.append(Route("ANY" if method in ("ANY", "X-AMAZON-APIGATEWAY-ANY-METHOD") else method, path,
                               spec.logical_id))
    return sorted(found, key=lambda r: r.specificity)


def find_route(table: list[Route], method: str, path: str) -> tuple[Route, dict[str, str]] | None:
    for route in table:
        params = route.match(method, path)
        if params is not None:
            return route, params
    return None


@dataclass(frozen=True)
class StreamSource:
    """A DynamoDB event source mapping: which function reads which table's stream, and how."""

    function: str
    table: str  # logical id of the table whose stream it reads
    batch_size: int
    max_retries: int  # -1: until the record expires (locally: a generous bound)
    report_failures: bool
    on_failure: Any  # the unresolved Destination, or None
    filters: list[str]  # FilterCriteria patterns, JSON text


def stream_sources(specs: dict[str, FunctionSpec], template: dict[str, Any] | None = None) -> list[StreamSource]:
    """DynamoDB stream mappings: SAM `DynamoDB` events of the functions, and plain
    AWS::Lambda::EventSourceMapping resources of the template."""
    found: list[StreamSource] = []
    for spec in specs.values():
        for name, event in spec.events.items():
            if event.get("Type") == "DynamoDB":
                found.append(_stream_source(spec.logical_id, f"{spec.logical_id}.{name}",
                                            event.get("Properties") or {}, "Stream"))
    for logical_id, resource in ((template or {}).get("Resources") or {}).items():
        if resource.get("Type") == "AWS::Lambda::EventSourceMapping":
            props = resource.get("Properties") or {}
            function = props.get("FunctionName")
            if not (isinstance(function, dict) and function.get("Ref") in specs):
                raise ValueError(f"{logical_id}: FunctionName must be !Ref <Function> locally")
            found.append(_stream_source(str(function["Ref"]), logical_id, props, "EventSourceArn"))
    return found


def _stream_source(function: str, where: str, props: dict[str, Any], stream_key: str) -> StreamSource:
    stream = props.get(stream_key)
    if not (isinstance(stream, dict) and "Fn::GetAtt" in stream):
        raise ValueError(f"{where}: {stream_key} must be !GetAtt <Table>.StreamArn locally")
    destination = ((props.get("DestinationConfig") or {}).get("OnFailure") or {}).get("Destination")
    return StreamSource(
        function=function,
        table=str(stream["Fn::GetAtt"][0]),
        batch_size=int(props.get("BatchSize", 100)),
        max_retries=int(props.get("MaximumRetryAttempts", -1)),
        report_failures="ReportBatchItemFailures" in (props.get("FunctionResponseTypes") or []),
        on_failure=destination,
        filters=[str(f["Pattern"]) for f in ((props.get("FilterCriteria") or {}).get("Filters") or [])],
    )


@dataclass(frozen=True)
class SocketApi:
    """A WebSocket API of the template (AWS::ApiGatewayV2::Api, ProtocolType WEBSOCKET): the function behind
    each of its routes ($connect, $disconnect, $default, or a custom key) and its stage's name."""

    routes: dict[str, str]  # route key -> logical id of the function
    stage: str


def _function_of_integration(resources: dict[str, Any], target: Any) -> str:
    sub = target.get("Fn::Sub") if isinstance(target, dict) else None
    found = re.fullmatch(r"integrations/\$\{(\w+)\}", sub or "")
    if found is None or found.group(1) not in resources:
        raise ValueError(f"a WebSocket route's Target must be !Sub integrations/${{<Integration>}}, not {target!r}")
    uri = (resources[found.group(1)].get("Properties") or {}).get("IntegrationUri")
    functions_named = re.findall(r"\$\{(\w+)\.Arn\}", (uri or {}).get("Fn::Sub", "") if isinstance(uri, dict) else "")
    if len(functions_named) != 1:
        raise ValueError(f"{found.group(1)}: its IntegrationUri must !Sub one function's Arn")
    return str(functions_named[0])


def socket_api(template: dict[str, Any]) -> SocketApi | None:
    """The template's WebSocket API, or None when it has none (more than one cannot run locally)."""
    resources = template.get("Resources") or {}
    apis = [k for k, r in resources.items() if r.get("Type") == "AWS::ApiGatewayV2::Api"
            and (r.get("Properties") or {}).get("ProtocolType") == "WEBSOCKET"]
    if not apis:
        return None
    if len(apis) > 1:
        raise ValueError(f"one WebSocket API can run locally, not {len(apis)}")
    (api,) = apis

    def of_api(kind: str) -> list[dict[str, Any]]:
        return [r.get("Properties") or {} for r in resources.values()
                if r.get("Type") == kind and (r.get("Properties") or {}).get("ApiId") == {"Ref": api}]

    routes = {str(p["RouteKey"]): _function_of_integration(resources, p.get("Target"))
              for p in of_api("AWS::ApiGatewayV2::Route")}
    stages = [str(p.get("StageName", "$default")) for p in of_api("AWS::ApiGatewayV2::Stage")]
    return SocketApi(routes, stages[0] if stages else "$default")
