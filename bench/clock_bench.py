"""Turn clocks' figures: what a clock adds to a command through the pipeline (memory store, thread CPU time), a
clock-less game's cost beside it (it must not grow: a clock-less game writes no clock event), and a tick."""

from __future__ import annotations

import gc
import random
import statistics
import time

from bench.report import emit, spread
from devtools.bots import random_bot
from domain import to_act
from domain.options import Clock, Options, SeatSpec
from infra.store import InMemoryEventStore
from service.clock import use_clock
from service.clocks.tick import next_wake, tick
from service.games import pipeline
from service.games.recent import Recent
from service.games.repository import load

GAMES = 6


def _game(seed: int, options: Options) -> float:
    """CPU seconds per command of one 4-player random game through `pipeline.handle`."""
    store, rng, recent = InMemoryEventStore(), random.Random(seed), Recent()
    seats = [SeatSpec(name=f"P{i}") for i in range(4)]
    game_id = pipeline.create_game(store, seats, options, rng=random.Random(seed)).aggregate.game_id
    aggregate = load(store, game_id, recent)
    spent, commands = 0.0, 0
    while aggregate.state.phase != "finished":
        seat = rng.choice(to_act(aggregate.state))
        command = random_bot(aggregate.state, seat, rng)
        start = time.thread_time()
        aggregate = pipeline.handle(store, game_id, seat, command, rng=rng, loaded=aggregate, recent=recent).aggregate
        spent += time.thread_time() - start
        commands += 1
    return spent / commands


def _ticks() -> list[float]:
    """CPU seconds of each tick that fired in a 3-player game whose every move is a timeout."""
    now = [1_800_000_000.0]
    use_clock(lambda: now[0])
    try:
        store = InMemoryEventStore()
        seats = [SeatSpec(name=f"P{i}") for i in range(3)]
        game_id = pipeline.create_game(store, seats, Options(clock=Clock(timeouts_to_replace=20)),
                                       rng=random.Random(1)).aggregate.game_id
        costs = []
        while (wake := next_wake(load(store, game_id))) is not None:
            now[0] = wake
            start = time.thread_time()
            tick(store, game_id, wake)
            costs.append(time.thread_time() - start)
        return costs
    finally:
        use_clock(None)


def run() -> None:
    plain: list[float] = []
    clocked: list[float] = []
    gc.collect()
    for seed in range(GAMES):  # alternating, the same seeds on both sides: a slow spell slows both alike
        plain.append(_game(seed, Options()))
        clocked.append(_game(seed, Options(clock=Clock())))
    emit("command_cpu_without_clock", statistics.median(plain) * 1e6, "us", games=GAMES, players=4,
         batches=spread(plain, 1e6, 1))
    emit("command_cpu_with_clock", statistics.median(clocked) * 1e6, "us", games=GAMES, players=4,
         batches=spread(clocked, 1e6, 1), ratio=round(statistics.median(clocked) / statistics.median(plain), 2))
    costs = _ticks()
    emit("tick_cpu", statistics.median(costs) * 1e3, "ms", ticks=len(costs), batches=spread(costs, 1e3, 2))


if __name__ == "__main__":
    run()
