"""The gateway's reply check (tests/service/replies.py) fails on an answer that drifts from its model."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tests.service.replies import check_reply

ERROR = {"error": {"code": "game_not_found", "message": "There is no such game.", "details": {}}}


def test_a_documented_answer_passes() -> None:
    check_reply("GET /games/{game_id}", 404, json.dumps(ERROR))
    check_reply("GET /players/me", 200, json.dumps({"anything": 1}))  # players': their route's return type


def test_a_missing_field_fails() -> None:
    with pytest.raises(ValidationError):
        check_reply("POST /games/{game_id}/buy", 422, json.dumps({"error": {"code": "x", "message": "y"}}))


def test_an_undeclared_field_fails() -> None:
    with pytest.raises(AssertionError):
        check_reply("GET /games/{game_id}", 409, json.dumps({**ERROR, "extra": True}))
