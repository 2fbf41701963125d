"""devtools/language_extensions.py: template.yaml's loop read as CloudFormation expands it."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import cfnlint.decode
import cfnlint.template
import pytest
from cfnlint.template.transforms._language_extensions import language_extension

from devtools.language_extensions import expand
from devtools.template import TEMPLATE_PATH, load_template
from functions.api.command_routes import COMMAND_MODULES

LOOP = "Fn::ForEach::Commands"


def _template(resources: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {"Transform": ["AWS::LanguageExtensions", "AWS::Serverless-2016-10-31"], "Resources": resources, **rest}


def test_a_loop_makes_one_output_per_value_with_its_identifier_replaced() -> None:
    loop = ["Name", ["a_b", "Cd"], {"&{Name}Queue": {"Type": "AWS::SQS::Queue", "Properties": {
        "QueueName": {"Fn::Sub": "q-${Name}-${AWS::Region}"},
        "Tags": [{"Key": "name", "Value": {"Ref": "Name"}}, {"Key": "stage", "Value": {"Ref": "Stage"}}],
        "DelaySeconds": {"Fn::FindInMap": ["Delays", {"Ref": "Name"}, "Seconds"]},
    }}}]
    source = _template({"Before": {"Type": "X"}, "Fn::ForEach::Queues": loop},
                       Mappings={"Delays": {"a_b": {"Seconds": 1}, "Cd": {"Seconds": 2}}})
    kept = copy.deepcopy(source)
    out = expand(source)
    assert source == kept  # the template read is not changed
    assert list(out["Resources"]) == ["Before", "abQueue", "CdQueue"]
    ab = out["Resources"]["abQueue"]["Properties"]
    # A Sub keeps what only CloudFormation knows (the region); a Ref outside the loop's names stays a Ref.
    assert ab["QueueName"] == {"Fn::Sub": "q-a_b-${AWS::Region}"}
    assert ab["Tags"] == [{"Key": "name", "Value": "a_b"}, {"Key": "stage", "Value": {"Ref": "Stage"}}]
    assert ab["DelaySeconds"] == 1 and out["Resources"]["CdQueue"]["Properties"]["DelaySeconds"] == 2
    assert out["Transform"] == "AWS::Serverless-2016-10-31"


def test_a_sub_whose_variables_are_all_known_in_the_loop_is_its_string() -> None:
    loop = ["C", ["Buy"], {"${C}Function": {"Properties": {"Handler": {"Fn::Sub": [
        "functions/${M}.handler", {"M": {"Fn::FindInMap": ["Commands", {"Ref": "C"}, "Module"]}}]}}}}]
    out = expand(_template({"Fn::ForEach::F": loop}, Mappings={"Commands": {"Buy": {"Module": "buy"}}}))
    assert out["Resources"]["BuyFunction"]["Properties"]["Handler"] == "functions/buy.handler"


def test_loops_nest() -> None:
    inner = ["B", ["x", "y"], {"${A}${B}": {"Type": {"Fn::Sub": "${A}-${B}"}}}]
    out = expand(_template({"Fn::ForEach::Outer": ["A", ["p", "q"], {"Fn::ForEach::Inner": inner}]}))
    assert out["Resources"] == {"px": {"Type": "p-x"}, "py": {"Type": "p-y"}, "qx": {"Type": "q-x"},
                                "qy": {"Type": "q-y"}}


def test_a_template_without_the_transform_is_read_as_it_is() -> None:
    plain = {"Transform": "AWS::Serverless-2016-10-31", "Resources": {"Fn::ForEach::X": "left to CloudFormation"}}
    assert expand(plain) is plain


@pytest.mark.parametrize("resources, mappings, complaint", [
    ({"Fn::ForEach::L": ["N", ["a", "b"], {"Same": {}}]}, {}, "made twice"),
    ({"Fn::ForEach::L": ["N", ["a", "a"], {"${N}": {}}]}, {}, "repeats"),
    ({"Fn::ForEach::L": ["N", {"Ref": "Names"}, {"${N}": {}}]}, {}, "list of literals"),
    ({"Fn::ForEach::L": ["N", ["a"]]}, {}, "takes"),
    ({"Fn::ForEach::L": ["N", ["a"], {"${N}": {"V": {"Fn::FindInMap": ["M", {"Ref": "N"}, "k"]}}}]},
     {"M": {}}, "no such entry"),
    ({"Fn::ForEach::L": ["N", ["a"], {"${N}": {"V": {"Fn::FindInMap": ["M", "a", "k", {"DefaultValue": 1}]}}}]},
     {"M": {}}, "no default"),
    ({"R": {"V": {"Fn::Length": [1, 2]}}}, {}, "not expanded"),
])
def test_what_it_does_not_read_as_cloudformation_would_is_refused(
        resources: dict[str, Any], mappings: dict[str, Any], complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        expand(_template(resources, Mappings=mappings))


def test_the_template_expands_as_cfn_lint_expands_it() -> None:
    """Checked against another implementation: cfn-lint's own expansion of the loop (it leaves a Sub's resolved
    variables in place, where CloudFormation and SAM CLI substitute them; here they are substituted for it)."""
    decoded, problems = cfnlint.decode.decode(str(TEMPLATE_PATH))
    assert not problems
    _, theirs = language_extension(cfnlint.template.Template(str(TEMPLATE_PATH), decoded, ["us-east-1"]))
    ours = load_template()["Resources"]
    mapping = load_template(as_written=True)["Mappings"]["Commands"]
    for name in mapping:
        logical_id = f"{name}Function"
        assert _plain(_collapsed(theirs["Resources"][logical_id])) == ours[logical_id], logical_id
    assert set(_plain(theirs["Resources"])) == set(ours)


def test_one_function_per_command_and_one_command_per_function() -> None:
    written = load_template(as_written=True)
    identifier, names, _ = written["Resources"][LOOP]
    assert identifier == "Command" and names == list(written["Mappings"]["Commands"])
    routes = {entry["Route"]: entry["Module"] for entry in written["Mappings"]["Commands"].values()}
    assert routes == COMMAND_MODULES
    functions = load_template()["Resources"]
    for name, entry in written["Mappings"]["Commands"].items():
        properties = functions[f"{name}Function"]["Properties"]
        assert properties["Handler"] == f"functions/commands/{entry['Module']}.lambda_handler"
        assert Path(TEMPLATE_PATH.parent, "functions", "commands", f"{entry['Module']}.py").is_file()
        assert properties["Events"]["Http"]["Properties"]["Path"] == f"/games/{{game_id}}/{entry['Route']}"


def _collapsed(value: Any) -> Any:
    if isinstance(value, list):
        return [_collapsed(v) for v in value]
    if not isinstance(value, dict):
        return value
    sub = value.get("Fn::Sub")
    if len(value) == 1 and isinstance(sub, list) and all(isinstance(v, str) for v in sub[1].values()):
        text = str(sub[0])
        for name, literal in sub[1].items():
            text = text.replace("${" + name + "}", literal)
        return text
    return {k: _collapsed(v) for k, v in value.items()}


def _plain(value: Any) -> Any:
    """cfn-lint's decoded nodes (str_node, dict_node) as plain values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value
