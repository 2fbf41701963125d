"""What `sam build` packages must match what the project runs with."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from devtools.template import load_template

ROOT = Path(__file__).resolve().parents[2]


def _names(lines: list[str]) -> dict[str, str]:
    found = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            name = re.split(r"[\[<>=!~ ]", line, maxsplit=1)[0].lower()
            found[name] = line
    return found


def test_lambda_requirements_are_the_runtime_dependencies_but_boto3() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    lambda_reqs = (ROOT / "requirements.txt").read_text().splitlines()
    expected = {k: v for k, v in _names(project).items() if k != "boto3"}  # the Lambda runtime provides boto3
    assert _names(lambda_reqs) == expected


def test_every_function_is_built_by_the_makefile() -> None:
    resources = load_template(ROOT / "template.yaml")["Resources"]
    functions = {k: v for k, v in resources.items() if v["Type"] == "AWS::Serverless::Function"}
    assert functions
    assert all(f.get("Metadata", {}).get("BuildMethod") == "makefile" for f in functions.values())
    assert "build-%:" in (ROOT / "Makefile").read_text()


def test_every_function_runs_over_the_one_dependencies_layer_built_by_the_makefile() -> None:
    template = load_template(ROOT / "template.yaml")
    resources = template["Resources"]
    layer = resources["DependenciesLayer"]
    assert layer["Type"] == "AWS::Serverless::LayerVersion" and layer["Metadata"]["BuildMethod"] == "makefile"
    assert layer["Properties"]["CompatibleRuntimes"] == [template["Globals"]["Function"]["Runtime"]]
    assert "build-DependenciesLayer:" in (ROOT / "Makefile").read_text()
    shared = template["Globals"]["Function"]["Layers"]
    assert {"Ref": "DependenciesLayer"} in shared
    functions = [v for v in resources.values() if v["Type"] == "AWS::Serverless::Function"]
    assert len(functions) > 20
    for function in functions:  # a function's own Layers would replace the global list: it must keep the layer
        assert {"Ref": "DependenciesLayer"} in function["Properties"].get("Layers", shared)


def test_tracing_is_the_platforms_and_no_dependency_brings_the_xray_sdk() -> None:
    template = load_template(ROOT / "template.yaml")
    assert template["Globals"]["Function"]["Tracing"] == "Active"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for line in [*project, *(ROOT / "requirements.txt").read_text().splitlines()]:
        assert "[tracer]" not in line.split("#", 1)[0] and "aws-xray-sdk" not in line.split("#", 1)[0], line


def test_the_standard_webhooks_library_is_for_receivers_only_never_imported_by_what_lambda_runs() -> None:
    """`standardwebhooks` is a dev dependency (docs/adr/0025-standard-webhooks.md): Lambda signs with hmac."""
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    assert "standardwebhooks" in _names(dev)
    makefile = (ROOT / "Makefile").read_text()
    packages = re.search(r"^FUNCTION_PACKAGES := (.+)$", makefile, re.M)
    assert packages is not None
    for package in packages.group(1).split():
        for source in (ROOT / package).rglob("*.py"):
            assert not re.search(r"^\s*(from|import) standardwebhooks", source.read_text(), re.M), source
