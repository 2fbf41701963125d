"""The template's tables, topics and queues, created in the embedded AWS, and its intrinsics resolved to them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from devtools.template import table_definition

ACCOUNT = "123456789012"  # moto's default account: ARNs it builds carry this id
NO_VALUE = object()


@dataclass
class LocalResources:
    """What each logical id became locally: its Ref value and its GetAtt attributes."""

    template: dict[str, Any]
    region: str
    stack: str = "distilled-local"
    refs: dict[str, str] = field(default_factory=dict)
    attrs: dict[tuple[str, str], str] = field(default_factory=dict)
    tables: dict[str, str] = field(default_factory=dict)  # logical id -> table name
    topics: dict[str, str] = field(default_factory=dict)  # logical id -> topic ARN
    queues: dict[str, str] = field(default_factory=dict)  # logical id -> queue URL

    def __post_init__(self) -> None:
        for name, param in (self.template.get("Parameters") or {}).items():
            if "Default" in param:
                self.refs[name] = str(param["Default"])
        self.refs |= {"AWS::Region": self.region, "AWS::AccountId": ACCOUNT, "AWS::StackName": self.stack,
                      "AWS::Partition": "aws", "AWS::URLSuffix": "amazonaws.com"}

    def resources(self, type_: str) -> dict[str, dict[str, Any]]:
        return {k: v.get("Properties") or {} for k, v in (self.template.get("Resources") or {}).items()
                if v.get("Type") == type_}

    def name(self, logical_id: str, given: Any, suffix: str = "") -> str:
        if given is not None:
            resolved = self.resolve(given)
            if isinstance(resolved, str):
                return resolved
        return f"{self.stack}-{logical_id}{suffix}"

    def resolve(self, value: Any) -> Any:
        """A template value with Ref, GetAtt, Sub, Join, Select and If replaced by local values."""
        if isinstance(value, list):
            return [r for r in (self.resolve(v) for v in value) if r is not NO_VALUE]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            key, arg = next(iter(value.items()))
            intrinsic = _INTRINSICS.get(key)
            if intrinsic is not None:
                return intrinsic(self, arg)
        return {k: r for k, r in ((k, self.resolve(v)) for k, v in value.items()) if r is not NO_VALUE}

    def ref(self, name: str) -> Any:
        if name == "AWS::NoValue":
            return NO_VALUE
        if name not in self.refs:
            raise ValueError(f"!Ref {name}: not a parameter or resource the local server knows")
        return self.refs[name]

    def get_att(self, logical_id: str, attribute: str) -> str:
        key = (logical_id, attribute)
        if key not in self.attrs:
            raise ValueError(f"!GetAtt {logical_id}.{attribute}: not available locally")
        return self.attrs[key]

    def condition(self, name: str) -> bool:
        return bool(self.resolve((self.template.get("Conditions") or {})[name]))

    def environment(self, variables: dict[str, Any]) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in variables.items():
            resolved = self.resolve(value)
            if resolved is NO_VALUE:
                continue
            out[key] = str(resolved).lower() if isinstance(resolved, bool) else str(resolved)
        return out

    def arn(self, service: str, resource: str) -> str:
        return f"arn:aws:{service}:{self.region}:{ACCOUNT}:{resource}"


def _sub(res: LocalResources, arg: Any) -> str:
    text, variables = (arg, {}) if isinstance(arg, str) else (arg[0], res.resolve(arg[1]))

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name.startswith("!"):
            return "${" + name[1:] + "}"
        if name in variables:
            return str(variables[name])
        if "." in name and not name.startswith("AWS::"):
            return res.get_att(*name.split(".", 1))
        return str(res.ref(name))

    return re.sub(r"\$\{([^}]+)\}", one, text)


def _get_att(res: LocalResources, arg: Any) -> str:
    logical_id, attribute = arg if isinstance(arg, list) else str(arg).split(".", 1)
    return res.get_att(str(logical_id), str(res.resolve(attribute)))


_INTRINSICS: dict[str, Callable[[LocalResources, Any], Any]] = {
    "Ref": lambda res, arg: res.ref(str(arg)),
    "Fn::GetAtt": _get_att,
    "Fn::Sub": _sub,
    "Fn::Join": lambda res, arg: str(arg[0]).join(str(v) for v in res.resolve(arg[1])),
    "Fn::Select": lambda res, arg: res.resolve(arg[1])[int(res.resolve(arg[0]))],
    "Fn::Split": lambda res, arg: str(res.resolve(arg[1])).split(str(arg[0])),
    "Fn::If": lambda res, arg: res.resolve(arg[1] if res.condition(arg[0]) else arg[2]),
    "Fn::Equals": lambda res, arg: res.resolve(arg[0]) == res.resolve(arg[1]),
    "Fn::Not": lambda res, arg: not res.resolve(arg[0]),
    "Fn::And": lambda res, arg: all(res.resolve(a) for a in arg),
    "Fn::Or": lambda res, arg: any(res.resolve(a) for a in arg),
    "Condition": lambda res, arg: res.condition(str(arg)),
}


Refill = Callable[[str, list[dict[str, Any]]], None]


def provision(res: LocalResources, clients: Callable[[str], Any],
              restore: dict[str, list[dict[str, Any]]] | None = None, refill: Refill | None = None) -> None:
    """Create tables (refilled from `restore`, by `refill(table, items)` if given), topics and queues; record
    every Ref and GetAtt value."""
    for logical_id, props in res.resources("AWS::SQS::Queue").items():
        fifo = ".fifo" if props.get("FifoQueue") else ""
        attributes = {"FifoQueue": "true"} if fifo else {}
        url = clients("sqs").create_queue(QueueName=res.name(logical_id, props.get("QueueName"), fifo),
                                          Attributes=attributes)["QueueUrl"]
        queue_name = url.rsplit("/", 1)[-1]
        res.queues[logical_id] = res.refs[logical_id] = res.attrs[(logical_id, "QueueUrl")] = url
        res.attrs[(logical_id, "QueueName")] = queue_name
        res.attrs[(logical_id, "Arn")] = res.arn("sqs", queue_name)
    for logical_id, props in res.resources("AWS::SNS::Topic").items():
        arn = clients("sns").create_topic(Name=res.name(logical_id, props.get("TopicName")))["TopicArn"]
        res.topics[logical_id] = res.refs[logical_id] = res.attrs[(logical_id, "TopicArn")] = arn
        res.attrs[(logical_id, "TopicName")] = arn.rsplit(":", 1)[-1]
    for logical_id, props in res.resources("AWS::DynamoDB::Table").items():
        _table(res, clients("dynamodb"), logical_id, props, (restore or {}).get(logical_id, []), refill)
    for logical_id, resource in (res.template.get("Resources") or {}).items():
        if logical_id in res.refs:
            continue
        # Functions and anything else: a name and an ARN, so !Ref and !GetAtt .Arn resolve.
        name = res.refs[logical_id] = f"{res.stack}-{logical_id}"
        service = "lambda" if resource.get("Type") == "AWS::Serverless::Function" else "local"
        res.attrs[(logical_id, "Arn")] = res.arn(service, f"function:{name}" if service == "lambda" else name)


def _table(res: LocalResources, client: Any, logical_id: str, props: dict[str, Any],
           items: list[dict[str, Any]], refill: Refill | None) -> None:
    definition = table_definition(res.template, logical_id)
    # The stream is switched on after the refill, so restored history is not notified a second time.
    stream = definition.pop("StreamSpecification", None)
    name = res.name(logical_id, props.get("TableName"))
    client.create_table(TableName=name, **definition)
    if refill is not None:
        refill(name, items)
    else:
        for start in range(0, len(items), 25):
            batch = [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]
            client.batch_write_item(RequestItems={name: batch})
    if stream:
        client.update_table(TableName=name, StreamSpecification=stream)
    table = client.describe_table(TableName=name)["Table"]
    res.tables[logical_id] = res.refs[logical_id] = name
    res.attrs[(logical_id, "Arn")] = table["TableArn"]
    if "LatestStreamArn" in table:
        res.attrs[(logical_id, "StreamArn")] = table["LatestStreamArn"]
