"""domain/errors.py's RULE_CODES is every code the rules refuse with: the OpenAPI document lists it as the codes a
command route's 422 can answer (functions/api/refusals.py), so a new refusal's code must be added there."""

from __future__ import annotations

import ast
from pathlib import Path

from domain.errors import RULE_CODES

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
# Where a refusal's code is: require(condition, code, ...) and RuleViolation(code, ...).
CODE_ARGUMENT = {"require": 1, "RuleViolation": 0}


def _named(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def codes_in_source() -> tuple[set[str], list[str]]:
    codes: set[str] = set()
    computed: list[str] = []
    for path in sorted(DOMAIN.rglob("*.py")):
        if path.name == "errors.py" and path.parent == DOMAIN:  # require() itself passes its code on
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or (index := CODE_ARGUMENT.get(_named(node) or "")) is None:
                continue
            argument = node.args[index] if len(node.args) > index else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                codes.add(argument.value)
            else:
                computed.append(f"{path.relative_to(DOMAIN)}:{node.lineno}")
    return codes, computed


def test_rule_codes_are_the_codes_the_rules_refuse_with() -> None:
    codes, computed = codes_in_source()
    assert computed == [], "a refusal's code is a literal, so that it can be listed"
    assert set(RULE_CODES) == codes
