"""One contract, two stores: every test taking `store` or `make_store` runs against memory and moto."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from infra.store import (
    Commit,
    ConcurrencyConflict,
    Event,
    EventStore,
    InMemoryEventStore,
    Registry,
    Snapshot,
    Stream,
)
from infra.store.dynamodb import DynamoEventStore

if TYPE_CHECKING:
    pass

# `make_store(registry=None)`: a new store over the test's back-end (fixture in conftest).
MakeStore = Callable[..., EventStore]


def commit(
    version: int, game: str = "g1", command_id: str = "", seat: int | None = 0, events: tuple[Event, ...] = ()
) -> Commit:
    return Commit(
        game_id=game,
        version=version,
        command_id=command_id or f"cmd-{version}",
        seat=seat,
        events=events or ({"type": "Ticked", "v": 1, "n": version}, {"type": "Tocked", "v": 1}),
        recorded_at=f"2025-03-01T12:00:{version % 60:02d}Z",
    )


def fill(store: EventStore, last: int, game: str = "g1") -> None:
    for version in range(1, last + 1):
        store.append(commit(version, game))


def versions(commits: tuple[Commit, ...]) -> list[int]:
    return [c.version for c in commits]


def test_load_returns_appended_commits_in_order_intact(store: EventStore) -> None:
    fill(store, 7)
    stream = store.load("g1", snapshot_schema_version=1)
    assert stream.snapshot is None
    assert stream.commits == tuple(commit(v) for v in range(1, 8))
    assert stream.version == 7


def test_a_taken_version_conflicts_and_writes_nothing(store: EventStore) -> None:
    fill(store, 2)
    with pytest.raises(ConcurrencyConflict) as raised:
        store.append(commit(2, command_id="intruder", seat=3, events=({"type": "Other", "v": 1},)))
    assert (raised.value.game_id, raised.value.version) == ("g1", 2)
    assert store.commits("g1") == (commit(1), commit(2))


def test_of_two_racing_appends_exactly_one_wins(make_store: MakeStore) -> None:
    alice, bob = make_store(), make_store()
    fill(alice, 3)
    seen_by_alice, seen_by_bob = alice.load("g1", 1).version, bob.load("g1", 1).version
    alice.append(commit(seen_by_alice + 1, command_id="alice"))
    with pytest.raises(ConcurrencyConflict):
        bob.append(commit(seen_by_bob + 1, command_id="bob"))
    assert [c.command_id for c in bob.load("g1", 1).commits][-1] == "alice"
    assert bob.load("g1", 1).version == 4


def test_load_returns_the_newest_snapshot_and_only_later_commits(store: EventStore) -> None:
    fill(store, 9)
    store.put_snapshot(Snapshot("g1", 3, 1, {"old": True}))
    store.put_snapshot(Snapshot("g1", 6, 1, {"seen": ["a", "b"], "pending": None}))
    stream = store.load("g1", snapshot_schema_version=1)
    assert stream.snapshot == Snapshot("g1", 6, 1, {"seen": ["a", "b"], "pending": None})
    assert versions(stream.commits) == [7, 8, 9]
    assert stream.version == 9
    store.put_snapshot(Snapshot("g1", 9, 1, {"head": True}))
    assert store.load("g1", 1) == Stream(Snapshot("g1", 9, 1, {"head": True}), ())
    assert store.load("g1", 1).version == 9


def test_a_stale_schema_snapshot_is_ignored_for_an_older_valid_one(store: EventStore) -> None:
    fill(store, 10)
    store.put_snapshot(Snapshot("g1", 2, 2, {"schema": 2}))
    store.put_snapshot(Snapshot("g1", 5, 1, {"schema": 1}))
    store.put_snapshot(Snapshot("g1", 8, 3, {"schema": 3}))
    stream = store.load("g1", snapshot_schema_version=2)
    assert stream.snapshot == Snapshot("g1", 2, 2, {"schema": 2})
    assert versions(stream.commits) == list(range(3, 11))


def test_with_only_stale_snapshots_load_returns_the_full_history(store: EventStore) -> None:
    fill(store, 6)
    store.put_snapshot(Snapshot("g1", 4, 1, {}))
    stream = store.load("g1", snapshot_schema_version=2)
    assert stream.snapshot is None
    assert versions(stream.commits) == [1, 2, 3, 4, 5, 6]


def test_a_snapshot_may_be_overwritten(store: EventStore) -> None:
    fill(store, 3)
    store.put_snapshot(Snapshot("g1", 3, 1, {"try": 1}))
    store.put_snapshot(Snapshot("g1", 3, 1, {"try": 2}))
    assert store.load("g1", 1).snapshot == Snapshot("g1", 3, 1, {"try": 2})


def test_commits_after_a_version_skip_snapshots(store: EventStore) -> None:
    fill(store, 9)
    store.put_snapshot(Snapshot("g1", 4, 1, {}))
    store.put_snapshot(Snapshot("g1", 6, 1, {}))
    assert versions(store.commits("g1")) == list(range(1, 10))
    assert versions(store.commits("g1", after=4)) == [5, 6, 7, 8, 9]
    assert versions(store.commits("g1", after=8)) == [9]
    assert store.commits("g1", after=9) == ()


def test_newer_answers_like_commits_after(store: EventStore) -> None:
    fill(store, 9)
    store.put_snapshot(Snapshot("g1", 6, 1, {}))
    for known in (0, 5, 6, 8, 9, 12):
        assert store.newer("g1", known) == store.commits("g1", after=known)
    assert store.newer("nope", 0) == ()


def test_a_current_reader_pays_one_key_lookup(make_store: MakeStore) -> None:
    store = make_store()
    fill(store, 30)
    if isinstance(store, DynamoEventStore):
        before = store.requests
        assert store.newer("g1", 30) == ()
        assert store.requests - before == 1


def test_an_unknown_game_is_empty(store: EventStore) -> None:
    assert store.load("nope", 1) == Stream(None, ())
    assert store.load("nope", 1).version == 0
    assert store.commits("nope") == ()
    assert not bool(store.commits("nope"))


def test_games_do_not_see_each_other(store: EventStore) -> None:
    fill(store, 3, game="g")
    fill(store, 2, game="g1")
    assert bool(store.commits("g")) and bool(store.commits("g1")) and not bool(store.commits("g2"))
    assert {c.game_id for c in store.commits("g")} == {"g"}
    assert versions(store.load("g1", 1).commits) == [1, 2]


def test_upcasting_applies_on_read_and_never_rewrites(make_store: MakeStore) -> None:
    registry = Registry()

    @registry.register("Moved", from_version=1)
    def _rename(event: Event) -> Event:
        return {"type": "Moved", "to": event.pop("dest")}

    @registry.register("Moved", from_version=2)
    def _nest(event: Event) -> Event:
        return {"type": "Moved", "to": {"space": event["to"]}}

    store = make_store(registry)
    store.append(commit(1, events=({"type": "Moved", "v": 1, "dest": 4}, {"type": "Other", "v": 1})))
    upcast = ({"type": "Moved", "v": 3, "to": {"space": 4}}, {"type": "Other", "v": 1})
    assert store.load("g1", 1).commits[0].events == upcast
    assert store.commits("g1")[0].events == upcast
    raw = make_store(Registry()).commits("g1")[0].events
    assert raw[0] == {"type": "Moved", "v": 1, "dest": 4}


def test_only_events_at_or_below_an_upcasters_version_are_upcast(make_store: MakeStore) -> None:
    """The load skips events above every upcaster's version with one comparison: a stale one is still upcast,
    whatever comes around it, and after unregistering, by the upcasters left."""
    registry = Registry()
    calls: list[int] = []

    def bump(event: Event) -> Event:
        calls.append(event["v"])
        return {**event, "n": event.get("n", 0) + 1}

    registry.register("Moved", from_version=1)(bump)
    registry.register("Moved", from_version=2)(bump)
    store = make_store(registry)
    stored = ({"type": "Moved", "v": 3}, {"type": "Moved", "v": 1}, {"type": "Moved", "v": 3},
              {"type": "Moved", "v": 2}, {"type": "Other", "v": 1})
    store.append(commit(1, events=stored))
    assert store.load("g1", 1).commits[0].events == (
        {"type": "Moved", "v": 3}, {"type": "Moved", "v": 3, "n": 2}, {"type": "Moved", "v": 3},
        {"type": "Moved", "v": 3, "n": 1}, {"type": "Other", "v": 1})
    assert calls == [1, 2, 2]
    registry.unregister("Moved", 2)
    assert store.commits("g1")[0].events == (
        {"type": "Moved", "v": 3}, {"type": "Moved", "v": 2, "n": 1}, {"type": "Moved", "v": 3},
        {"type": "Moved", "v": 2}, {"type": "Other", "v": 1})
    registry.unregister("Moved", 1)
    assert store.commits("g1")[0].events == stored


def test_events_and_seats_round_trip_unicode_nested_and_none(store: EventStore) -> None:
    event: dict[str, Any] = {
        "type": "SpiritNamed",
        "v": 1,
        "name": "Glen Ünïcødé 蒸留所 🥃",
        "label": {"spaces": [[1, 2], [3, None]], "ok": True, "ratio": 0.25, "notes": {}},
        "empty": [],
    }
    store.append(commit(1, seat=None, events=(event,)))
    store.append(commit(2, seat=0))
    store.put_snapshot(Snapshot("g1", 1, 1, {"é": ["🥃", {"deep": [[[]]]}]}))
    assert store.commits("g1")[0].events == (event,)
    assert [c.seat for c in store.commits("g1")] == [None, 0]
    assert store.load("g1", 1).snapshot == Snapshot("g1", 1, 1, {"é": ["🥃", {"deep": [[[]]]}]})


@pytest.mark.parametrize("bad", [commit(0), commit(-1), commit(1, events=({"type": "NoVersion"},))])
def test_malformed_commits_are_refused(store: EventStore, bad: Commit) -> None:
    with pytest.raises(ValueError):
        store.append(bad)
    assert not bool(store.commits("g1"))


def test_in_memory_store_under_threads_loses_and_duplicates_nothing() -> None:
    store = InMemoryEventStore()
    won: list[str] = []
    lost: list[str] = []
    failures: list[Exception] = []
    start = threading.Barrier(8)

    def play(worker: int) -> None:
        try:
            start.wait()
            for attempt in range(10_000):
                version = store.load("g1", 1).version
                if version >= 50:
                    return
                time.sleep(0)  # let the others in where a Lambda would be deciding
                command_id = f"w{worker}-{attempt}"
                try:
                    store.append(commit(version + 1, command_id=command_id))
                    won.append(command_id)
                except ConcurrencyConflict:
                    lost.append(command_id)
        except Exception as error:  # a thread's exception would otherwise vanish
            failures.append(error)

    threads = [threading.Thread(target=play, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    history = store.commits("g1")
    assert failures == []
    assert versions(history) == list(range(1, 51))
    assert sorted(c.command_id for c in history) == sorted(won)
    assert len(set(won)) == 50
    assert lost, "the threads never raced"
