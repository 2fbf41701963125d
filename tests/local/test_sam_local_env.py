"""sam-local-env.json: what `sam local start-api|invoke --env-vars sam-local-env.json` gives each function, so
that the Lambda containers use the store of `make serve AWS_PORT=4566` instead of AWS.

sam local passes a function only the variables its template declares (Globals plus its own), with the
file's value in place of the template's; a `!Ref` it cannot resolve becomes an empty string. So every declared
variable needs a literal value here, every variable our code reads must be declared and valued, and the names
must be the ones the local server creates.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from devtools.local.resources import LocalResources, provision
from devtools.local.sam import functions
from devtools.local.server import REGION
from devtools.template import load_template
from tests.local.process import ROOT, eventually, free_port, running_server

ENV_FILE = ROOT / "sam-local-env.json"
SHIPPED = ("domain", "service", "infra", "functions")  # what `make build-%` copies into every function
README_PORT = re.compile(r"make serve[^\n`]*AWS_PORT=(\d+)")


def env_file() -> dict[str, dict[str, Any]]:
    loaded: dict[str, dict[str, Any]] = json.loads(ENV_FILE.read_text())
    return loaded


def values_for(logical_id: str) -> dict[str, Any]:
    """What sam local takes from the file for one function: "Parameters", then the function's own entry."""
    loaded = env_file()
    return {**loaded.get("Parameters", {}), **loaded.get(logical_id, {})}


def template_environments() -> dict[str, dict[str, Any]]:
    return {k: s.environment for k, s in functions(load_template(ROOT / "template.yaml"), ROOT).items()}


# --- which variables the code reads: an AST scan, not a list -------------------------------------------------


def _is_environ(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ")


def _key_read(node: ast.AST) -> ast.expr | None:
    """The key of `os.environ[K]`, `os.environ.get(K, ...)`, `os.getenv(K, ...)`; None for anything else."""
    if isinstance(node, ast.Subscript) and _is_environ(node.value):
        return node.slice
    if isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Attribute):
        func = node.func
        if (func.attr in ("get", "__getitem__") and _is_environ(func.value)) or func.attr == "getenv":
            return node.args[0]
    if isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Name) and node.func.id == "getenv":
        return node.args[0]
    return None


def environment_reads(sources: dict[str, str]) -> dict[str, str]:
    """Every variable name the sources read from the environment -> where: literal keys, and literals passed
    to a function that reads the environment with one of its parameters (`setting("TOPIC_ARN")`)."""
    trees = {where: ast.parse(text) for where, text in sources.items()}
    found: dict[str, str] = {}
    readers: dict[str, int] = {}  # function name -> index of the parameter it reads the environment with
    for where, tree in trees.items():
        for node in ast.walk(tree):
            key = _key_read(node)
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.setdefault(key.value, f"{where}:{node.lineno}")
            if isinstance(node, ast.FunctionDef):
                params = [a.arg for a in node.args.args]
                for inner in ast.walk(node):
                    key = _key_read(inner)
                    if isinstance(key, ast.Name) and key.id in params:
                        readers[node.name] = params.index(key.id)
    for where, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                index = readers.get(name or "")
                if index is not None and len(node.args) > index:
                    arg = node.args[index]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, f"{where}:{node.lineno}")
    return found


def shipped_sources() -> dict[str, str]:
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
            for package in SHIPPED for path in sorted((ROOT / package).rglob("*.py"))}


def test_the_scan_finds_literal_keys_and_keys_passed_to_a_reader() -> None:
    source = '''
import os
from os import environ, getenv
A = os.environ["DIRECT"]
B = os.environ.get("GOT", "x")
C = getenv("GETENV")
def setting(name):
    return environ.get(name)
def other(label):
    return label
D = setting("VIA_READER")
E = other("NOT_READ")
'''
    assert set(environment_reads({"m.py": source})) == {"DIRECT", "GOT", "GETENV", "VIA_READER"}


# --- the file against the template and the code ---------------------------------------------------------


def test_every_variable_the_template_declares_has_a_literal_value_for_every_function() -> None:
    missing = {}
    for logical_id, environment in template_environments().items():
        given = values_for(logical_id)
        bad = sorted(name for name in environment if not isinstance(given.get(name), str) or not given[name])
        if bad:
            missing[logical_id] = bad
    assert not missing, f"sam-local-env.json lacks literal values for: {missing}"


def test_the_file_names_only_functions_of_the_template_and_strings() -> None:
    specs = template_environments()
    loaded = env_file()
    assert set(loaded) - {"Parameters"} <= set(specs), "an entry for a function the template does not have"
    assert all(isinstance(v, str) for entry in loaded.values() for v in entry.values())


# Lambda's reserved runtime variables (AWS documents the list): the runtime sets them in every function.
LAMBDA_RUNTIME = frozenset({"AWS_LAMBDA_FUNCTION_NAME", "AWS_LAMBDA_FUNCTION_VERSION",
                            "AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "AWS_REGION", "AWS_EXECUTION_ENV",
                            "LAMBDA_TASK_ROOT", "_HANDLER"})


