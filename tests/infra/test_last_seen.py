"""The seats' last looks (infra/last_seen.py): moved forward only, per (game, seat), on memory and moto; a warm
container writes each version once (service/looks.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.last_seen import DynamoLastSeen, LastSeen, MemoryLastSeen, Seen
from service.looks import Looks

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


@pytest.fixture(params=["memory", "dynamodb"])
def looks(request: pytest.FixtureRequest, table_name: str) -> LastSeen:
    if request.param == "memory":
        return MemoryLastSeen()
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return DynamoLastSeen(client, table_name)


def test_a_look_moves_forward_only_and_per_seat(looks: LastSeen) -> None:
    assert looks.get("g1", 0) is None
    looks.mark("g1", 0, 5, "2026-12-01T10:00:00.000Z")
    looks.mark("g1", 0, 3, "2026-12-01T11:00:00.000Z")  # a slow reader's older version: no step back
    looks.mark("g1", 1, 2, "2026-12-01T09:00:00.000Z")
    assert looks.get("g1", 0) == Seen(5, "2026-12-01T10:00:00.000Z")
    assert looks.get("g1", 1) == Seen(2, "2026-12-01T09:00:00.000Z") and looks.get("g2", 0) is None
    looks.mark("g1", 0, 9, "2026-12-02T08:00:00.000Z")
    assert looks.get("g1", 0) == Seen(9, "2026-12-02T08:00:00.000Z")


def test_a_container_writes_a_version_once() -> None:
    class Counting(MemoryLastSeen):
        writes = 0

        def mark(self, game_id: str, seat: int, version: int, at: str) -> None:
            self.writes += 1
            super().mark(game_id, seat, version, at)

    inner = Counting()
    recorded = Looks(inner)
    for version in (3, 3, 2, 3, 4, 4):
        recorded.looked("g1", 0, version, "2026-12-01T10:00:00.000Z")
    recorded.looked("g1", 1, 3, "2026-12-01T10:00:00.000Z")
    assert inner.writes == 3 and recorded.since("g1", 0) == Seen(4, "2026-12-01T10:00:00.000Z")
