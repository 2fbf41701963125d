"""moto does not enforce IAM: record every DynamoDB call each function really makes (its action, table and
the partition keys it touches), and evaluate it against the statements template.yaml grants that function,
their `dynamodb:LeadingKeys` conditions included. A condition this checker cannot evaluate fails the test
rather than pass unread."""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from devtools.template import load_template

TABLE = "GamesTable.Arn"
_KEY_CONDITION = re.compile(r"\b(?:pk|gsi1pk)\s*=\s*(:\w+)")  # a table's or its index's partition key
_OPERATORS = ("ForAllValues:StringLike", "ForAllValues:StringEquals")


_template = functools.cache(load_template)  # read once per test session: the file does not change under it


@dataclass(frozen=True)
class Call:
    action: str  # "dynamodb:PutItem"
    resource: str | None = TABLE  # the template's name for what it targets; None: no table
    leading_keys: tuple[str, ...] = ()  # the partition key values it reads or writes
    attributes: tuple[str, ...] | None = None  # an UpdateItem's attribute names (dynamodb:Attributes)
    return_values: str | None = None


def call_of(operation: str, params: dict[str, Any]) -> Call:
    """What IAM sees of one DynamoDB request, as boto3 was asked to send it."""
    keys: tuple[str, ...] = ()
    if "Item" in params:
        keys = (params["Item"]["pk"]["S"],)
    elif "Key" in params:
        keys = (params["Key"]["pk"]["S"],)
    elif "KeyConditionExpression" in params:
        placeholder = _KEY_CONDITION.search(params["KeyConditionExpression"])
        assert placeholder, f"cannot read the partition key of {params['KeyConditionExpression']!r}"
        keys = (params["ExpressionAttributeValues"][placeholder.group(1)]["S"],)
    elif operation not in ("Scan", "DescribeTable"):
        assert "RequestItems" not in params and "TransactItems" not in params, f"{operation}: teach call_of"
    resource = (f"{TABLE}/index/{params['IndexName']}" if "IndexName" in params else TABLE) \
        if "TableName" in params else None
    attributes = None
    if operation == "UpdateItem":  # what it names: its key and the attributes its expressions name
        attributes = tuple(sorted({*params["Key"], *(params.get("ExpressionAttributeNames") or {}).values()}))
    return Call(f"dynamodb:{operation}", resource, keys, attributes, params.get("ReturnValues"))


_TRANSACTED = {"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem", "ConditionCheck": "ConditionCheckItem"}


def calls_of(operation: str, params: dict[str, Any]) -> list[Call]:
    """What IAM sees of one request: a transaction is authorized item by item, each as its own action."""
    if operation != "TransactWriteItems":
        return [call_of(operation, params)]
    return [call_of(_TRANSACTED[kind], request) for item in params["TransactItems"] for kind, request in item.items()]


class OperationLog:
    def __init__(self) -> None:
        self.current: str | None = None  # the handler spec now running
        self.used: defaultdict[str, set[Call]] = defaultdict(set)

    def hook(self, model: Any, params: dict[str, Any], **_: Any) -> None:
        if self.current is not None:
            self.used[self.current].update(calls_of(model.name, params))

    def watch(self, client: Any) -> None:
        # The caller's own parameters, before serialization: what IAM's condition keys are computed from.
        client.meta.events.register("before-parameter-build.dynamodb", self.hook)

    @contextmanager
    def running(self, handler: str) -> Iterator[None]:
        self.current = handler
        try:
            yield
        finally:
            self.current = None


def statements(handler: str) -> list[dict[str, Any]]:
    """The inline policy statements of the function whose Handler is `handler`."""
    for resource in _template()["Resources"].values():
        props = resource.get("Properties", {})
        if resource["Type"] == "AWS::Serverless::Function" and props.get("Handler") == handler:
            return [s for policy in props.get("Policies", []) if isinstance(policy, dict)
                    for s in policy.get("Statement", [])]
    raise KeyError(handler)


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _like(pattern: str, value: str) -> bool:
    return re.fullmatch(re.escape(pattern).replace(r"\*", ".*").replace(r"\?", "."), value) is not None


def _attribute_condition(operator: str, key: str, wanted: Any, call: Call) -> bool | None:
    """dynamodb:Attributes (ForAllValues:StringEquals) and dynamodb:ReturnValues (StringEqualsIfExists); None:
    not one of these."""
    if key == "dynamodb:Attributes" and operator == "ForAllValues:StringEquals":
        return call.attributes is not None and set(call.attributes) <= set(_listed(wanted))
    if key == "dynamodb:ReturnValues" and operator == "StringEqualsIfExists":
        return call.return_values is None or call.return_values in _listed(wanted)
    return None


def _condition_holds(condition: dict[str, Any], call: Call) -> bool:
    for operator, tests in condition.items():
        for key, wanted in tests.items():
            if (verdict := _attribute_condition(operator, key, wanted, call)) is not None:
                if not verdict:
                    return False
                continue
            if key != "dynamodb:LeadingKeys" or operator not in _OPERATORS:
                raise AssertionError(f"the IAM check cannot evaluate {operator} {key}: teach it")
            match = _like if operator.endswith("StringLike") else str.__eq__
            # ForAllValues: every value the request carries must match one listed (none carried: it holds).
            if not all(any(match(w, value) for w in _listed(wanted)) for value in call.leading_keys):
                return False
    return True


def _resource_names(statement: dict[str, Any]) -> set[str]:
    names = set()
    for resource in _listed(statement["Resource"]):
        assert isinstance(resource, dict), f"teach the IAM check {resource!r}"
        if "Fn::Sub" in resource:  # "${GamesTable.Arn}/index/gsi1": an index of the table
            sub = resource["Fn::Sub"]
            assert isinstance(sub, str) and re.fullmatch(r"\$\{\w+\.Arn\}/index/\w+", sub), f"teach it {sub!r}"
            names.add(sub.replace("${", "").replace("}", ""))
            continue
        assert "Fn::GetAtt" in resource, f"teach the IAM check {resource!r}"
        names.add(".".join(resource["Fn::GetAtt"]))
    return names


def _matches(statement: dict[str, Any], call: Call) -> bool:
    if not any(_like(action, call.action) for action in _listed(statement["Action"])):
        return False
    if call.resource is not None and call.resource not in _resource_names(statement):
        return False
    return _condition_holds(statement.get("Condition", {}), call)


def allowed(handler: str, call: Call) -> bool:
    """IAM's verdict on one call: an explicit Deny wins, else it needs a matching Allow."""
    matching = [s["Effect"] for s in statements(handler) if _matches(s, call)]
    return "Deny" not in matching and "Allow" in matching


def assert_within_policies(log: OperationLog) -> None:
    assert log.used, "no DynamoDB call was recorded"
    for handler, calls in log.used.items():
        refused = sorted((c for c in calls if not allowed(handler, c)), key=repr)
        assert not refused, f"{handler} makes calls template.yaml does not grant: {refused}"
