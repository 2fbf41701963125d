"""Rules-engine figures: replay cost against plain JSON decoding, and simulated games per second."""

from __future__ import annotations

import json
import time

from bench.report import best_of, emit
from devtools.bots import random_bot
from devtools.simulate import play
from domain import fold
from domain.events import EVENT_LIST

GAMES = 60


def run() -> None:
    game = play(4, 2024, random_bot)
    stored = json.dumps([e.model_dump(mode="json") for e in game.events]).encode()

    def replay() -> object:
        return fold(EVENT_LIST.validate_json(stored))

    assert replay() == game.state
    json_s = best_of(lambda: json.loads(stored))
    fold_s = best_of(replay)
    emit("fold_vs_json_ratio", fold_s / json_s, "ratio", events=len(game.events), bytes=len(stored),
         fold_ms=round(fold_s * 1000, 3), json_loads_ms=round(json_s * 1000, 3), target="<= 3")

    start = time.perf_counter()
    for seed in range(GAMES):
        play(4, seed, random_bot)
    rate = GAMES / (time.perf_counter() - start)
    emit("simulated_games_per_second", rate, "games/s", players=4, bot="random", games=GAMES, target=">= 100")
