"""The load path's trusted decoding builds exactly what validation builds, on random games of 1 to 5 players."""

from __future__ import annotations

import json

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
from infra.store import Commit, Stream, default_registry
from infra.store.base import dump_json, load_json
from service.games.repository import (
    Aggregate,
    Processed,
    command_key,
    fold_commits,
    from_snapshot,
    from_stream,
    replayed,
    to_snapshot,
)


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
        restored = from_snapshot(snapshot._replace(payload=load_json(dump_json(snapshot.payload))))
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


def _fresh_commits(stored: list[dict[str, object]]) -> tuple[Commit, ...]:
    """Commits as a read hands them over: parsed for this load alone."""
    parsed = load_json(dump_json(stored))
    return tuple(Commit("g", n + 1, f"c{n}", n % 3 or None, (e,), "t") for n, e in enumerate(parsed))


@pytest.mark.parametrize(("players", "seed"), [(1, 21), (2, 22), (4, 24), (5, 25)])
def test_a_load_that_takes_its_read_over_equals_the_validated_fold(players: int, seed: int) -> None:
    """`from_stream` gives the stored values away (no copies; the state decoded from a snapshot folded in place):
    the same aggregate as validating everything and folding onto a clone, at every snapshot position."""
    played = play(players, seed, [random_bot, greedy_bot] * 3)
    stored = [stored_event(e) for e in played.events]
    validated = fold([domain_event(e) for e in stored])
    whole = from_stream("g", Stream(None, _fresh_commits(stored)))
    assert whole is not None and whole.state == validated == played.state
    assert whole == fold_commits(Aggregate("g"), _fresh_commits(stored)) == replayed("g", _fresh_commits(stored))
    for middle in range(1, len(stored), 5):
        snapshot = to_snapshot(fold_commits(Aggregate("g"), _fresh_commits(stored)[:middle]))
        fresh = snapshot._replace(payload=load_json(dump_json(snapshot.payload)))
        loaded = from_stream("g", Stream(fresh, _fresh_commits(stored)[middle:]))
        assert loaded is not None and loaded.state == played.state
        after = _fresh_commits(stored)[middle:]
        assert loaded.processed == {command_key(c.seat, c.command_id): Processed(c.version) for c in after}
        assert (loaded.version, loaded.snapshot_version) == (len(stored), middle)


def test_consumed_events_are_the_validated_events_and_a_misfit_still_fails_validation() -> None:
    played = play(3, 12, random_bot)
    stored = [stored_event(e) for e in played.events]
    validated = [domain_event(e) for e in stored]
    consumed = trusted_events(load_json(dump_json(stored)), consume=True)
    for mine, theirs in zip(consumed, validated, strict=True):
        assert type(mine) is type(theirs) and mine == theirs
        assert mine.model_fields_set == theirs.model_fields_set and mine.model_dump_json() == theirs.model_dump_json()
    # One misfit among them: every event (some already consumed) goes to the careful path, and it fails there.
    misfit = load_json(dump_json([*stored[:5], {**stored[5], "surprise": 1}, *stored[6:]]))
    with pytest.raises(ValidationError):
        trusted_events(misfit, consume=True)
    # A stored event without a field that has a default: filled in, as validation fills it.
    card = next(e for e in stored if e["type"] == "card_bought")
    lean = load_json(dump_json([*stored[:3], {k: v for k, v in card.items() if k != "discounts"}]))
    decoded = trusted_events(lean, consume=True)
    assert decoded == [*validated[:3], domain_event(card)]
    without = domain_event({k: v for k, v in card.items() if k != "discounts"})
    assert [e.model_fields_set for e in decoded] == [e.model_fields_set for e in [*validated[:3], without]]


def test_events_consumed_before_a_misfit_decode_again_to_the_same_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the trusted decoder gives up on one event and validation accepts it, every event is decoded again the
    careful way, those already consumed included: they hold what validation made of them (nested models,
    tuples, int keys, no `v`), and decode to the same events."""
    from infra import serialization

    stored = [stored_event(e) for e in play(4, 15, random_bot).events]
    validated = [domain_event(e) for e in stored]
    last = stored[-1]["type"]

    def gives_up(data: object) -> object:
        raise TypeError("not this one")

    monkeypatch.setitem(serialization._trusted_events(True), last, gives_up)
    decoded = trusted_events(load_json(dump_json(stored)), consume=True)
    assert decoded == validated and isinstance(stored[0]["type"], str) and stored[0]["type"] == "game_created"
    assert [e.model_fields_set for e in decoded] == [e.model_fields_set for e in validated]
    assert [e.model_dump_json() for e in decoded] == [e.model_dump_json() for e in validated]


def test_instances_sharing_their_fields_set_keep_it_through_a_copy() -> None:
    """A frozen model's instances decoded with every field share one fields set: pydantic changes it only on
    the copies it makes, so one instance's copy never shows in another."""
    decoded = trusted_events([stored_event(e) for e in play(2, 3, random_bot).events])
    first, second = [e for e in decoded if e.type == "card_bought"][:2]
    assert first is not second and first.model_fields_set is second.model_fields_set  # shared: the shortcut
    copied = first.model_copy(update={"refill": "x"})
    assert copied.refill == "x" and first.refill != "x"
    assert copied.model_fields_set is not first.model_fields_set
    assert copied.model_fields_set == first.model_fields_set == second.model_fields_set
    assert first.model_fields_set == domain_event(stored_event(first)).model_fields_set == set(type(first).model_fields)
    with pytest.raises(ValidationError):
        first.card = "x"  # frozen: pydantic refuses before it would touch the fields set


def test_a_state_decodes_by_field_name_whatever_the_stored_order() -> None:
    state = play(4, 13, random_bot).state
    data = json.loads(dump_json(state_to_json(state)))
    reordered = {k: data[k] for k in reversed(data)}
    reordered["players"] = [{k: p[k] for k in reversed(p)} for p in data["players"]]
    assert trusted_state(reordered) == state
    renamed = {("no_such_field" if k == "round" else k): v for k, v in data.items()}  # as many keys, one unknown
    with pytest.raises(TypeError):
        trusted_state(renamed)


def test_the_processed_keys_are_the_command_keys() -> None:
    stored = [stored_event(e) for e in play(2, 14, random_bot).events]
    commits = _fresh_commits(stored)
    assert {c.seat for c in commits} >= {None, 1, 2}
    assert set(replayed("g", commits).processed) == {command_key(c.seat, c.command_id) for c in commits}
