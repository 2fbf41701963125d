"""local_latency_growth: what one command costs `distilled serve --data DIR` in its first games, and again
after GAMES finished games in the same server (20; 500 with BENCH_FULL=1, as `make bench-full` runs it).
local_idle_cpu_percent and local_write_latency_ms: what the same server costs at rest, and how soon a write
reaches the outbox and a live socket, its pollers backing off when idle ("after") and polling as they did
before (a fixed 0.2 s stream poll, a 0.5 s scheduler pass: "before"), the two alternating in the same server.

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

import json
import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.report import emit, spread
from devtools.local.scheduler import MAX_WAIT as _MAX_WAIT
from devtools.local.streams import MAX_IDLE as _MAX_IDLE

FULL = os.environ.get("BENCH_FULL") == "1"
GAMES = int(os.environ.get("BENCH_LOCAL_GAMES", "500" if FULL else "20"))
IDLE_ROUNDS = int(os.environ.get("BENCH_IDLE_ROUNDS", "7" if FULL else "3"))  # samples of each side
IDLE_SECONDS = float(os.environ.get("BENCH_IDLE_SECONDS", "10" if FULL else "5"))  # wall time of one sample
BEFORE = (0.2, 0.5)  # the pollers' fixed pauses before they backed off: stream poller, scheduler
SAMPLES = 25 if FULL else 10  # new games measured at the start, and again after GAMES finished games
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


class _Outboxed:
    """The server's echo: when the latest outbox line was printed."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.at = 0.0

    def __call__(self, line: str) -> None:
        if line.startswith("[outbox]") and not self.event.is_set():
            self.at = time.perf_counter()
            self.event.set()


def _settle(service: Any, before: bool) -> None:
    """Put the pollers in one mode and wait until they are at rest in it (an idle server's steady state)."""
    poller, scheduler = service.poller, service.scheduler
    poller.max_idle, scheduler.idle = BEFORE if before else (_MAX_IDLE, _MAX_WAIT)
    polls = poller.polls
    scheduler.wake()
    poller.wake()
    deadline = time.monotonic() + 60  # the poll running meanwhile, then the woken one, then the back-off
    while time.monotonic() < deadline and not (poller.polls >= polls + 2 and poller.pause >= poller.max_idle):
        time.sleep(0.05)
    time.sleep(1.0)  # the write's own consumers done


def _idle_percent(seconds: float) -> float:
    """The process's CPU time (every server thread; this one sleeps) over `seconds` of wall time, in % of a core."""
    wall, cpu = time.monotonic(), time.process_time()
    time.sleep(seconds)
    return (time.process_time() - cpu) / (time.monotonic() - wall) * 100


def _move(api: Any, game_id: str, tokens: list[str]) -> int:
    """One legal move of the seat to act; the version it made."""
    seat = api.game(game_id)["to_act"][0]
    action = api.game(game_id, tokens[seat])["view"]["legal_actions"][0]
    return int(api.command(game_id, tokens[seat], action["type"], action)["version"])


def _told(watcher: Any, version: int) -> None:
    while json.loads(watcher.recv(timeout=30)).get("version", -1) < version:
        pass


def _at_rest(service: Any, api: Any, outboxed: _Outboxed) -> dict[str, Any]:
    """Idle CPU and write latencies, the "before" and "after" modes alternating (paired) in one server."""
    from websockets.sync.client import connect  # the library the local server's socket is on (ADR 26)

    game_id, tokens = _new_game2(api)
    watcher = connect(f"ws://127.0.0.1:{service.port}/live?game_id={game_id}")
    found: dict[str, dict[str, list[float]]] = {side: {"idle": [], "outbox": [], "socket": []}
                                                for side in ("before", "after")}
    try:
        for _ in range(IDLE_ROUNDS):
            for side, figures in found.items():
                _settle(service, side == "before")
                figures["idle"].append(_idle_percent(IDLE_SECONDS))
                outboxed.event.clear()
                started = time.perf_counter()  # a new game: its seats are told "your turn" through the stream
                api.create_game(["Ada", "Grace"])
                outboxed.event.wait(30)
                figures["outbox"].append(outboxed.at - started)
                _settle(service, side == "before")
                started = time.perf_counter()
                version = _move(api, game_id, tokens)
                _told(watcher, version)
                figures["socket"].append(time.perf_counter() - started)
    finally:
        watcher.close()
        _settle(service, False)
    return found


def _new_game2(api: Any) -> tuple[str, list[str]]:
    created = api.create_game(["Ada", "Grace"])
    return created["game_id"], api.tokens(created)


def run() -> None:
    from devtools.client import ApiClient
    from devtools.local.server import LocalService

    rng = random.Random(5)
    outboxed = _Outboxed()
    with tempfile.TemporaryDirectory(prefix="distilled-bench-") as data:
        service = LocalService(port=0, data_dir=Path(data), echo=outboxed)
        service.start()
        try:
            api = ApiClient(service.url, retries=0)
            unfinished: list[tuple[str, str]] = []
            _finish(api, [_new_game(api)], rng)  # warm: first calls import and build what later ones reuse
            rest = _at_rest(service, api, outboxed)
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
    before, after = rest["before"], rest["after"]
    emit("local_idle_cpu_percent", statistics.median(after["idle"]), "% of a core", target="< 1",
         after=spread(after["idle"], digits=2), before=spread(before["idle"], digits=2), samples=IDLE_ROUNDS,
         seconds_per_sample=IDLE_SECONDS, games=2,
         clock="process CPU time over wall time, the server at rest (one game, nobody playing); before: the "
               f"pollers' fixed pauses {BEFORE} s, alternating with after in the same server")
    emit("local_write_latency_ms", statistics.median(after["socket"]) * 1000, "ms",
         socket_after=spread(after["socket"], 1000, 1), socket_before=spread(before["socket"], 1000, 1),
         outbox_after=spread(after["outbox"], 1000, 1), outbox_before=spread(before["outbox"], 1000, 1),
         samples=IDLE_ROUNDS, clock="wall time from the POST, the server at rest before it: socket: a move until "
         "a watching socket is told of it; outbox: a new game until its first \"your turn\" is in the outbox")

