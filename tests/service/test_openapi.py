"""The committed openapi.json is what the code generates (regenerate: python -m functions.openapi > openapi.json)."""

from __future__ import annotations

import json
from pathlib import Path

from functions.api.command_routes import COMMAND_MODULES
from functions.openapi import document, render

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.json"


def test_the_committed_document_has_not_drifted() -> None:
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert committed == document(), "regenerate with: python -m functions.openapi > openapi.json"
    assert COMMITTED.read_text(encoding="utf-8") == render()


def test_every_command_is_documented_with_its_body_auth_and_errors() -> None:
    doc = document()
    for command_type in COMMAND_MODULES:
        operation = doc["paths"][f"/games/{{game_id}}/{command_type}"]["post"]
        assert operation["security"] == [{"seatToken": []}]
        body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        schema = doc["components"]["schemas"][body]
        assert {"command_id", "expected_version", "type"} <= set(schema["properties"])
        assert "command_id" in schema["required"] and schema["additionalProperties"] is False
        errors = {int(s) for s in operation["responses"]} - {200}
        assert errors == {400, 401, 403, 404, 409, 413, 415, 422}
    assert doc["components"]["securitySchemes"]["seatToken"]["scheme"] == "bearer"
    assert "HTTPValidationError" not in doc["components"]["schemas"]
