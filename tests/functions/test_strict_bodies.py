"""No request field is coerced: each refuses every JSON value of another type, as powertools validates it."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from domain.commands import COMMAND_TYPES
from functions.api.create_body import CreateGameBody
from functions.api.models import command_body

# For each JSON Schema type, JSON values of other types that lax validation would have taken for it.
WRONG: dict[str, list[Any]] = {
    "integer": [True, False, "1", 1.0, 2.0],
    "boolean": [1, 0, "true", "false", 1.0],
    "string": [1, 1.5, True],
    "array": ["a", {"a": 1}],
}


def _types(schema: dict[str, Any]) -> set[str]:
    options = schema.get("anyOf", [schema])
    return {o["type"] for o in options if o.get("type") in WRONG}


def _fields(model: type[BaseModel]) -> list[tuple[str, str]]:
    properties = model.model_json_schema()["properties"]
    return [(name, kind) for name, schema in properties.items() for kind in _types(schema)]


def _refuses(model: type[BaseModel], body: dict[str, Any], loc: tuple[Any, ...]) -> None:
    # As powertools validates a body: a TypeAdapter over the parsed JSON.
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(model).validate_python(body, from_attributes=True)
    assert loc in [e["loc"] for e in raised.value.errors()], raised.value.errors()


@pytest.mark.parametrize("command_type", sorted(COMMAND_TYPES))
def test_every_command_field_refuses_other_json_types(command_type: str) -> None:
    model = command_body(command_type)
    checked = 0
    for name, kind in _fields(model):
        for value in WRONG[kind]:
            _refuses(model, {"command_id": "c", name: value}, (name,))
            checked += 1
    assert checked >= 3 * len(WRONG["integer"])  # command_id, expected_version and seat at the least


def test_every_create_game_field_refuses_other_json_types() -> None:
    seat = {"name": "A"}
    for value in WRONG["string"]:
        _refuses(CreateGameBody, {"seats": [{"name": value}]}, ("seats", 0, "name"))
    options = CreateGameBody.model_json_schema()["$defs"]["OptionsIn"]["properties"]
    checked = 0
    for name, schema in options.items():
        for kind in _types(schema) or {"string"}:  # the enums are strings
            for value in WRONG[kind]:
                _refuses(CreateGameBody, {"seats": [seat], "options": {name: value}}, ("options", name))
                checked += 1
    assert checked >= len(options) * 3


def test_what_a_client_sends_as_json_still_validates() -> None:
    body = command_body("distill").model_validate({"command_id": "c", "washback": ["yeast"], "extra_alcohol": 2,
                                                   "top_only": True, "expected_version": 3, "seat": 1})
    assert body.washback == ["yeast"] and body.expected_version == 3
    created = CreateGameBody.model_validate({"seats": [{"name": "A"}], "options": {"pairings": False}})
    assert created.game_options().pairings is False and type(created.game_options()).__name__ == "Options"
