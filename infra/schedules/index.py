"""The clocked games' next wakes, for the sweep: one item per clocked game, found by the sparse index `gsi1`.

Item: pk `CLOCK#<game_id>`, sk `CLOCK`, kind `clock`, `version` (the game's version the wake was computed from)
and `wake` (epoch s). While a wake is due it carries `gsi1pk = CLOCKS#<shard>` and `gsi1sk = <wake, 12 digits>#
<game_id>`, so the sweep reads only games due, oldest first, by shard. A game with nothing left to wake keeps a
tombstone without index keys (its version still guards against an older write) that expires after a month.

Why an item per game rather than one `CLOCKS` partition: each game's writes go to its own partition (no hot key
in the table), a write is one PutItem that replaces the game's old wake (no delete of the old sort key), and the
condition on `version` keeps an older writer (a late stream record) from moving the wake back. The index's
writes spread over SHARDS partitions, so the sweep reads SHARDS queries per run.
"""

from __future__ import annotations

import time
import zlib
from typing import Any, Protocol

from botocore.exceptions import ClientError

from domain.records import field, record
from infra.table import CONFLICT, TableStore, error_code

PREFIX, SORT, INDEX_PREFIX, INDEX = "CLOCK#", "CLOCK", "CLOCKS#", "gsi1"
SHARDS = 8
TOMBSTONE_DAYS = 30
_NEWER = "attribute_not_exists(pk) OR #version <= :version"


@record(frozen=True)
class Due:
    game_id: str
    wake: float


class ClockIndex(Protocol):
    def put(self, game_id: str, version: int, wake: float | None) -> bool:
        """Record the game's next wake (None: nothing left); False when a newer version is already recorded."""
        ...

    def due(self, before: float, limit: int) -> list[Due]:
        """At most `limit` games whose wake is before `before`, earliest first."""
        ...


def shard(game_id: str) -> int:
    return zlib.crc32(game_id.encode()) % SHARDS


def sort_key(wake: float, game_id: str) -> str:
    return f"{int(wake):012d}#{game_id}"


@record
class MemoryClockIndex:
    items: dict[str, tuple[int, float | None]] = field(default_factory=dict)

    def put(self, game_id: str, version: int, wake: float | None) -> bool:
        stored = self.items.get(game_id)
        if stored is not None and stored[0] > version:
            return False
        self.items[game_id] = (version, wake)
        return True

    def due(self, before: float, limit: int) -> list[Due]:
        found = sorted((w, g) for g, (_, w) in self.items.items() if w is not None and w < before)
        return [Due(g, w) for w, g in found[:limit]]


class DynamoClockIndex(TableStore):
    def put(self, game_id: str, version: int, wake: float | None) -> bool:
        item: dict[str, Any] = {"pk": {"S": f"{PREFIX}{game_id}"}, "sk": {"S": SORT}, "kind": {"S": "clock"},
                                "version": {"N": str(version)}}
        if wake is None:
            item["expires_at"] = {"N": str(int(time.time()) + TOMBSTONE_DAYS * 86400)}
        else:
            item |= {"wake": {"N": str(int(wake))}, "gsi1pk": {"S": f"{INDEX_PREFIX}{shard(game_id)}"},
                     "gsi1sk": {"S": sort_key(wake, game_id)}}
        with self._errors():
            try:
                self.client.put_item(TableName=self.table, Item=item, ConditionExpression=_NEWER,
                                     ExpressionAttributeNames={"#version": "version"},
                                     ExpressionAttributeValues={":version": {"N": str(version)}})
            except ClientError as error:
                if error_code(error) == CONFLICT:
                    return False
                raise
        return True

    def due(self, before: float, limit: int) -> list[Due]:
        found: list[Due] = []
        for number in range(SHARDS):
            with self._errors():
                page = self.client.query(
                    TableName=self.table, IndexName=INDEX, Limit=limit,
                    KeyConditionExpression="gsi1pk = :pk AND gsi1sk < :before",
                    ExpressionAttributeValues={":pk": {"S": f"{INDEX_PREFIX}{number}"},
                                               ":before": {"S": f"{int(before):012d}"}})
            for item in page.get("Items", []):
                wake, _, game_id = item["gsi1sk"]["S"].partition("#")
                found.append(Due(game_id, float(wake)))
        return sorted(found, key=lambda d: (d.wake, d.game_id))[:limit]
