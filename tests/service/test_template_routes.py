"""template.yaml, transformed by the SAM translator as CloudFormation would: every route reaches a handler
that imports, every function's environment names resources that exist, permissions stay narrow."""

from __future__ import annotations

import copy
import importlib
import json
import re
from typing import Any

import pytest
from samtranslator.translator.transform import transform

from devtools.template import load_template
from functions.api.command_routes import COMMAND_MODULES
from functions.links.routes import LINK_ROUTES
from functions.lobbies.routes import LOBBY_ROUTES
from functions.mail import UNSUBSCRIBE_ROUTES
from functions.openapi import document
from functions.players.device_routes import DEVICE_ROUTES
from functions.players.games_routes import MY_GAMES_ROUTES
from functions.players.routes import PLAYER_ROUTES
from web.serving import ROUTES as PAGE_ROUTES

# The live socket's three routes and the stream's broadcaster (functions/live/): not HTTP API routes.
LIVE_FUNCTIONS = ("LiveConnectFunction", "LiveDisconnectFunction", "LiveDefaultFunction", "LiveBroadcasterFunction")


class NoNetworkPolicies:
    """The managed-policy loader SAM asks for AWS managed policy ARNs; here, without IAM."""

    def load(self) -> dict[str, str]:
        return {}


@pytest.fixture(scope="module")
def sam() -> dict[str, Any]:
    return load_template()


@pytest.fixture(scope="module")
def cfn(sam: dict[str, Any]) -> dict[str, Any]:
    packaged = copy.deepcopy(sam)
    packaged["Globals"]["Function"]["CodeUri"] = "s3://bucket/code.zip"  # what `sam package` writes
    for resource in packaged["Resources"].values():
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            resource["Properties"]["ContentUri"] = "s3://bucket/layer.zip"
        if "CodeUri" in resource.get("Properties", {}):  # the command functions' loop names it (ADR 28)
            resource["Properties"]["CodeUri"] = "s3://bucket/code.zip"
    resources: dict[str, Any] = transform(packaged, {"Stage": "test"}, NoNetworkPolicies())["Resources"]
    return resources


def routes(cfn: dict[str, Any]) -> dict[str, str]:
    """'METHOD /path' -> logical id of the function behind it, from the API's generated OpenAPI body."""
    (api,) = [r for r in cfn.values()
              if r["Type"] == "AWS::ApiGatewayV2::Api" and r["Properties"].get("ProtocolType") != "WEBSOCKET"]
    found = {}
    for path, methods in api["Properties"]["Body"]["paths"].items():
        for method, operation in methods.items():
            uri = operation["x-amazon-apigateway-integration"]["uri"]["Fn::Sub"]
            (function,) = re.findall(r"\$\{(\w+)\.Arn\}", uri)
            found[f"{method.upper().replace('X-AMAZON-APIGATEWAY-ANY-METHOD', 'ANY')} {path}"] = function
    return found


def test_every_route_reaches_a_handler_that_imports(cfn: dict[str, Any]) -> None:
    table = routes(cfn)
    # The game routes: create, view, history, proof, catch-up.
    assert len(table) == 5 + len(COMMAND_MODULES) + len(PLAYER_ROUTES) + len(MY_GAMES_ROUTES) + len(LOBBY_ROUTES) \
        + len(LINK_ROUTES) + 1 + len(PAGE_ROUTES) + len(DEVICE_ROUTES) + len(UNSUBSCRIBE_ROUTES)
    for route, function in table.items():
        props = cfn[function]["Properties"]
        assert (props["Runtime"], props["Architectures"]) == ("python3.12", ["arm64"]), function
        module, attr = props["Handler"].rsplit(".", 1)
        assert callable(getattr(importlib.import_module(module.replace("/", ".")), attr)), route


def test_the_routes_are_the_documented_api(cfn: dict[str, Any]) -> None:
    documented = {f"{m.upper()} {p}" for p, ops in document()["paths"].items() for m in ops}
    deployed = set(routes(cfn)) - {"ANY $default"}
    assert deployed & set(PAGE_ROUTES) == set(PAGE_ROUTES)  # the web page's: HTML, not the JSON API
    deployed -= set(PAGE_ROUTES)
    assert deployed & set(UNSUBSCRIBE_ROUTES) == set(UNSUBSCRIBE_ROUTES)  # one-click unsubscribe: HTML and a form
    deployed -= set(UNSUBSCRIBE_ROUTES)
    assert deployed == documented
    assert {f"POST /games/{{game_id}}/{t}" for t in COMMAND_MODULES} <= deployed
    assert routes(cfn)["POST /games/{game_id}/pass"] == "PassTurnFunction"


