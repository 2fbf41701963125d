"""The part of CloudFormation's AWS::LanguageExtensions transform template.yaml uses, applied before reading it.

CloudFormation expands the transform when it deploys (and `sam build --language-extensions` when it builds);
the local server and the tests read the template through here, so that they see the same resources:

- `Fn::ForEach::<Name>: [Identifier, [values...], {OutputKey: OutputValue}]` in a mapping: one copy of the
  output per value, `${Identifier}` (and `&{Identifier}`, the value's letters and digits) replaced in its keys,
  `!Ref Identifier` in it replaced by the value, `${Identifier}` replaced in its `Fn::Sub` strings;
- in a loop's output, `Fn::FindInMap` whose three arguments are then literals: the mapping's value; and
  `Fn::Sub` whose variables are then all literals: the string (as CloudFormation's transform resolves them).

Anything else of the transform (a collection that is not a list of literals, Fn::Length, Fn::ToJsonString, a
FindInMap default) is refused with a ValueError, rather than read differently from CloudFormation. SAM CLI and
cfn-lint each carry a full implementation, but as their internals; this is the glue for the subset, and
tests/infra/test_template.py checks it against cfn-lint's expansion.
"""

from __future__ import annotations

import re
from typing import Any

TRANSFORM = "AWS::LanguageExtensions"
_FOR_EACH = "Fn::ForEach::"
_UNSUPPORTED = ("Fn::Length", "Fn::ToJsonString")
_SUB_VARIABLE = re.compile(r"\$\{([^}!]+)\}")


def uses_language_extensions(template: dict[str, Any]) -> bool:
    transform = template.get("Transform")
    return transform == TRANSFORM or (isinstance(transform, list) and TRANSFORM in transform)


def expand(template: dict[str, Any]) -> dict[str, Any]:
    """The template as CloudFormation's transform leaves it; the template itself is not changed."""
    if not uses_language_extensions(template):
        return template
    mappings = template.get("Mappings") or {}
    expanded: dict[str, Any] = _walk(template, {}, mappings)
    transform = template["Transform"]
    rest = [t for t in transform if t != TRANSFORM] if isinstance(transform, list) else []
    if rest:
        expanded["Transform"] = rest[0] if len(rest) == 1 else rest
    else:
        del expanded["Transform"]
    return expanded


def _walk(value: Any, loop: dict[str, str], mappings: dict[str, Any]) -> Any:
    if isinstance(value, list):
        return [_walk(item, loop, mappings) for item in value]
    if not isinstance(value, dict):
        return value
    if any(key in _UNSUPPORTED for key in value):
        raise ValueError(f"{sorted(value)}: not expanded outside CloudFormation (devtools/language_extensions.py)")
    if len(value) == 1 and loop:  # outside a loop, the template's intrinsics stay as they were written
        ((key, argument),) = value.items()
        if key == "Ref" and isinstance(argument, str) and argument in loop:
            return loop[argument]
        if key == "Fn::Sub":
            return _sub(argument, loop, mappings)
        if key == "Fn::FindInMap":
            return _find_in_map(_walk(argument, loop, mappings), mappings)
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key.startswith(_FOR_EACH):
            for generated, output in _for_each(key, item, loop, mappings):
                _put(out, generated, output)
        else:
            _put(out, _substitute(key, loop), _walk(item, loop, mappings))
    return out


def _for_each(name: str, argument: Any, loop: dict[str, str], mappings: dict[str, Any]) -> list[tuple[str, Any]]:
    if not (isinstance(argument, list) and len(argument) == 3 and isinstance(argument[2], dict)):
        raise ValueError(f"{name}: takes [Identifier, Collection, {{OutputKey: OutputValue}}]")
    identifier, collection, output = argument
    collection = _walk(collection, loop, mappings)
    if not (isinstance(identifier, str) and isinstance(collection, list)
            and all(isinstance(v, str) for v in collection)):
        raise ValueError(f"{name}: the identifier must be a name and the collection a list of literals")
    if len(set(collection)) != len(collection):
        raise ValueError(f"{name}: the collection repeats a value")
    generated: list[tuple[str, Any]] = []
    for item in collection:
        inner = {**loop, identifier: item}
        generated.extend(_walk(output, inner, mappings).items())
    return generated


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    if key in out:
        raise ValueError(f"{key}: made twice (a Fn::ForEach output key that does not use its identifier?)")
    out[key] = value


def _substitute(text: str, loop: dict[str, str]) -> str:
    for identifier, item in loop.items():
        text = text.replace("${" + identifier + "}", item)
        text = text.replace("&{" + identifier + "}", re.sub(r"[^0-9A-Za-z]", "", item))
    return text


def _sub(argument: Any, loop: dict[str, str], mappings: dict[str, Any]) -> Any:
    if isinstance(argument, str):
        text, variables = argument, {}
    elif isinstance(argument, list) and len(argument) == 2 and isinstance(argument[0], str):
        text, variables = argument[0], _walk(argument[1], loop, mappings)
    else:
        return {"Fn::Sub": _walk(argument, loop, mappings)}
    text = _substitute(text, loop)
    literal = {k: v for k, v in variables.items() if isinstance(v, str)}
    if all(name in literal for name in _SUB_VARIABLE.findall(text)):
        return _SUB_VARIABLE.sub(lambda m: literal[m.group(1)], text)
    return {"Fn::Sub": [text, variables] if variables else text}


def _find_in_map(arguments: Any, mappings: dict[str, Any]) -> Any:
    if not (isinstance(arguments, list) and len(arguments) == 3):
        raise ValueError(f"Fn::FindInMap {arguments}: takes [MapName, TopLevelKey, SecondLevelKey], no default here")
    if not all(isinstance(a, str) for a in arguments):
        return {"Fn::FindInMap": arguments}  # CloudFormation resolves it when it deploys
    name, top, second = arguments
    try:
        return mappings[name][top][second]
    except (KeyError, TypeError):
        raise ValueError(f"Fn::FindInMap {arguments}: no such entry in Mappings") from None
