"""How often to snapshot: what a cold load reads and folds, against what the snapshots cost to write.

A 4-player game is played through the pipeline into the in-memory store; then, for each interval N, every
version is loaded cold (newest snapshot at or below it, plus the commits since) as the DynamoDB store would.
Read units follow DynamoDB's Query rule (the items' sizes summed, rounded up to 4 KB; strongly consistent);
write units are the snapshots' (1 per KB), spread over the commands."""

from __future__ import annotations

import json
import math
import random
import statistics
import time

from bench.report import emit
from devtools.bots import random_bot
from domain import to_act
from domain.options import SeatSpec
from infra.store import InMemoryEventStore
from infra.store.base import dump_json
from service import pipeline
from service.repository import Aggregate, fold_commits, from_snapshot, to_snapshot

INTERVALS = (0, 10, 25, 50, 100)  # 0: never snapshot


def _record() -> tuple[InMemoryEventStore, str, int]:
    store, rng = InMemoryEventStore(), random.Random(11)
    created = pipeline.create_game(store, [SeatSpec(name=n) for n in "ABCD"], rng=rng)
    aggregate, version = created.aggregate, 1
    game_id = aggregate.game_id
    while aggregate.state.phase != "finished":
        seat = rng.choice(to_act(aggregate.state))
        outcome = pipeline.handle(store, game_id, seat, random_bot(aggregate.state, seat, rng), rng=rng,
                                  loaded=aggregate)
        aggregate, version = outcome.aggregate, outcome.version
    return store, game_id, version


def run() -> None:
    store, game_id, last = _record()
    commits = store.commits(game_id)
    commit_bytes = [len(dump_json(list(c.events))) + 120 for c in commits]  # + keys and attributes
    snapshots: dict[int, Aggregate] = {}
    aggregate = Aggregate(game_id)
    for commit in commits:
        aggregate = fold_commits(aggregate, [commit])
        snapshots[commit.version] = aggregate
    snapshot_bytes = {v: len(json.dumps(to_snapshot(a).payload)) + 60 for v, a in snapshots.items()}
    for every in INTERVALS:
        page = every + 7 if every else 32  # the store reads pages "a little above" the interval (PAGE_SLACK)
        units, seconds = [], []
        for version in range(1, last + 1):
            base = (version // every) * every if every else 0
            units.append(_read_units(version, base, page, commit_bytes, snapshot_bytes.get(base, 0), every))
            if version % 7 == 0:  # time a sample of cold folds
                started = time.perf_counter()
                restored = from_snapshot(to_snapshot(snapshots[base])) if base else Aggregate(game_id)
                fold_commits(restored, commits[base:version])
                seconds.append(time.perf_counter() - started)
        writes = sum(math.ceil(snapshot_bytes[v] / 1024) for v in range(every, last + 1, every)) if every else 0
        emit("cold_load_read_units", statistics.mean(units), "RCU", snapshot_every=every or "never",
             page_size=page, max=max(units), cold_fold_ms=round(statistics.median(seconds) * 1000, 2),
             snapshot_write_units_per_command=round(writes / last, 3), commands=last,
             # On-demand prices: a write unit costs 5 read units. f = share of loads that are cold.
             cost_per_command_in_read_units={f"cold_{f}": round(f * statistics.mean(units) + 5 * writes / last, 2)
                                             for f in (0.25, 0.5, 1.0)})


def _read_units(version: int, base: int, page: int, commit_bytes: list[int], snapshot: int, every: int) -> int:
    """One descending Query, page by page (each page holds `page` items and is billed on its own: its items'
    sizes summed, rounded up to 4 KB), until the page holding the newest snapshot, or the first commit."""
    items: list[tuple[int, bool]] = []  # (bytes, is the snapshot to stop at), newest first
    for v in range(version, 0, -1):
        if every and v % every == 0:
            items.append((snapshot if v == base else 0, v == base))  # other snapshots: sized 0, see below
        items.append((commit_bytes[v - 1], False))
    units = 0
    for i in range(0, len(items), page):
        chunk = items[i:i + page]
        units += math.ceil(sum(b for b, _ in chunk) / 4096)
        if any(stop for _, stop in chunk):
            break
    return units
