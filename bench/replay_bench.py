"""The load path's cost against plain JSON decoding of the same bytes, by thread CPU time.

A 4-player game is played through the pipeline into moto's DynamoDB with the real DynamoEventStore; its raw
items (as a Query returns them) are then turned into the aggregate exactly as a cold load does:
`DynamoEventStore.stream` (items -> Commit/Snapshot, upcasting) and `service.games.repository` (snapshot -> aggregate,
commits folded). The baseline is `json.loads` of every JSON document those items hold: each commit's events,
and for a snapshot its payload's JSON once decompressed (zlib is part of the load path, not of the baseline).
"""

from __future__ import annotations

import json
import statistics
import zlib
from typing import Any

from bench.dynamo import TABLE, moto_table, partition_items, play
from bench.report import emit, paired_cpu_samples, spread
from infra.serialization import SNAPSHOT_SCHEMA_VERSION
from infra.store.dynamodb import DynamoEventStore
from service.games.repository import Aggregate, from_stream, written_in


def record(players: int = 4, seed: int = 11) -> tuple[str, list[dict[str, Any]], Aggregate]:
    """A finished game's items, newest first, as a descending Query returns them; and the game itself."""
    with moto_table() as client:
        game = play(DynamoEventStore(TABLE, client), players, seed)
        return game.game_id, partition_items(client, game.game_id), game


def cold_load(store: DynamoEventStore, game_id: str, items: list[dict[str, Any]]) -> Aggregate:
    """What repository.load does with the items of one read: the same calls (no store.commits: the snapshot is
    readable)."""
    loaded = from_stream(game_id, store.stream(game_id, items, SNAPSHOT_SCHEMA_VERSION), written_in(store, game_id))
    assert loaded is not None, "the snapshot was unreadable"
    return loaded


def json_documents(items: list[dict[str, Any]]) -> list[bytes | str]:
    """The JSON each item holds: a commit's events; a snapshot's payload, uncompressed."""
    found: list[bytes | str] = []
    for item in items:
        if item["kind"]["S"] == "commit":
            found.append(item["events"]["S"])
        else:
            payload = item["payload"]
            found.append(zlib.decompress(payload["B"]) if "B" in payload else payload["S"])
    return found


def ratio(name: str, store: DynamoEventStore, game_id: str, items: list[dict[str, Any]], truth: Aggregate,
          **extra: Any) -> None:
    loaded = cold_load(store, game_id, items)
    assert (loaded.state, loaded.version) == (truth.state, truth.version), "the load path lost the game"
    documents = json_documents(items)
    baseline, path = paired_cpu_samples(lambda: [json.loads(d) for d in documents],
                                        lambda: cold_load(store, game_id, items), repeat=15, number=10)
    events = sum(len(json.loads(d)) for d in documents if isinstance(d, str))
    emit(name, statistics.median(path) / statistics.median(baseline), "ratio", items=len(items), events=events,
         load_ms=spread(path, 1000), json_loads_ms=spread(baseline, 1000), clock="thread CPU time",
         target="<= 3", **extra)


def run() -> None:
    game_id, items, truth = record()
    store = DynamoEventStore(TABLE, client=None)  # never reads: `stream` decodes the items it is given
    commits = [i for i in items if i["kind"]["S"] == "commit"]
    ratio("replay_vs_json_ratio", store, game_id, commits, truth, case="full replay from the commits, no snapshot",
          baseline="json.loads of each commit's events")
    newest = next(n for n, i in enumerate(items) if i["kind"]["S"] == "snapshot")
    ratio("replay_vs_json_ratio", store, game_id, items[:newest + 1], truth,
          case="cold load: the newest snapshot + the commits after it", snapshot_at=int(items[newest]["version"]["N"]),
          baseline="json.loads of each commit's events and of the snapshot's payload once decompressed (zlib "
                   "counts on the load path's side only)")


if __name__ == "__main__":
    run()
