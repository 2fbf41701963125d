"""Rules-engine figures: simulated games per second."""

from __future__ import annotations

import statistics

from bench.report import cpu_samples, emit, spread
from devtools.bots import random_bot
from devtools.simulate import play

GAMES = 60
BATCHES = 5


def run() -> None:
    # The replay figure is replay_vs_json_ratio (bench/replay_bench.py): the load path the pipeline really runs,
    # from stored items. The validated decode (`EVENT_LIST.validate_json` + fold) is left for input that does not
    # come from our store, and no longer timed here.
    seeds = iter(range(10**6))
    per_game = cpu_samples(lambda: play(4, next(seeds), random_bot), repeat=BATCHES, number=GAMES // BATCHES)
    rates = [1 / s for s in per_game]
    emit("simulated_games_per_second", statistics.median(rates), "games/s", players=4, bot="random", games=GAMES,
         clock="thread CPU time", batches=spread(rates, digits=1), target=">= 100")
