"""Read template.yaml, so tests and the local server build what deployment builds."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from devtools import language_extensions

TEMPLATE_PATH = Path(__file__).resolve().parent.parent / "template.yaml"

# Short tag -> long-form key; !Ref and !Condition have no "Fn::" prefix.
_FUNCTIONS = "GetAtt Sub If Equals Select Join Split FindInMap GetAZs ImportValue Base64 Cidr And Or Not"
_INTRINSICS = {"Ref": "Ref", "Condition": "Condition", **{f: f"Fn::{f}" for f in _FUNCTIONS.split()}}


# libyaml's parser when PyYAML has it (about ten times faster: the local server reads the template at each start).
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class CloudFormationLoader(_SafeLoader):
    """SafeLoader plus CloudFormation's short tags, read as their long forms."""


# CloudFormation reads AWSTemplateFormatVersion: 2010-09-09 as text, not as a date.
CloudFormationLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_intrinsic(loader: yaml.SafeLoader, tag_suffix: str, node: yaml.Node) -> dict[str, Any]:
    key = _INTRINSICS[tag_suffix]
    value: Any
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        if key == "Fn::GetAtt":
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return {key: value}


for _short in _INTRINSICS:
    CloudFormationLoader.add_constructor(
        f"!{_short}", lambda loader, node, short=_short: _construct_intrinsic(loader, short, node)
    )


def load_template(path: str | Path | None = None, *, as_written: bool = False) -> dict[str, Any]:
    """The template as CloudFormation deploys it: its AWS::LanguageExtensions (the loops) expanded, unless
    `as_written`."""
    with open(path or TEMPLATE_PATH, encoding="utf-8") as f:
        template = yaml.load(f, Loader=CloudFormationLoader)  # safe: a (C)SafeLoader subclass
    if not isinstance(template, dict):
        raise ValueError(f"{path or TEMPLATE_PATH} is not a CloudFormation template")
    return template if as_written else language_extensions.expand(template)


def table_definition(template: dict[str, Any], logical_id: str = "GamesTable") -> dict[str, Any]:
    """`client.create_table` keyword arguments (all but TableName) from an AWS::DynamoDB::Table."""
    resource = template.get("Resources", {}).get(logical_id)
    if not resource or resource.get("Type") != "AWS::DynamoDB::Table":
        raise ValueError(f"{logical_id} is not an AWS::DynamoDB::Table in the template")
    props = copy.deepcopy(resource.get("Properties", {}))
    definition: dict[str, Any] = {
        "AttributeDefinitions": props["AttributeDefinitions"],
        "KeySchema": props["KeySchema"],
        "BillingMode": props.get("BillingMode", "PROVISIONED"),
    }
    for passthrough in ("ProvisionedThroughput", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"):
        if passthrough in props:
            definition[passthrough] = props[passthrough]
    if "StreamSpecification" in props:
        # CloudFormation enables the stream by giving it a view type; the API wants both.
        view_type = props["StreamSpecification"]["StreamViewType"]
        definition["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": view_type}
    if "SSESpecification" in props:
        sse = props["SSESpecification"]
        definition["SSESpecification"] = {
            "Enabled": sse.get("SSEEnabled", False),
            **{k: sse[k] for k in ("SSEType", "KMSMasterKeyId") if k in sse},
        }
    _refuse_intrinsics(definition, logical_id)
    return definition


def _refuse_intrinsics(value: Any, logical_id: str) -> None:
    """The API takes literals; a !Ref or !If here has no value outside CloudFormation."""
    if isinstance(value, dict):
        if any(k == "Ref" or k.startswith("Fn::") for k in value):
            raise ValueError(f"{logical_id}: cannot resolve {value} outside CloudFormation")
        for v in value.values():
            _refuse_intrinsics(v, logical_id)
    elif isinstance(value, list):
        for v in value:
            _refuse_intrinsics(v, logical_id)
