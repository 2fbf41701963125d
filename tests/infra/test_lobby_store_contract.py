"""One contract, two lobby stores: every test taking `lobbies` runs against memory and moto."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from infra.lobbies import InMemoryLobbyStore, LobbyConflict, LobbyExists, LobbyRecord, LobbyStore, LobbyTable, Slot
from infra.lobbies.dynamodb import DynamoLobbyStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


@pytest.fixture(params=["memory", "dynamodb"])
def make(request: pytest.FixtureRequest, table_name: str) -> Callable[[], LobbyStore]:
    if request.param == "memory":
        table = LobbyTable()
        return lambda: InMemoryLobbyStore(table)
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return lambda: DynamoLobbyStore(table_name, client)


@pytest.fixture
def lobbies(make: Callable[[], LobbyStore]) -> LobbyStore:
    return make()


def lobby(game_id: str = "g1", created_at: str = "2026-01-01T00:00:00.000Z", **fields: object) -> LobbyRecord:
    base = LobbyRecord(game_id, "pAAAAAAAAAAAAAAAA", (Slot("player", "Ada", "pAAAAAAAAAAAAAAAA"), Slot("open")),
                       {"flight": "A"}, "c" * 64, False, created_at, 1_900_000_000)
    return replace(base, **fields)  # type: ignore[arg-type]


def test_a_lobby_reads_back_intact_and_an_id_is_never_taken_twice(lobbies: LobbyStore) -> None:
    record = lobby(slots=(Slot("player", "Ада ✓", "pAAAAAAAAAAAAAAAA"), Slot("bot", "Robo", token_sha256="b" * 64),
                          Slot("removed"), Slot("open")))
    lobbies.create(record)
    assert lobbies.get("g1") == record and lobbies.get("g2") is None
    with pytest.raises(LobbyExists):
        lobbies.create(replace(record, host="pBBBBBBBBBBBBBBBB"))
    assert lobbies.get("g1") == record


def test_a_write_lands_only_over_the_revision_it_read(make: Callable[[], LobbyStore]) -> None:
    one, other = make(), make()
    one.create(lobby())
    first = replace(lobby(), revision=2, slots=(lobby().slots[0], Slot("player", "Bob", "pBBBBBBBBBBBBBBBB")))
    other.replace(first)
    with pytest.raises(LobbyConflict):
        one.replace(replace(lobby(), revision=2, slots=(lobby().slots[0], Slot("player", "Cy", "pCCCCCCCCCCCCCCCC"))))
    with pytest.raises(LobbyConflict):
        one.replace(replace(lobby("nope"), revision=2))
    assert one.get("g1") == first


def test_only_public_lobbies_with_a_free_seat_are_listed_newest_first(lobbies: LobbyStore) -> None:
    lobbies.create(lobby("old", "2026-01-01T00:00:00.000Z", public=True))
    lobbies.create(lobby("new", "2026-01-02T00:00:00.000Z", public=True))
    lobbies.create(lobby("private", "2026-01-03T00:00:00.000Z"))
    lobbies.create(lobby("full", "2026-01-04T00:00:00.000Z", public=True, slots=(Slot("player", "A", "pA"),)))
    assert [r.game_id for r in lobbies.open_lobbies(10)] == ["new", "old"]
    assert [r.game_id for r in lobbies.open_lobbies(1)] == ["new"]
    started = replace(lobby("new", "2026-01-02T00:00:00.000Z", public=True), revision=2,
                      started_at="2026-01-05T00:00:00.000Z")
    lobbies.replace(started)  # started: out of the index
    assert [r.game_id for r in lobbies.open_lobbies(10)] == ["old"]
