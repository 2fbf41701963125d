"""Stored events and snapshot states survive the round trip exactly, at every point of real games."""

from __future__ import annotations

import json
import typing
from dataclasses import replace

import pytest

from devtools.bots import greedy_bot, random_bot
from devtools.simulate import play
from domain import fold
from domain.events import SCHEMA_VERSION, Event
from infra.serialization import (
    SNAPSHOT_SCHEMA_VERSION,
    domain_event,
    state_from_json,
    state_shape,
    state_to_json,
    stored_event,
)
from service.games.repository import SEATS_RECORD, Aggregate, Processed, from_snapshot, to_snapshot
from service.games.seen import Seen


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_every_state_of_a_game_and_every_event_round_trip(players: int, seed: int) -> None:
    played = play(players, seed, [greedy_bot, random_bot] * 3)
    stored = [json.loads(json.dumps(stored_event(e))) for e in played.events]  # as the store keeps them
    assert all(e["v"] == SCHEMA_VERSION and isinstance(e["type"], str) for e in stored)
    events = [domain_event(e) for e in stored]
    assert events == played.events
    state = fold([])
    for n, event in enumerate(events):
        state = fold([event], state)
        if n % 3 == 0 or n == len(events) - 1:
            assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    assert state == played.state


def test_a_snapshot_carries_the_whole_aggregate() -> None:
    played = play(3, 4, random_bot)
    aggregate = Aggregate("g", played.state, 40, {"0:a": Processed(2, "d1gest"), "-:create": Processed(1)},
                          ("h0", "h1", "h2"), ({"email": "a@b.c"}, None, None), 0)
    snapshot = to_snapshot(aggregate)
    assert snapshot.schema_version == SNAPSHOT_SCHEMA_VERSION
    stored = json.loads(json.dumps(snapshot.payload))
    restored = from_snapshot(snapshot._replace(payload=stored))
    assert restored is not None and restored.processed == {}  # the commands: only as a filter
    assert replace(restored, seen=Seen()) == replace(aggregate, processed={}, snapshot_version=40)
    with pytest.raises(LookupError):  # a filter's hit is settled from the store: never guessed
        restored.written_by(0, "a")
    looked_up: list[str] = []
    resolving = replace(restored, resolve=lambda key: looked_up.append(key) or aggregate.processed.get(key))
    assert resolving.written_by(0, "a") == Processed(2, "d1gest")
    assert resolving.written_by(None, "create") == Processed(1)
    assert resolving.written_by(1, "a") is None and looked_up == ["0:a", "-:create"]  # a miss reads nothing


def test_the_snapshot_schema_version_is_the_state_shape_fingerprint() -> None:
    # If this fails, the state's shape changed: set SNAPSHOT_SCHEMA_VERSION to the new fingerprint, so the
    # deploy ignores every snapshot written in the old shape.
    assert state_shape() == SNAPSHOT_SCHEMA_VERSION
    assert 0 < SNAPSHOT_SCHEMA_VERSION < 2**31


def test_the_seats_record_is_no_domain_event() -> None:
    union = typing.get_args(typing.get_args(Event)[0])
    assert SEATS_RECORD not in {model.model_fields["type"].default for model in union}
