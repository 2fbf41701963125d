"""Fair games' secret seeds (service/fairness/, docs/fairness.md): one item per game in the games table, apart from
its stream (pk `SEED#<game>`, sk `SEED`), so that nothing that reads the game (its commits, snapshots, the stream's
consumers, any view or history) ever holds the seed before the commit that ends the game reveals it. Written once,
before the game's first commit; read only by a command that draws (lazily) or ends the game."""

from __future__ import annotations

import threading
import weakref
from typing import Any, Protocol

from domain.records import field, record


class SeedExists(Exception):
    """A seed is already kept for this game id: never replaced (its commitment may be written already)."""


class SeedStore(Protocol):
    def put(self, game_id: str, seed: bytes) -> None:
        """Keep the game's seed (SeedExists if one is kept)."""
        ...

    def get(self, game_id: str) -> bytes | None:
        """The game's seed; None for a game created before seeds were kept."""
        ...


@record
class MemorySeedStore:
    seeds: dict[str, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def put(self, game_id: str, seed: bytes) -> None:
        with self.lock:
            if game_id in self.seeds:
                raise SeedExists(game_id)
            self.seeds[game_id] = bytes(seed)

    def get(self, game_id: str) -> bytes | None:
        with self.lock:
            return self.seeds.get(game_id)


def _key(game_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"SEED#{game_id}"}, "sk": {"S": "SEED"}}


class DynamoSeedStore:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def put(self, game_id: str, seed: bytes) -> None:
        from botocore.exceptions import ClientError  # here: a function's artifact ships no botocore (the runtime's)

        try:
            self.client.put_item(TableName=self.table,
                                 Item={**_key(game_id), "kind": {"S": "seed"}, "seed": {"B": seed}},
                                 ConditionExpression="attribute_not_exists(pk)")
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                raise SeedExists(game_id) from None
            raise

    def get(self, game_id: str) -> bytes | None:
        item = self.client.get_item(TableName=self.table, Key=_key(game_id), ConsistentRead=True).get("Item")
        return bytes(item["seed"]["B"]) if item else None


_beside: weakref.WeakKeyDictionary[Any, MemorySeedStore] = weakref.WeakKeyDictionary()
_beside_lock = threading.Lock()


def memory_seeds(store: Any) -> MemorySeedStore:
    """The in-memory seeds of an in-memory event store's games: one set per store, for as long as it lives (a new
    container over the same store, as a test makes, finds the seeds its games were created with)."""
    with _beside_lock:
        found = _beside.get(store)
        if found is None:
            found = _beside[store] = MemorySeedStore()
        return found


class CachedSeedStore:
    """A warm container's memory of the seeds it has read (a game's draws come a few per round, each reading the
    seed otherwise): at most `size` games, the least recently used forgotten first. Held in this process only."""

    def __init__(self, inner: SeedStore, size: int = 64) -> None:
        self.inner, self.size = inner, size
        self._seeds: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def put(self, game_id: str, seed: bytes) -> None:
        self.inner.put(game_id, seed)
        self._keep(game_id, seed)

    def get(self, game_id: str) -> bytes | None:
        with self._lock:
            found = self._seeds.pop(game_id, None)
            if found is not None:
                self._seeds[game_id] = found  # the most recent last
                return found
        found = self.inner.get(game_id)
        if found is not None:
            self._keep(game_id, found)
        return found

    def _keep(self, game_id: str, seed: bytes) -> None:
        with self._lock:
            self._seeds.pop(game_id, None)
            self._seeds[game_id] = seed
            while len(self._seeds) > self.size:
                del self._seeds[next(iter(self._seeds))]
