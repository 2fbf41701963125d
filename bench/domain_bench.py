"""Rules-engine figures: replay cost against plain JSON decoding, and simulated games per second."""

from __future__ import annotations

import json
import statistics

from bench.report import best_of, cpu_samples, emit, spread
from devtools.bots import random_bot
from devtools.simulate import play
from domain import fold
from domain.events import EVENT_LIST

GAMES = 60
BATCHES = 5


def run() -> None:
    game = play(4, 2024, random_bot)
    stored = json.dumps([e.model_dump(mode="json") for e in game.events]).encode()

    def replay() -> object:
        return fold(EVENT_LIST.validate_json(stored))

    assert replay() == game.state
    json_s = best_of(lambda: json.loads(stored))
    fold_runs = cpu_samples(replay)
    fold_s = statistics.median(fold_runs)
    emit("fold_vs_json_ratio", fold_s / json_s, "ratio", events=len(game.events), bytes=len(stored),
         fold_ms=spread(fold_runs, 1000), json_loads_ms=round(json_s * 1000, 3), clock="thread CPU time",
         target="<= 3")

    seeds = iter(range(10**6))
    per_game = cpu_samples(lambda: play(4, next(seeds), random_bot), repeat=BATCHES, number=GAMES // BATCHES)
    rates = [1 / s for s in per_game]
    emit("simulated_games_per_second", statistics.median(rates), "games/s", players=4, bot="random", games=GAMES,
         clock="thread CPU time", batches=spread(rates, digits=1), target=">= 100")
