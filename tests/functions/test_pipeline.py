"""The command pipeline in process: idempotency, versions, retries, snapshots."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from devtools.bots import random_bot
from domain import fold, legal_actions, to_act, view
from domain.commands import Buy
from domain.errors import RuleViolation
from domain.options import SeatSpec
from infra.auth import token_hash
from infra.serialization import SNAPSHOT_SCHEMA_VERSION, domain_event
from infra.store import Commit, ConcurrencyConflict, InMemoryEventStore, Snapshot, StoreError
from infra.store.dynamodb import DynamoEventStore
from service.games import pipeline
from service.games.pipeline import Contention, GameNotFound, StaleVersion
from service.games.recent import Recent
from service.games.repository import SEATS_RECORD, SNAPSHOT_EVERY, Aggregate, fold_commits, load
from tests.service.support import TABLE_NAME, AwsWorld


def new_game(store: Any, players: int = 3, seed: int = 1) -> pipeline.Created:
    return pipeline.create_game(store, [SeatSpec(name=f"P{i}") for i in range(players)], rng=random.Random(seed))


def play(store: Any, game_id: str, commands: int, seed: int = 2, recent: Recent | None = None,
         prefix: str = "c") -> list[Any]:
    rng, outcomes = random.Random(seed), []
    for n in range(commands):
        state = load(store, game_id).state
        seat = rng.choice(to_act(state))
        outcomes.append(pipeline.handle(store, game_id, seat, random_bot(state, seat, rng), command_id=f"{prefix}{n}",
                                        rng=rng, recent=recent))
    return outcomes


def test_a_new_game_is_version_one_and_keeps_only_token_hashes() -> None:
    store = InMemoryEventStore()
    created = new_game(store)
    (commit,) = store.commits(created.aggregate.game_id)
    assert (commit.version, commit.seat, commit.command_id) == (1, None, "create")
    assert created.aggregate.token_hashes == tuple(token_hash(t) for t in created.tokens)
    stored = json.dumps([dict(e) for e in commit.events])
    assert not any(t in stored for t in created.tokens)
    assert [e["type"] for e in commit.events] == ["game_created", SEATS_RECORD]


def test_a_command_is_one_commit_and_answers_the_callers_view() -> None:
    store = InMemoryEventStore()
    game = new_game(store).aggregate
    choice = legal_actions(game.state, 1)[0]
    outcome = pipeline.handle(store, game.game_id, 1, choice.model_copy(update={"seat": 0}), command_id="x")
    assert (outcome.version, outcome.command_version, outcome.replayed) == (2, 2, False)
    assert outcome.aggregate.state.players[1].distiller == choice.distiller  # the token's seat, not the body's
    assert outcome.view() == view(outcome.aggregate.state, 1)
    (commit,) = store.commits(game.game_id, after=1)
    assert all(e["v"] == 1 for e in commit.events) and commit.command_id == "x" and commit.seat == 1


def test_a_repeated_command_id_writes_nothing_and_answers_the_first_version() -> None:
    store = InMemoryEventStore()
    game = new_game(store).aggregate
    first = pipeline.handle(store, game.game_id, 0, legal_actions(game.state, 0)[0], command_id="x")
    pipeline.handle(store, game.game_id, 1, legal_actions(game.state, 1)[0], command_id="x")  # another seat's x
    again = pipeline.handle(store, game.game_id, 0, legal_actions(game.state, 0)[0], command_id="x")
    assert again.replayed and again.command_version == first.command_version == 2 and again.version == 3
    assert len(store.commits(game.game_id)) == 3


def test_a_stale_expected_version_or_a_broken_rule_writes_nothing() -> None:
    store = InMemoryEventStore()
    game = new_game(store).aggregate
    with pytest.raises(StaleVersion):
        pipeline.handle(store, game.game_id, 0, legal_actions(game.state, 0)[0], 2, command_id="x")
    with pytest.raises(RuleViolation):
        pipeline.handle(store, game.game_id, 0, Buy(source="basic", card="yeast"), command_id="y")
    with pytest.raises(GameNotFound):
        pipeline.handle(store, "nope", 0, Buy(source="basic", card="yeast"), command_id="z")
    assert len(store.commits(game.game_id)) == 1


class AlwaysTaken(InMemoryEventStore):
    def append(self, commit: Commit) -> None:
        raise ConcurrencyConflict(commit.game_id, commit.version)


def test_retries_are_bounded() -> None:
    store = AlwaysTaken()
    game = new_game(InMemoryEventStore(store.table)).aggregate
    conflicts: list[int] = []
    with pytest.raises(Contention) as raised:
        pipeline.handle(store, game.game_id, 0, legal_actions(game.state, 0)[0], command_id="x",
                        on_conflict=lambda: conflicts.append(1))
    assert raised.value.attempts == len(conflicts) == pipeline.MAX_ATTEMPTS


class TakenUnseen(InMemoryEventStore):
    """Every write conflicts, yet a reload shows the version free: only a faulty store does this, and it
    must not keep a command writing. Past `limit` appends the test fails instead of hanging."""

    def __init__(self, table: Any, limit: int = 40) -> None:
        super().__init__(table)
        self.appends, self.limit = 0, limit

    def append(self, commit: Commit) -> None:
        self.appends += 1
        assert self.appends <= self.limit, "the conflict loop is unbounded"
        raise ConcurrencyConflict(commit.game_id, commit.version)


def test_with_an_expected_version_retries_are_bounded_too() -> None:
    store = TakenUnseen(InMemoryEventStore().table)
    game = new_game(InMemoryEventStore(store.table)).aggregate
    with pytest.raises(Contention) as raised:
        pipeline.handle(store, game.game_id, 0, legal_actions(game.state, 0)[0], game.version, command_id="x")
    assert raised.value.attempts == store.appends == pipeline.MAX_ATTEMPTS


class OvertakenOnce(InMemoryEventStore):
    """The first write loses to `other`, which lands at that version just before it."""

    def __init__(self, table: Any, other: Callable[[], Any]) -> None:
        super().__init__(table)
        self.other: Callable[[], Any] | None = other

    def append(self, commit: Commit) -> None:
        if self.other is not None:
            other, self.other = self.other, None
            other()
        super().append(commit)


def test_a_lost_race_after_the_last_attempt_still_answers_as_designed() -> None:
    """The reload after the final conflict still runs: a racing copy of this command makes it a replay (with
    or without an expected_version), another command makes an expected_version stale; neither writes again."""
    steady = InMemoryEventStore()
    game = new_game(steady).aggregate
    own, theirs, third = (legal_actions(game.state, seat)[0] for seat in range(3))
    copy = OvertakenOnce(steady.table, lambda: pipeline.handle(steady, game.game_id, 0, own, command_id="x"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pipeline, "MAX_ATTEMPTS", 1)
        again = pipeline.handle(copy, game.game_id, 0, own, command_id="x")
        rival = OvertakenOnce(steady.table, lambda: pipeline.handle(steady, game.game_id, 1, theirs, command_id="y"))
        with pytest.raises(StaleVersion):
            pipeline.handle(rival, game.game_id, 2, third, 2, command_id="z")
    assert again.replayed and again.command_version == 2 and again.conflicts == 1
    assert [c.command_id for c in steady.commits(game.game_id)] == ["create", "x", "y"]


def test_snapshots_every_n_commits_and_loading_from_one_is_loading_everything() -> None:
    store = InMemoryEventStore()
    game_id = new_game(store, 4).aggregate.game_id
    outcomes = play(store, game_id, 2 * SNAPSHOT_EVERY + 3)
    assert sorted(store.table.snapshots[game_id]) == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    assert [o.snapshot_written for o in outcomes].count(True) == 2
    loaded = load(store, game_id)
    replayed = fold_commits(Aggregate(game_id), store.commits(game_id))
    assert (loaded.state, loaded.version, loaded.token_hashes) == (replayed.state, replayed.version,
                                                                   replayed.token_hashes)
    assert loaded.snapshot_version == 2 * SNAPSHOT_EVERY
    assert len(loaded.processed) == loaded.version - 2 * SNAPSHOT_EVERY  # the commands since the snapshot
    assert len(replayed.processed) == loaded.version and len(loaded.seen) == 2 * SNAPSHOT_EVERY
    for key, first in replayed.processed.items():  # the old ones through the filter and the commits
        seat, command_id = key.split(":", 1)
        assert loaded.written_by(None if seat == "-" else int(seat), command_id) == first
    assert loaded.written_by(0, "never sent") is None
    events = [domain_event(e) for c in store.commits(game_id) for e in c.events if e["type"] != SEATS_RECORD]
    assert fold(events) == loaded.state


def test_stale_and_unreadable_snapshots_are_ignored() -> None:
    store = InMemoryEventStore()
    game_id = new_game(store).aggregate.game_id
    play(store, game_id, 5)
    truth = load(store, game_id)
    store.put_snapshot(Snapshot(game_id, 5, SNAPSHOT_SCHEMA_VERSION + 1, {"from": "the future"}))
    assert load(store, game_id).state == truth.state
    store.put_snapshot(Snapshot(game_id, 4, SNAPSHOT_SCHEMA_VERSION, {"state": {"phase": 3}}))
    assert load(store, game_id).state == truth.state


class NoSnapshots(InMemoryEventStore):
    def put_snapshot(self, snapshot: Snapshot) -> None:
        raise StoreError("throttled")


def test_a_failed_snapshot_does_not_fail_the_command_and_the_next_command_retries_it() -> None:
    flaky = NoSnapshots()
    game_id = new_game(flaky).aggregate.game_id
    outcomes = play(flaky, game_id, SNAPSHOT_EVERY)
    assert not any(o.snapshot_written for o in outcomes) and outcomes[-1].version == SNAPSHOT_EVERY + 1
    steady = InMemoryEventStore(flaky.table)
    (next_one,) = play(steady, game_id, 1, seed=9, prefix="later")
    assert next_one.snapshot_written and sorted(steady.table.snapshots[game_id]) == [SNAPSHOT_EVERY + 2]
    play(steady, game_id, SNAPSHOT_EVERY, seed=10, prefix="then")  # back on the multiples: where a hint looks
    assert sorted(steady.table.snapshots[game_id]) == [SNAPSHOT_EVERY + 2, 2 * SNAPSHOT_EVERY]


def test_a_load_near_any_version_is_the_load_without_a_hint(aws: AwsWorld) -> None:
    store = DynamoEventStore(TABLE_NAME, aws.dynamodb)
    game_id = new_game(store, 4).aggregate.game_id
    play(store, game_id, 3 * SNAPSHOT_EVERY + 4)
    truth = load(store, game_id)
    for near in (None, -3, 0, 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 7, truth.version - 1, truth.version,
                 truth.version + 1, truth.version + SNAPSHOT_EVERY, 10**12):
        hinted = load(store, game_id, near=near)
        assert (hinted.state, hinted.version, hinted.snapshot_version) == (
            truth.state, truth.version, truth.snapshot_version), near
        for key, first in fold_commits(Aggregate(game_id), store.commits(game_id)).processed.items():
            seat, command_id = key.split(":", 1)
            assert hinted.written_by(None if seat == "-" else int(seat), command_id) == first


def test_a_recent_aggregate_plus_the_new_commits_is_the_game() -> None:
    store, recent = InMemoryEventStore(), Recent(size=1)
    game_id = new_game(store).aggregate.game_id
    play(store, game_id, 30, recent=recent)
    other = InMemoryEventStore(store.table)
    play(other, game_id, 4, seed=5, prefix="elsewhere")  # written elsewhere: the cache is behind
    assert load(store, game_id, recent).state == load(store, game_id).state
    assert recent.get(game_id) is not None and recent.get(game_id).version == 35  # type: ignore[union-attr]
    new_game(store, seed=3)
    recent.put(load(store, new_game(store, seed=4).aggregate.game_id))
    assert recent.get(game_id) is None  # the oldest game made room


def test_on_dynamodb_a_command_costs_one_query_and_one_put(aws: AwsWorld) -> None:
    store = DynamoEventStore(TABLE_NAME, aws.dynamodb)
    game_id = new_game(store, 2).aggregate.game_id
    play(store, game_id, SNAPSHOT_EVERY + 5)
    rng = random.Random(4)
    state = load(store, game_id).state
    seat = to_act(state)[0]
    store.requests = 0
    outcome = pipeline.handle(store, game_id, seat, random_bot(state, seat, rng), command_id="last", rng=rng)
    assert store.requests == 2 and outcome.aggregate.snapshot_version == SNAPSHOT_EVERY
    assert load(store, game_id).state == fold_commits(Aggregate(game_id), store.commits(game_id)).state


def test_a_cold_load_reads_one_page() -> None:
    import inspect

    from infra.store.dynamodb import DynamoEventStore

    page = inspect.signature(DynamoEventStore.__init__).parameters["page_size"].default
    assert SNAPSHOT_EVERY < page <= SNAPSHOT_EVERY + 10  # the newest snapshot is on the first page
