"""Races: deterministic interleavings against moto, real threads against the in-memory store."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from devtools.bots import random_bot
from domain import legal_actions, to_act
from domain.errors import RuleViolation
from domain.options import SeatSpec
from infra.store import Commit, EventStore, InMemoryEventStore, MemoryTable
from infra.store.dynamodb import DynamoEventStore
from service.games import pipeline
from service.games.pipeline import CommandIdReused, Contention, Outcome, StaleVersion
from service.games.repository import command_key, load
from tests.service.support import TABLE_NAME, AwsWorld


class Interleaved:
    """A store whose next append first lets another Lambda run: both loaded the same version."""

    def __init__(self, store: EventStore, before_append: Callable[[], Any]) -> None:
        self.store, self.before_append = store, before_append

    def append(self, commit: Commit) -> None:
        hook, self.before_append = self.before_append, lambda: None
        hook()
        self.store.append(commit)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def _setup(aws: AwsWorld) -> tuple[DynamoEventStore, str]:
    store = DynamoEventStore(TABLE_NAME, aws.dynamodb)
    created = pipeline.create_game(store, [SeatSpec(name="A"), SeatSpec(name="B")], rng=random.Random(3))
    return store, created.aggregate.game_id


def _choice(store: EventStore, game_id: str, seat: int) -> Any:
    return legal_actions(load(store, game_id).state, seat)[0]


def test_a_lost_race_reloads_decides_again_and_both_commands_land(aws: AwsWorld) -> None:
    store, game = _setup(aws)
    a, b = _choice(store, game, 0), _choice(store, game, 1)
    won: list[Outcome] = []
    racer = Interleaved(DynamoEventStore(TABLE_NAME, aws.dynamodb), lambda: won.append(
        pipeline.handle(DynamoEventStore(TABLE_NAME, aws.dynamodb), game, 1, b, command_id="b")))
    late = pipeline.handle(racer, game, 0, a, command_id="a")  # type: ignore[arg-type]
    assert (won[0].command_version, won[0].conflicts) == (2, 0)
    assert (late.command_version, late.conflicts) == (3, 1)
    assert [(c.version, c.seat, c.command_id) for c in store.commits(game)][1:] == [(2, 1, "b"), (3, 0, "a")]


def test_with_an_expected_version_the_loser_gets_a_stale_version(aws: AwsWorld) -> None:
    store, game = _setup(aws)
    a, b = _choice(store, game, 0), _choice(store, game, 1)
    racer = Interleaved(store, lambda: pipeline.handle(store, game, 1, b, 1, command_id="b"))
    with pytest.raises(StaleVersion) as stale:
        pipeline.handle(racer, game, 0, a, 1, command_id="a")  # type: ignore[arg-type]
    assert (stale.value.expected, stale.value.current) == (1, 2)
    assert [c.command_id for c in store.commits(game)] == ["create", "b"]


def test_two_copies_of_one_command_collide_and_the_second_answers_the_first(aws: AwsWorld) -> None:
    store, game = _setup(aws)
    a = _choice(store, game, 0)
    first: list[Outcome] = []
    racer = Interleaved(store, lambda: first.append(pipeline.handle(store, game, 0, a, 1, command_id="same")))
    second = pipeline.handle(racer, game, 0, a, 1, command_id="same")  # type: ignore[arg-type]
    assert second.replayed and second.command_version == first[0].command_version == 2
    assert [c.command_id for c in store.commits(game)] == ["create", "same"]


class OverTheNetwork(InMemoryEventStore):
    """A write takes a moment, as a DynamoDB round trip does: other threads get in between."""

    def append(self, commit: Commit) -> None:
        time.sleep(0.0005)
        super().append(commit)


def test_racing_threads_lose_and_duplicate_nothing() -> None:
    table = MemoryTable()
    game = pipeline.create_game(InMemoryEventStore(table), [SeatSpec(name=n) for n in "ABCD"],
                                rng=random.Random(5)).aggregate.game_id
    outcomes: list[tuple[int, str, Outcome]] = []
    refused: list[str] = []
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def player(worker: int) -> None:
        # A Lambda of its own; a pair shares its choices, so on the same state it sends copies of one command.
        store, rng = OverTheNetwork(table), random.Random(worker // 2)
        try:
            start.wait()
            for n in range(60):
                state = load(store, game).state
                if state.phase == "finished":
                    return
                seat = rng.choice(to_act(state))
                command_id = f"pair{worker // 2}-{n}"  # two workers send each id: copies of one command
                try:
                    outcome = pipeline.handle(store, game, seat, random_bot(state, seat, rng), command_id=command_id,
                                              rng=random.Random(worker * 1000 + n))
                    outcomes.append((seat, command_id, outcome))
                except (RuleViolation, Contention, CommandIdReused) as error:  # decided on a state that moved on
                    refused.append(type(error).__name__)
        except BaseException as error:  # a thread's exception would otherwise vanish
            failures.append(error)

    threads = [threading.Thread(target=player, args=(w,)) for w in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    history = InMemoryEventStore(table).commits(game)
    assert [c.version for c in history] == list(range(1, len(history) + 1))
    written = {command_key(c.seat, c.command_id): c.version for c in history}
    assert len(written) == len(history), "a command was written twice"
    for seat, command_id, outcome in outcomes:
        assert written[command_key(seat, command_id)] == outcome.command_version, "an accepted command was lost"
    assert len(history) == 1 + sum(1 for *_, o in outcomes if not o.replayed)
    assert any(o.conflicts for *_, o in outcomes) and any(o.replayed for *_, o in outcomes), "no race happened"
    assert load(InMemoryEventStore(table), game).version == len(history)
    assert len(outcomes) > 50, refused
