"""The notifier keeps a clocked game's schedule: once per game per batch, from the newest state; a failing
scheduler fails the record (the stream retries it, and the retry sets it); older states never move it back."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain.options import Clock, Options, SeatSpec
from infra.schedules.index import MemoryClockIndex
from infra.schedules.memory import MemorySchedules
from service.clock import use_clock
from service.clocks.tick import next_wake
from service.games import pipeline
from service.games.repository import load
from tests.functions.test_notifier import act, invoke, records
from tests.service.support import MemoryWorld, give

T0 = 1_900_000_000.0


class Broken(MemorySchedules):
    failing: bool = True

    def set(self, game_id: str, at: float) -> None:
        if self.failing:
            raise RuntimeError("the scheduler is down")
        super().set(game_id, at)


@pytest.fixture
def kept(memory: MemoryWorld) -> Iterator[tuple[Broken, MemoryClockIndex]]:
    schedules, index = Broken(), MemoryClockIndex()
    schedules.failing = False
    give(schedules=schedules, clock_index=index)
    use_clock(lambda: T0)
    yield schedules, index
    use_clock(None)


def clocked_game(world: MemoryWorld) -> str:
    seats = [SeatSpec(name="A"), SeatSpec(name="B")]
    options = Options(flight="A", clock=Clock(per_move_hours=24))
    return pipeline.create_game(world.store, seats, options, rng=random.Random(1)).aggregate.game_id


def test_each_batch_sets_the_schedule_once_to_the_newest_wake(memory: MemoryWorld,
                                                              kept: tuple[Broken, MemoryClockIndex]) -> None:
    schedules, index = kept
    game = clocked_game(memory)
    for n, seat in enumerate(load(memory.store, game).state.players[:2]):
        act(memory.store, game, seat.seat, n)
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    newest = load(memory.store, game)
    assert schedules.calls == [("set", game)]
    assert schedules.wakes[game] == next_wake(newest) and next_wake(newest) == T0 + 12 * 3600
    assert [d.game_id for d in index.due(T0 + 86400, 10)] == [game]


def test_a_scheduler_failure_fails_the_record_and_the_retry_sets_it(memory: MemoryWorld,
                                                                     kept: tuple[Broken, MemoryClockIndex]) -> None:
    schedules, _ = kept
    game = clocked_game(memory)
    batch = records(memory.store, game)
    schedules.failing = True
    failed = invoke(batch)["batchItemFailures"]
    assert [f["itemIdentifier"] for f in failed] == [batch[0]["dynamodb"]["SequenceNumber"]]
    assert game not in schedules.wakes
    schedules.failing = False
    assert invoke(batch) == {"batchItemFailures": []}
    assert game in schedules.wakes


def test_a_late_record_of_an_older_state_leaves_the_schedule(memory: MemoryWorld,
                                                            kept: tuple[Broken, MemoryClockIndex]) -> None:
    schedules, index = kept
    game = clocked_game(memory)
    assert index.put(game, 10**6, T0 + 999)  # a newer state already scheduled
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    assert schedules.calls == []


def test_a_game_without_a_clock_touches_neither(memory: MemoryWorld, kept: tuple[Broken, MemoryClockIndex]) -> None:
    schedules, index = kept
    seats = [SeatSpec(name="A"), SeatSpec(name="B")]
    game = pipeline.create_game(memory.store, seats, rng=random.Random(1)).aggregate.game_id
    assert invoke(records(memory.store, game)) == {"batchItemFailures": []}
    assert schedules.calls == [] and index.items == {}
