"""Fair games' seeds (infra/seeds.py): kept once per game (never replaced), on memory and moto; a warm container
remembers the ones it read, the least recently used forgotten first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.seeds import CachedSeedStore, DynamoSeedStore, MemorySeedStore, SeedExists, SeedStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


@pytest.fixture(params=["memory", "dynamodb"])
def seeds(request: pytest.FixtureRequest, table_name: str) -> SeedStore:
    if request.param == "memory":
        return MemorySeedStore()
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return DynamoSeedStore(client, table_name)


def test_a_seed_is_kept_once(seeds: SeedStore) -> None:
    seeds.put("g1", b"\x01" * 32)
    with pytest.raises(SeedExists):
        seeds.put("g1", b"\x02" * 32)
    assert seeds.get("g1") == b"\x01" * 32 and seeds.get("g2") is None


def test_a_container_reads_each_seed_once_and_forgets_the_oldest() -> None:
    class Counting(MemorySeedStore):
        reads = 0

        def get(self, game_id: str) -> bytes | None:
            self.reads += 1
            return super().get(game_id)

    inner = Counting()
    for i in range(3):
        inner.put(f"g{i}", bytes([i]) * 32)
    cached = CachedSeedStore(inner, size=2)
    assert [cached.get("g0"), cached.get("g0"), cached.get("g1")] == [b"\x00" * 32, b"\x00" * 32, b"\x01" * 32]
    assert inner.reads == 2
    cached.get("g0")  # the most recent now: g1 goes first
    cached.get("g2")
    assert inner.reads == 3
    cached.get("g0")
    assert inner.reads == 3
    cached.get("g1")
    assert inner.reads == 4
    assert cached.get("missing") is None
