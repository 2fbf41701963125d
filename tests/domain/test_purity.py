"""domain/ must stay pure: no I/O, clock, randomness, boto3 or powertools (DESIGN §3)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FORBIDDEN_MODULES = {
    "random", "time", "uuid", "os", "datetime", "secrets", "socket", "subprocess", "pathlib", "io", "shutil",
    "requests", "urllib", "http", "boto3", "botocore", "aws_lambda_powertools", "logging", "threading",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def _offences(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in FORBIDDEN_MODULES:
            found.append(node.module)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{node.func.id}()")
    return found


@pytest.mark.parametrize("path", sorted(DOMAIN.rglob("*.py")), ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_module_imports_nothing_impure(path: Path) -> None:
    assert _offences(path.read_text()) == []


def test_the_checker_catches_impurity() -> None:
    assert _offences("import random\nfrom boto3 import client\nimport os.path\nopen('x')\n") == [
        "random", "boto3", "os.path", "open()"]


def test_importing_the_domain_loads_no_cloud_library() -> None:
    code = ("import sys, domain, domain.decider, domain.view; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('boto3', 'botocore', "
            "'aws_lambda_powertools')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=DOMAIN.parent)
    assert out.stdout.strip() == "[]"
