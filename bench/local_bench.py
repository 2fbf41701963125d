"""local_latency_growth: what one command costs `distilled serve --data DIR` in its first games, and again
after 500 finished games in the same server.

The server runs in this process, exactly as `distilled serve` runs it: the HTTP front door, the handlers
of template.yaml, the embedded DynamoDB (moto) with its write-ahead journal, the stream poller, the
notifier and the outbox. The 500 games are played to the end by random bots over HTTP, solo games because
they are the shortest real games; nothing is written around the API.

A sample is the first COMMANDS commands of a new game, each timed from its POST until the stream consumers
have delivered what it caused and the journal is synced. Time is the process's CPU time (every thread of
the server, and the HTTP client's own share), not the wall clock, so a busy machine does not move it. The
poller thread is paused while a sample runs, and the consumers are driven by the same `catch_up` the
server uses, so no idle poll lands inside a sample. Compactions of --data run between samples; their cost
per command is constant by design (a save is written when the journal has grown past the previous one),
and `fill_*_ms` shows the whole cost per command of the bots' games, compactions and reads included.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.report import emit

GAMES = int(os.environ.get("BENCH_LOCAL_GAMES", "500"))
SAMPLES = 25  # new games measured at the start, and again after GAMES finished games
COMMANDS = 10  # commands timed in each of them


def _sample(service: Any, api: Any, rng: random.Random) -> tuple[float, str, str]:
    """CPU seconds per command over the first COMMANDS commands of a new solo game; its id and token."""
    from devtools.client.actions import concrete, playing

    game_id, token = _new_game(api)
    service.catch_up()
    current = api.game(game_id, token)
    spent = 0.0
    for _ in range(COMMANDS):
        route, body = concrete(rng.choice(playing(current["view"]["legal_actions"])), rng)
        started = time.process_time()
        current = api.command(game_id, token, route, body, expected_version=current["version"])
        service.catch_up()
        spent += time.process_time() - started
    return spent / COMMANDS, game_id, token


def _measure(service: Any, api: Any, rng: random.Random, unfinished: list[tuple[str, str]]) -> list[float]:
    from devtools.local.streams import PollerThread

    service.poller.stop()
    samples = []
    for _ in range(SAMPLES):
        seconds, game_id, token = _sample(service, api, rng)
        samples.append(seconds)
        unfinished.append((game_id, token))
    service.poller = PollerThread(service.pollers, after_poll=service._after_poll)
    service.poller.start()
    return samples


def _finish(api: Any, games: list[tuple[str, str]], rng: random.Random) -> tuple[int, float]:
    """Bots play each game to its end; commands sent, CPU seconds spent."""
    from devtools.client import bots

    commands, started = 0, time.process_time()
    for game_id, token in games:
        run = bots.play(api, game_id, {0: token}, rng)
        assert run.finished, f"bots did not finish game {game_id}"
        commands += run.commands
    return commands, time.process_time() - started


def _fill(api: Any, games: int, rng: random.Random) -> list[float]:
    """Play `games` new solo games to the end; CPU seconds per command of each tenth of them."""
    tenths: list[float] = []
    step = max(1, games // 10)
    for start in range(0, games, step):
        commands, seconds = _finish(api, [_new_game(api) for _ in range(min(step, games - start))], rng)
        tenths.append(seconds / max(commands, 1))
    return tenths


def _new_game(api: Any) -> tuple[str, str]:
    created = api.create_game(["Solo"])
    return created["game_id"], api.tokens(created)[0]


def _ms(samples: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(samples) * 1000, 2), "min": round(min(samples) * 1000, 2),
            "max": round(max(samples) * 1000, 2)}


def run() -> None:
    from devtools.client import ApiClient
    from devtools.local.server import LocalService

    rng = random.Random(5)
    with tempfile.TemporaryDirectory(prefix="distilled-bench-") as data:
        service = LocalService(port=0, data_dir=Path(data), echo=lambda line: None)
        service.start()
        try:
            api = ApiClient(service.url, retries=0)
            unfinished: list[tuple[str, str]] = []
            _finish(api, [_new_game(api)], rng)  # warm: first calls import and build what later ones reuse
            first = _measure(service, api, rng, unfinished)
            _finish(api, unfinished, rng)
            fill = _fill(api, GAMES - len(unfinished), rng)
            last = _measure(service, api, rng, [])
            save = (Path(data) / "state.json").stat().st_size if (Path(data) / "state.json").exists() else 0
        finally:
            service.stop()
    growth = statistics.median(last) / statistics.median(first)
    emit("local_latency_growth", growth, "ratio", target="<= 1.2", finished_games=GAMES + 1,
         samples=SAMPLES, commands_per_sample=COMMANDS, first_ms=_ms(first), last_ms=_ms(last),
         fill_first_ms=round(fill[0] * 1000, 2), fill_last_ms=round(fill[-1] * 1000, 2), save_bytes=save,
         clock="process CPU time: the server's threads run in this process, and the calling thread's own "
               "CPU time would miss their work (moto's share included: it is the local server's cost)")

