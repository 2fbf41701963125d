"""How often to snapshot, and how many items a cold load's Query page asks for: read units against write units.

A 4- and a 5-player game are played through the pipeline into moto's DynamoDB with the real DynamoEventStore,
snapshotting after every commit, so every version has its real snapshot item. For each interval N, the items
a table snapshotting every N commits would hold at each version v (commits 1..v, snapshots at N, 2N, ... <= v)
are read as the store's descending Query reads them, page by page; each page is billed on its own as DynamoDB
bills a strongly consistent Query (its items' sizes, by DynamoDB's size rule, summed and rounded up to 4 KB),
up to the page holding the newest snapshot; and as a command's cold load reads with its expected_version (from the
newest snapshot up, `cold_load_read_units_hinted`). Write units: each snapshot item's size rounded up to 1 KB, spread
over the commands.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from bench.dynamo import TABLE, item_bytes, moto_table, partition_items, play
from bench.report import emit
from infra.store.dynamodb import DynamoEventStore
from service.games import repository

INTERVALS = (10, 15, 18, 20, 25, 50)
PAGE_SLACK = (1, 2, 4, 7)  # page size = N + slack
GAMES = ((4, 11), (5, 12), (4, 21), (5, 22))  # (players, seed)
BUDGET = 3


def _recorded(players: int, seed: int) -> tuple[dict[int, int], dict[int, int]]:
    """Item sizes by version: commits and (one per version) snapshots."""
    every = repository.SNAPSHOT_EVERY
    repository.SNAPSHOT_EVERY = 1
    try:
        with moto_table() as client:
            game = play(DynamoEventStore(TABLE, client), players, seed)
            items = partition_items(client, game.game_id)
    finally:
        repository.SNAPSHOT_EVERY = every
    commits = {int(i["version"]["N"]): item_bytes(i) for i in items if i["kind"]["S"] == "commit"}
    snapshots = {int(i["version"]["N"]): item_bytes(i) for i in items if i["kind"]["S"] == "snapshot"}
    return commits, snapshots


def read_units(version: int, every: int, page: int, commits: dict[int, int], snapshots: dict[int, int]) -> int:
    """One descending Query at `version`: a snapshot sorts just above its commit; pages of `page` items."""
    newest_first: list[tuple[int, bool]] = []  # (bytes, is a snapshot)
    for v in range(version, 0, -1):
        if v % every == 0:
            newest_first.append((snapshots[v], True))
        newest_first.append((commits[v], False))
    units = 0
    for start in range(0, len(newest_first), page):
        chunk = newest_first[start:start + page]
        units += math.ceil(sum(size for size, _ in chunk) / 4096)
        if any(is_snapshot for _, is_snapshot in chunk):
            break
    return units


def hinted_read_units(version: int, every: int, page: int, commits: dict[int, int], snapshots: dict[int, int]) -> int:
    """A command's cold load, its expected_version current: one Query from the newest snapshot's version up
    (`DynamoEventStore.load`'s `since`), or the plain read while the game has no snapshot yet."""
    floor = version - version % every
    if floor == 0:
        return read_units(version, every, page, commits, snapshots)
    return math.ceil((snapshots[floor] + sum(commits[v] for v in range(floor + 1, version + 1))) / 4096)


def trade_off(every: int, slack: int, games: list[tuple[int, dict[int, int], dict[int, int]]]) -> dict[str, Any]:
    units, writes, commands = [], 0, 0
    for _, commits, snapshots in games:
        last = max(commits)
        units += [read_units(v, every, every + slack, commits, snapshots) for v in range(1, last + 1)]
        writes += sum(math.ceil(snapshots[v] / 1024) for v in range(every, last + 1, every))
        commands += last
    return {"every": every, "page": every + slack, "max": max(units), "mean": statistics.mean(units),
            "writes": writes / commands}


def run() -> None:
    games = [(players, *_recorded(players, seed)) for players, seed in GAMES]
    rows = [trade_off(every, slack, games) for every in INTERVALS for slack in PAGE_SLACK]
    for row in rows:
        emit("cold_load_read_units", row["mean"], "RCU", snapshot_every=row["every"], page_size=row["page"],
             max=row["max"], snapshot_write_units_per_command=round(row["writes"], 3),
             # On-demand prices: a write unit costs 5 read units.
             cost_per_command_in_read_units={f"cold_{f}": round(f * row["mean"] + 5 * row["writes"], 2)
                                             for f in (0.25, 0.5, 1.0)})
    current = next(r for r in rows if (r["every"], r["page"]) == (repository.SNAPSHOT_EVERY, _page_size()))
    largest = max(s for _, _, snapshots in games for s in snapshots.values())
    every, page = repository.SNAPSHOT_EVERY, _page_size()
    hinted = [hinted_read_units(v, every, page, commits, snapshots)
              for _, commits, snapshots in games for v in range(1, max(commits) + 1)]
    emit("cold_load_read_units_hinted", statistics.mean(hinted), "RCU", max=max(hinted), snapshot_every=every,
         page_size=page, over="every version of each game, a command's expected_version current",
         plain_mean=round(current["mean"], 3))
    emit("cold_load_read_units_max", current["max"], "RCU", target=f"<= {BUDGET}",
         mean=round(current["mean"], 3), snapshot_every=current["every"], page_size=current["page"],
         snapshot_write_units_per_command=round(current["writes"], 3), largest_snapshot_bytes=largest,
         games=[f"{players} players, {max(commits)} commits" for players, commits, _ in games],
         over="every version of each game")


def _page_size() -> int:
    import inspect

    return int(inspect.signature(DynamoEventStore.__init__).parameters["page_size"].default)


if __name__ == "__main__":
    run()