def test_every_environment_names_resources_that_exist(cfn: dict[str, Any]) -> None:
    functions = {k: r for k, r in cfn.items() if r["Type"] == "AWS::Lambda::Function"}
    routes = len(COMMAND_MODULES) + len(PLAYER_ROUTES) + len(MY_GAMES_ROUTES) + len(LOBBY_ROUTES) + len(LINK_ROUTES) \
        + len(DEVICE_ROUTES)
    # + the web page's, the held release, the unsubscribe routes', SES feedback's, the clocks' two, the webhook sender,
    # the replies' inbound mail
    assert len(functions) == 5 + routes + 2 + len(LIVE_FUNCTIONS) + 1 + 1 + len(UNSUBSCRIBE_ROUTES) + 1 + 2 + 1 \
        + 1
    # A function's ARN built from its fixed FunctionName (the clocks' tick: a GetAtt would be circular).
    by_name = {json.dumps(f["Properties"].get("FunctionName")) for f in functions.values()}
    for logical_id, function in functions.items():
        variables = function["Properties"]["Environment"]["Variables"]
        assert {"TABLE_NAME", "POWERTOOLS_SERVICE_NAME", "POWERTOOLS_METRICS_NAMESPACE", "LOG_LEVEL"} <= set(variables)
        for value in variables.values():
            if isinstance(value, dict) and value != {"Ref": "AWS::NoValue"}:  # AWS_ENDPOINT_URL: unset in AWS
                if "Fn::GetAtt" in value:
                    named = [value["Fn::GetAtt"][0]]
                elif "Ref" in value:
                    named = [value["Ref"]]
                else:
                    named = re.findall(r"\$\{(\w+)\}", value["Fn::Sub"])
                    function = value["Fn::Sub"].partition(":function:")[2]
                    if not named and function:
                        assert json.dumps({"Fn::Sub": function}) in by_name, (logical_id, value)
                        continue
                parameters = load_template().get("Parameters", {})  # e-mail settings are the deployer's
                assert named and all(n in cfn or n in parameters for n in named), (logical_id, value)
    notifier = functions["NotifierFunction"]["Properties"]["Environment"]["Variables"]
    assert cfn[notifier["TOPIC_ARN"]["Ref"]]["Type"] == "AWS::SNS::Topic"
    assert cfn[notifier["TABLE_NAME"]["Ref"]]["Type"] == "AWS::DynamoDB::Table"


def test_the_notifier_reads_the_stream_with_bounded_retries_and_a_dead_letter_queue(cfn: dict[str, Any]) -> None:
    (mapping,) = [r["Properties"] for r in cfn.values() if r["Type"] == "AWS::Lambda::EventSourceMapping"
                  and r["Properties"]["FunctionName"] == {"Ref": "NotifierFunction"}]
    assert mapping["EventSourceArn"] == {"Fn::GetAtt": ["GamesTable", "StreamArn"]}
    assert mapping["StartingPosition"] == "TRIM_HORIZON" and mapping["BisectBatchOnFunctionError"] is True
    assert 0 < mapping["MaximumRetryAttempts"] <= 10
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    queue = mapping["DestinationConfig"]["OnFailure"]["Destination"]["Fn::GetAtt"][0]
    assert cfn[queue]["Type"] == "AWS::SQS::Queue"
    commits, lobbies = (json.loads(f["Pattern"]) for f in mapping["FilterCriteria"]["Filters"])
    assert commits["eventName"] == ["INSERT"] and commits["dynamodb"]["NewImage"]["kind"] == {"S": ["commit", "outbox"]}
    # Lobbies are rewritten in place (MODIFY): their "my games" entries follow each revision.
    assert lobbies["eventName"] == ["INSERT", "MODIFY"] and lobbies["dynamodb"]["NewImage"]["kind"] == {"S": ["lobby"]}


def test_our_policies_name_their_resources(cfn: dict[str, Any]) -> None:
    for logical_id, resource in cfn.items():
        if resource["Type"] != "AWS::IAM::Role":
            continue
        for policy in resource["Properties"].get("Policies", []):
            for statement in policy["PolicyDocument"]["Statement"]:
                named = json.dumps(statement["Resource"])
                if statement["Action"] == ["execute-api:ManageConnections"]:  # connection ids are not known ahead
                    named = named.replace("${LiveApi}/live/POST/@connections/*", "")
                if set(statement["Action"]) <= {"sns:Publish", "sns:DeleteEndpoint"}:  # devices' endpoints: made later
                    named = named.replace(":endpoint/${App}/*", "").replace("/unset.invalid/*", "")
                if all(a.startswith("scheduler:") for a in statement["Action"]):  # one schedule per game: by prefix
                    named = named.replace("schedule/${ClockScheduleGroup}/clock-*", "")
                if statement["Action"] == ["s3:GetObject"]:  # received mail: keyed by SES's message ids, one prefix
                    named = named.replace("${InboundMailBucket.Arn}/inbound/*", "")
                assert statement["Resource"] != "*" and "*" not in named, logical_id
                actions = statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]]
                assert not any(a.endswith(":*") or a == "*" for a in actions), logical_id
    commands = cfn["BuyFunctionRole"]["Properties"]["Policies"][0]["PolicyDocument"]["Statement"][0]
    assert sorted(commands["Action"]) == ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"]
    reads = cfn["GetGameFunctionRole"]["Properties"]["Policies"][0]["PolicyDocument"]["Statement"][0]
    assert reads["Action"] == ["dynamodb:GetItem", "dynamodb:Query"]
    assert cfn["NotFoundFunctionRole"]["Properties"].get("Policies", []) == []
    # SAM's DynamoDB event source would add AWSLambdaDynamoDBExecutionRole (every stream, Resource "*").
    assert "DynamoDBExecutionRole" not in json.dumps(cfn["NotifierFunctionRole"])
    notifier = json.dumps(cfn["NotifierFunctionRole"]["Properties"]["Policies"])
    assert '"dynamodb:GetRecords"' in notifier and "StreamArn" in notifier
    assert '"sns:Publish"' in notifier and '"sqs:SendMessage"' in notifier and "NotifierDeadLetterQueue" in notifier
