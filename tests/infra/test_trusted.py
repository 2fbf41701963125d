"""The load path's trusted decoding builds exactly what validation builds, on random games of 1 to 5 players."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from pydantic import ValidationError

from devtools.bots import greedy_bot, random_bot
from devtools.simulate import play
from domain import fold
from infra.serialization import (
    domain_event,
    state_from_json,
    state_to_json,
    stored_event,
    trusted_event,
    trusted_events,
    trusted_state,
)
from infra.store import Commit, default_registry
from infra.store.base import dump_json, load_json
from service.repository import Aggregate, fold_commits, from_snapshot, to_snapshot


def _stored(events: list[object]) -> list[dict[str, object]]:
    """As the store hands them back: dumped, written as JSON text, parsed, upcast."""
    return [default_registry.upcast(e) for e in load_json(dump_json([stored_event(e) for e in events]))]


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (5, 11)])
def test_trusted_decoding_is_validated_decoding_for_every_event_and_state(players: int, seed: int) -> None:
    played = play(players, seed, [random_bot, greedy_bot] * 3)
    stored = _stored(played.events)
    validated = [domain_event(e) for e in stored]
    trusted = trusted_events(stored)
    assert validated == played.events
    for mine, theirs in zip(trusted, validated, strict=True):
        assert type(mine) is type(theirs) and mine == theirs
        assert mine.model_fields_set == theirs.model_fields_set
        assert mine.model_dump_json() == theirs.model_dump_json()  # same field order, same types inside
    state = fold([])
    undo_points = 0
    for event in trusted:
        state = fold([event], state)
        undo_points += state.undo is not None  # a state nesting the one before (docs/adr/0011)
        data = json.loads(dump_json(state_to_json(state)))
        assert trusted_state(data) == state_from_json(data) == state
    assert undo_points > 0
    assert fold(trusted) == fold(validated) == played.state


@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_trusted_replay_and_a_snapshot_load_equal_the_validated_fold(players: int) -> None:
    played = play(players, 40 + players, random_bot)
    history = [Commit("g", n + 1, f"c{n}", 0, (e,), "t") for n, e in enumerate(_stored(played.events))]
    validated = fold([domain_event(e) for c in history for e in c.events])
    assert fold_commits(Aggregate("g"), history).state == validated == played.state
    for middle in range(1, len(history), 7):
        snapshot = to_snapshot(fold_commits(Aggregate("g"), history[:middle]))
        restored = from_snapshot(replace(snapshot, payload=load_json(dump_json(snapshot.payload))))
        assert restored is not None and restored.state == fold_commits(Aggregate("g"), history[:middle]).state
        assert fold_commits(restored, history[middle:]).state == played.state


def test_a_stored_event_that_does_not_fit_its_class_is_refused_as_validation_refuses_it() -> None:
    event = stored_event(play(2, 1, random_bot).events[0])
    with pytest.raises(ValidationError):
        trusted_event({**event, "surprise": 1})
    with pytest.raises(ValidationError):
        trusted_events([event, {"type": "no_such_event", "v": 1}])
    missing = {k: v for k, v in event.items() if k != "setup"}
    with pytest.raises(ValidationError):
        trusted_event(missing)


def test_defaults_are_filled_as_validation_fills_them() -> None:
    from domain.events import MarketCleanedUp

    bare = {"type": "market_cleaned_up", "v": 1, "discarded": {"items": ["a"]}, "refills": {}}
    assert trusted_event(bare) == domain_event(bare) == MarketCleanedUp(discarded={"items": ("a",)}, refills={})
    assert trusted_event(bare).model_fields_set == domain_event(bare).model_fields_set
    assert list(trusted_event(bare).__dict__) == list(domain_event(bare).__dict__)
