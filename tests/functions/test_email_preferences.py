"""PATCH /players/me's e-mail preferences through the handlers under moto: shown by GET, refused clearly (422,
the field named, nothing written), and honoured by the e-mail planner."""

from __future__ import annotations

from typing import Any

import pytest

from functions import container
from infra.players import InMemoryPlayerStore, PlayerRecord
from service.games.repository import Aggregate
from service.notices.email.channel import recipient
from tests.functions.test_player_handlers import created, gw
from tests.service.gateway import Gateway
from tests.service.iam import assert_within_policies

__all__ = ["gw"]
DEFAULTS = {"language": "en", "email_every_turn": False, "email_enabled": True}


def test_preferences_round_trip_and_null_restores_the_default(gw: Gateway) -> None:
    _, key = created(gw)
    assert gw.get("/players/me", token=key).body["preferences"] == DEFAULTS
    changed = gw.request("PATCH", "/players/me", {"language": "ko", "email_every_turn": True, "email_enabled": False},
                         token=key)
    assert changed.status == 200
    wanted = {"language": "ko", "email_every_turn": True, "email_enabled": False}
    assert changed.body["preferences"] == wanted
    assert gw.get("/players/me", token=key).body["preferences"] == wanted
    cleared = gw.request("PATCH", "/players/me", {"language": None, "email_every_turn": None, "email_enabled": None},
                         token=key)
    assert cleared.body["preferences"] == DEFAULTS
    assert_within_policies(gw.operations)


@pytest.mark.parametrize(("body", "field"), [
    ({"language": "fr"}, "language"), ({"language": 1}, "language"), ({"email_every_turn": "yes"}, "email_every_turn"),
    ({"email_enabled": 0}, "email_enabled"), ({"email_enabled": "false"}, "email_enabled"),
])
def test_a_bad_preference_is_refused_with_its_field_named_and_nothing_written(gw: Gateway, body: dict[str, Any],
                                                                              field: str) -> None:
    _, key = created(gw)
    before = gw.get("/players/me", token=key).body
    reply = gw.request("PATCH", "/players/me", {**body, "name": "Changed"}, token=key)
    assert (reply.status, reply.code) == (422, "invalid_request")
    assert ["body", field] in [e["loc"] for e in reply.body["error"]["details"]["errors"]]
    assert gw.get("/players/me", token=key).body == before


def _player(**fields: Any) -> tuple[Aggregate, InMemoryPlayerStore]:
    store = InMemoryPlayerStore()
    store.create(PlayerRecord("pAAAAAAAAAAAAAAAA", "0" * 64, "Ada", "UTC", "t", "t"))
    record = store.get("pAAAAAAAAAAAAAAAA")
    assert record is not None
    store.replace(PlayerRecord(**{**record.__dict__, "revision": 2, "email": "ada@example.org",
                                  "email_confirmed": True, **fields}))
    return Aggregate("g1", players=("pAAAAAAAAAAAAAAAA",), contacts=({"email": "seat@example.org"},)), store


def test_the_planner_honours_language_every_turn_and_the_off_switch() -> None:
    aggregate, store = _player(language="es", email_every_turn=True)
    found = recipient(aggregate, 0, store.get("pAAAAAAAAAAAAAAAA"))
    assert found is not None and (found.address, found.language, found.every_turn) == ("ada@example.org", "es", True)
    for off in ({"email_enabled": False}, {"email_disabled_reason": "bounced"}):
        aggregate, store = _player(**off)
        found = recipient(aggregate, 0, store.get("pAAAAAAAAAAAAAAAA"))
        assert found is None, f"{off}: not even to the seat's contact"


def test_an_in_memory_run_keeps_the_mail_state_in_memory(memory: Any) -> None:
    from infra.mail_state import MemoryMailState

    state = container.reactions().mail_state
    assert isinstance(state, MemoryMailState) and container.reactions().mail_state is state
    assert container.services().given.store is not None