def test_every_variable_the_code_reads_is_declared_by_the_template_and_valued_in_the_file() -> None:
    reads = environment_reads(shipped_sources())
    assert reads, "the scan found no environment reads in the shipped packages"
    environments = template_environments()
    for name, where in reads.items():
        if name in LAMBDA_RUNTIME:
            continue  # set by Lambda itself (and by sam local's container), never by the template
        declared = [f for f, env in environments.items() if name in env]
        assert declared, f"{name} (read at {where}) is declared by no function of template.yaml"
        assert all(values_for(f).get(name) for f in declared), f"{name} (read at {where}) has no value in the file"


def test_aws_endpoint_url_reaches_every_function_and_points_at_the_documented_port() -> None:
    """sam local drops a value of the file for a variable the template does not declare: so it must be declared
    (as AWS::NoValue, unset in AWS) for every function, and its port is the one the README tells `make serve`."""
    for logical_id, environment in template_environments().items():
        assert "AWS_ENDPOINT_URL" in environment, f"{logical_id}: template.yaml does not declare AWS_ENDPOINT_URL"
        assert environment["AWS_ENDPOINT_URL"] == {"Ref": "AWS::NoValue"}, "in AWS it must stay unset"
        url = values_for(logical_id)["AWS_ENDPOINT_URL"]
        assert re.fullmatch(r"http://host\.docker\.internal:\d+", url), url
    ports = set(README_PORT.findall((ROOT / "README.md").read_text()))
    assert ports == {url.rsplit(":", 1)[1]}, f"README's make serve AWS_PORT={ports} vs the file's {url}"


def test_table_and_topic_are_the_names_the_local_server_provisions() -> None:
    from moto import mock_aws

    resources = LocalResources(load_template(ROOT / "template.yaml"), REGION)
    with mock_aws():
        session = boto3.session.Session(aws_access_key_id="local", aws_secret_access_key="local",
                                        region_name=REGION)
        provision(resources, session.client)
    for logical_id, environment in template_environments().items():
        local = resources.environment({k: v for k, v in environment.items() if k in ("TABLE_NAME", "TOPIC_ARN")})
        assert local, f"{logical_id} reads neither the table nor the topic"
        given = values_for(logical_id)
        assert {k: given[k] for k in local} == local, logical_id
    assert set(resources.tables.values()) == {values_for("BuyFunction")["TABLE_NAME"]}
    # (the other topic, EmailFeedbackTopic, is SES's to publish to: no function reads its name)
    assert set(resources.topics) == {"TurnTopic", "EmailFeedbackTopic"}
    assert resources.topics["TurnTopic"] == values_for("NotifierFunction")["TOPIC_ARN"]


# --- the endpoint itself --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def aws_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def server(aws_port: int) -> Iterator[Any]:
    yield from running_server("--aws-port", str(aws_port))


def test_serve_with_aws_port_exposes_the_table_and_topic_the_file_names(server: Any, aws_port: int) -> None:
    endpoint = f"http://127.0.0.1:{aws_port}"
    banner = f"embedded AWS (DynamoDB, SNS, SQS) on http://127.0.0.1:{aws_port}"
    # The server answers its health check before it prints its banner: wait for the line, not a moment.
    assert eventually(lambda: banner in server.text()), server.text()
    session = boto3.session.Session(aws_access_key_id="local", aws_secret_access_key="local", region_name=REGION)
    dynamodb = session.client("dynamodb", endpoint_url=endpoint)
    sns = session.client("sns", endpoint_url=endpoint)
    table = dynamodb.describe_table(TableName=values_for("BuyFunction")["TABLE_NAME"])["Table"]
    assert table["TableStatus"] == "ACTIVE"
    topic = values_for("NotifierFunction")["TOPIC_ARN"]
    assert sns.get_topic_attributes(TopicArn=topic)["Attributes"]["TopicArn"] == topic


def test_a_game_written_through_the_endpoint_is_served_by_the_api(server: Any, aws_port: int) -> None:
    """What a sam local container writes is what the local server reads: one store."""
    from devtools.client import ApiClient

    api = ApiClient(server.url, retries=0)
    created = api.create_game(["Ada"])
    session = boto3.session.Session(aws_access_key_id="local", aws_secret_access_key="local", region_name=REGION)
    dynamodb = session.client("dynamodb", endpoint_url=f"http://127.0.0.1:{aws_port}")
    found = dynamodb.query(TableName=values_for("GetGameFunction")["TABLE_NAME"], KeyConditionExpression="pk = :pk",
                           ExpressionAttributeValues={":pk": {"S": f"GAME#{created['game_id']}"}})
    assert found["Count"] >= 1


def test_samconfig_gives_sam_local_the_file_and_the_local_servers_region() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "samconfig.toml").read_text(encoding="utf-8"))["default"]
    for command in ("local_invoke", "local_start_api"):
        parameters = config[command]["parameters"]
        assert parameters["env_vars"] == ENV_FILE.name and parameters["region"] == REGION, command
