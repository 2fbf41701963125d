"""Every legal action a view offers is a body its route accepts as-is (plus a command_id)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from devtools.bots import random_bot
from devtools.simulate import play
from domain import fold, view
from domain.commands import COMMAND_TYPES
from functions.api.models import command_body, to_command


def test_every_command_type_has_a_body_without_a_trusted_seat() -> None:
    for command_type in COMMAND_TYPES:
        body = command_body(command_type)
        assert {"command_id", "expected_version", "seat", "type"} <= set(body.model_fields)
        assert body.model_fields["type"].default == command_type
        with pytest.raises(ValidationError):
            body.model_validate({"command_id": "x", "unknown": 1})


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_the_views_legal_actions_post_as_is(players: int, seed: int) -> None:
    played = play(players, seed, random_bot)
    state, checked = fold([]), 0
    for n, event in enumerate(played.events):
        state = fold([event], state)
        if n % 4:
            continue
        for seat in range(players):
            for action in json.loads(json.dumps(view(state, seat)["legal_actions"])):
                if action.get("open"):
                    continue  # the washback choice: documented as {washback: [...]} from its cards
                body = command_body(action["type"]).model_validate({**action, "command_id": "c"})
                assert to_command(body, seat) == COMMAND_TYPES[action["type"]].model_validate(action)
                checked += 1
    assert checked > 100
