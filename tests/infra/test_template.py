from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from devtools.template import TEMPLATE_PATH, load_template, table_definition


def test_short_tags_load_as_long_forms(template: dict[str, Any]) -> None:
    outputs = template["Outputs"]
    assert outputs["GamesTableName"]["Value"] == {"Ref": "GamesTable"}
    assert outputs["GamesTableStreamArn"]["Value"] == {"Fn::GetAtt": ["GamesTable", "StreamArn"]}
    assert template["AWSTemplateFormatVersion"] == "2010-09-09"


def test_every_short_tag_is_understood(tmp_path: Path) -> None:
    source = tmp_path / "t.yaml"
    source.write_text(
        "A: !If [IsProd, !Sub 'x-${AWS::Region}', !Ref AWS::NoValue]\n"
        "B: !Select [0, !GetAZs '']\n"
        "C: !Not [!Equals [!Ref Stage, prod]]\n"
        "D: !Join ['', [!ImportValue base, !Base64 x, !FindInMap [M, k, v]]]\n"
        "E: !And [!Condition C1, !Or [!Condition C2, !Condition C3]]\n"
        "F: !Cidr [!GetAtt Vpc.CidrBlock, 6, 5]\n"
        "G: !Split [',', a]\n"
    )
    loaded = load_template(source)
    assert loaded["A"] == {"Fn::If": ["IsProd", {"Fn::Sub": "x-${AWS::Region}"}, {"Ref": "AWS::NoValue"}]}
    assert loaded["B"] == {"Fn::Select": [0, {"Fn::GetAZs": ""}]}
    assert loaded["C"] == {"Fn::Not": [{"Fn::Equals": [{"Ref": "Stage"}, "prod"]}]}
    assert loaded["D"]["Fn::Join"][1] == [
        {"Fn::ImportValue": "base"},
        {"Fn::Base64": "x"},
        {"Fn::FindInMap": ["M", "k", "v"]},
    ]
    either = {"Fn::Or": [{"Condition": "C2"}, {"Condition": "C3"}]}
    assert loaded["E"] == {"Fn::And": [{"Condition": "C1"}, either]}
    assert loaded["F"] == {"Fn::Cidr": [{"Fn::GetAtt": ["Vpc", "CidrBlock"]}, 6, 5]}
    assert loaded["G"] == {"Fn::Split": [",", "a"]}


def test_table_definition_is_what_the_store_expects(template: dict[str, Any]) -> None:
    definition = table_definition(template)
    assert sorted(definition["KeySchema"], key=lambda k: k["KeyType"]) == [
        {"AttributeName": "pk", "KeyType": "HASH"},
        {"AttributeName": "sk", "KeyType": "RANGE"},
    ]
    assert sorted(definition["AttributeDefinitions"], key=lambda a: a["AttributeName"]) == [
        {"AttributeName": "gsi1pk", "AttributeType": "S"},
        {"AttributeName": "gsi1sk", "AttributeType": "S"},
        {"AttributeName": "pk", "AttributeType": "S"},
        {"AttributeName": "sk", "AttributeType": "S"},
    ]
    # The one secondary index (infra/lobbies/base.py): sparse, its keys set only on the items it lists.
    (index,) = definition["GlobalSecondaryIndexes"]
    assert index["IndexName"] == "gsi1" and [k["AttributeName"] for k in index["KeySchema"]] == ["gsi1pk", "gsi1sk"]
    assert definition["BillingMode"] == "PAY_PER_REQUEST"
    assert definition["StreamSpecification"] == {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}
    assert "TableName" not in definition


def test_the_table_is_protected_and_recoverable(template: dict[str, Any]) -> None:
    table = template["Resources"]["GamesTable"]
    assert table["DeletionPolicy"] == table["UpdateReplacePolicy"] == "Retain"
    assert table["Properties"]["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
    assert table["Properties"]["SSESpecification"] == {"SSEEnabled": True}


def test_table_definition_refuses_what_only_cloudformation_can_resolve(template: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        table_definition(template, logical_id="Nope")
    properties = {"AttributeDefinitions": [], "KeySchema": [], "BillingMode": {"Ref": "Mode"}}
    unresolved = {"Resources": {"T": {"Type": "AWS::DynamoDB::Table", "Properties": properties}}}
    with pytest.raises(ValueError, match="outside CloudFormation"):
        table_definition(unresolved, logical_id="T")


def test_cfn_lint_reports_nothing() -> None:
    cfn_lint = Path(sys.executable).parent / "cfn-lint"
    result = subprocess.run(
        [str(cfn_lint), str(TEMPLATE_PATH)], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
