"""Provable fairness (issue 24, docs/fairness.md): what the generator and the hash chain cost the service's own code
a command, against the same service without them, in the same run: a bound (no network, no AWS client, no HTTP
handling in the denominator), not the path production runs, which bench/fairness_handler_bench.py times.

Whole 3-player games are played by the same random bots through the command pipeline (service/games/pipeline.py
`handle`, warm: the per-container cache, an in-memory store, so that only the service's own CPU is timed, not a
network's), each twice: fair (a seed store: every draw from the seed, every commit chained and salted, the seed
revealed at the end), and as before (the chain fields stripped from the first commit, so no commit after it is
chained, and the same draws given as an rng), so that both play the very same moves. Each pair gives the ratio
of their CPU; the figure is the median, with min and max. (The generator's own cost, a few HMACs a shuffle, is on
both sides: `random.SystemRandom`, which it replaced, costs about as much a shuffle.) The bytes are exact: what
the chain adds to each stored commit (`prev` and `salt`, their names included, as DynamoDB counts an item) and
the fairness records (the first commit's, the last one's reveal), over every commit of the fair games.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from typing import Any

from bench.report import emit, spread
from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from domain.options import Options, SeatSpec
from infra.seeds import MemorySeedStore
from infra.store import InMemoryEventStore
from service.fairness.chain import commit_hash
from service.fairness.draws import Draws
from service.games.pipeline import create_game, handle
from service.games.recent import Recent
from service.games.repository import load

FULL = os.environ.get("BENCH_FULL") == "1"
PAIRS = 16 if FULL else 8
SEATS = 3
RECORDS = ("fairness", "contribution", "reveal")


def _unchained(store: InMemoryEventStore, game_id: str) -> None:
    """The first commit as before the chain: no prev, no salt (so the game's head is None, nothing after chains)."""
    rows = store.table.commits[game_id]
    doc = json.loads(rows[1])
    doc.pop("prev", None), doc.pop("salt", None)
    rows[1] = json.dumps(doc)


class Replayed:
    """The chance of a game as before (a given rng, no chain) that draws exactly what the fair game with the same
    seed draws, so that both play the very same moves and each command is timed against itself."""

    def __init__(self, seed: bytes) -> None:
        self.seed, self.draws = seed, Draws(seed, 1)

    def at(self, version: int, contributions: list[str] | None = None) -> Replayed:
        self.draws = Draws(self.seed, version, contributions or ())
        return self

    def shuffle(self, x: list[Any]) -> None:
        self.draws.shuffle(x)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self.draws.randrange(start, stop, step)


def play(seed: int, fair: bool) -> tuple[list[float], InMemoryEventStore, str]:
    """CPU seconds of each command of one whole game: fair, or as before with the same draws."""
    store, rng, secret = InMemoryEventStore(), random.Random(seed), seed.to_bytes(32, "big")
    game_id = f"bench{seed:011d}"
    seeds = MemorySeedStore() if fair else None
    if seeds is not None:
        seeds.put(game_id, secret)  # the fair game's seed: found by its creation, as a retried start finds it
    chance = None if fair else Replayed(secret)
    create_game(store, [SeatSpec(name=f"P{i}") for i in range(SEATS)], Options(flight="A"),
                rng=None if chance is None else chance.at(1), seeds=seeds, game_id=game_id)
    if not fair:
        _unchained(store, game_id)
    recent, cpu, made = Recent(), [], dict[int, str]()
    for _ in range(5000):
        aggregate = load(store, game_id, recent)
        state = aggregate.state
        if state.phase == "finished":
            return cpu, store, game_id
        seat = rng.choice(to_act(state))
        command = concrete(rng.choice(game_actions(state, seat)), rng)
        if seat not in made:  # the seat's first command: its contribution (what the fair game records)
            made[seat] = f"seat {seat}"
        given = None if chance is None else chance.at(aggregate.version + 1, list(made.values()))
        started = time.process_time()
        handle(store, game_id, seat, command, None, command_id=f"c{aggregate.version}", rng=given, recent=recent,
               seeds=seeds, contribution=made[seat])
        cpu.append(time.process_time() - started)
    raise AssertionError("a game did not end")


def added_bytes(store: InMemoryEventStore, game_id: str) -> tuple[float, int]:
    """Bytes the chain and the fairness records add per commit (mean), and the commits counted."""
    commits = store.commits(game_id)
    chain = sum(len("prev") + 32 + len("salt") + 12 for c in commits if c.prev and c.salt)  # DynamoDB's binary
    records = sum(len(json.dumps(e, separators=(",", ":"))) for c in commits for e in c.events
                  if e["type"] in RECORDS)
    return (chain + records) / len(commits), len(commits)


def hash_cost(store: InMemoryEventStore, game_id: str) -> list[float]:
    """CPU of hashing each commit once (what a command and a load add)."""
    found = []
    for commit in store.commits(game_id):
        started = time.process_time()
        for _ in range(20):
            commit_hash(commit)
        found.append((time.process_time() - started) / 20)
    return found


def run() -> None:
    ratios: list[float] = []
    fair_ms: list[float] = []
    before_ms: list[float] = []
    per_commit: list[float] = []
    commits = 0
    hashes: list[float] = []
    fair_each: list[float] = []
    before_each: list[float] = []
    for warm in (97, 98, 99):  # every model's schema built, every module imported, before anything is timed
        play(warm, fair=True), play(warm, fair=False)
    for pair in range(PAIRS):
        if pair % 2:  # which side runs first alternates: neither pays for a slow spell alone
            before, _, _ = play(100 + pair, fair=False)
            fair, store, game_id = play(100 + pair, fair=True)
        else:
            fair, store, game_id = play(100 + pair, fair=True)
            before, _, _ = play(100 + pair, fair=False)
        assert len(fair) == len(before), "the same draws, the same moves"
        fair_each += fair
        before_each += before
        ratios.append(sum(fair) / sum(before))
        fair_ms.append(statistics.mean(fair) * 1000)
        before_ms.append(statistics.mean(before) * 1000)
        mean_bytes, counted = added_bytes(store, game_id)
        per_commit.append(mean_bytes)
        commits += counted
        hashes += hash_cost(store, game_id)
    added = [f - b for f, b in zip(fair_each, before_each, strict=True)]
    emit("fairness_cpu_ratio_service", round(statistics.median(ratios), 3), "x", **spread(ratios),
         added_us_per_command=round(statistics.median(added) * 1e6, 1), commands=len(added),
         pairs=PAIRS, fair_ms_per_command=spread(fair_ms, 1, 3), before_ms_per_command=spread(before_ms, 1, 3),
         path="handle() warm (recent cache, in-memory store): a fair, chained game / the same game as before (its "
              "draws given, no chain): the same moves")
    emit("fairness_bytes_per_commit", round(statistics.mean(per_commit), 1), "bytes", target="<= 64",
         max_game=round(max(per_commit), 1), commits=commits,
         counted="prev + salt, binary, with their attribute names (52), and the fairness and reveal records, per "
                 "commit")
    emit("chain_hash_us_per_commit", round(statistics.median(hashes) * 1e6, 1), "us", **spread(hashes, 1e6, 1),
         commits=len(hashes), path="service.fairness.chain.commit_hash of each stored commit")


def _main() -> Any:
    run()


if __name__ == "__main__":
    _main()
