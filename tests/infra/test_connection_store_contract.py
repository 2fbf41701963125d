"""One contract, two live connection stores (memory and moto): add, find, watch, expire, remove."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from domain.options import SeatSpec
from infra.connections import Connection, ConnectionStore, InMemoryConnectionStore
from infra.connections.dynamodb import DynamoConnectionStore
from infra.store.dynamodb import DynamoEventStore
from service.games.pipeline import create_game

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

NOW = 1_800_000_000


@pytest.fixture(params=["memory", "dynamodb"])
def store(request: pytest.FixtureRequest, table_name: str) -> ConnectionStore:
    if request.param == "memory":
        return InMemoryConnectionStore()
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return DynamoConnectionStore(table_name, client)


def test_a_game_is_watched_by_its_connections_only(store: ConnectionStore) -> None:
    store.add(Connection("a1=", "g1", NOW + 60))
    store.add(Connection("b2", "g1", NOW + 60))
    store.add(Connection("c3", "g2", NOW + 60))
    assert store.watching("g1", NOW) == ["a1=", "b2"]
    assert store.watching("g2", NOW) == ["c3"]
    assert store.watching("g3", NOW) == []
    assert store.find("b2", NOW) == Connection("b2", "g1", NOW + 60)
    assert store.find("zz", NOW) is None


def test_expired_connections_are_neither_found_nor_watching(store: ConnectionStore) -> None:
    store.add(Connection("old", "g1", NOW))
    store.add(Connection("new", "g1", NOW + 1))
    assert store.watching("g1", NOW) == ["new"]
    assert store.find("old", NOW) is None and store.find("new", NOW) is not None


def test_removing_forgets_both_ways_and_twice_is_no_error(store: ConnectionStore) -> None:
    connection = Connection("a1", "g1", NOW + 60)
    store.add(connection)
    store.add(Connection("b2", "g1", NOW + 60))
    store.remove(connection)
    store.remove(connection)
    assert store.watching("g1", NOW) == ["b2"] and store.find("a1", NOW) is None


def test_adding_again_replaces(store: ConnectionStore) -> None:
    store.add(Connection("a1", "g1", NOW + 60))
    store.add(Connection("a1", "g1", NOW + 120))
    assert store.watching("g1", NOW) == ["a1"] and store.find("a1", NOW + 90) == Connection("a1", "g1", NOW + 120)


@pytest.mark.parametrize("bad", [Connection("", "g1", NOW), Connection("a b", "g1", NOW),
                                 Connection("x" * 129, "g1", NOW), Connection("a1", "", NOW)])
def test_malformed_connections_are_refused(store: ConnectionStore, bad: Connection) -> None:
    with pytest.raises(ValueError):
        store.add(bad)


def test_connections_are_kept_outside_the_games_partition(dynamodb: DynamoDBClient, table_name: str) -> None:
    """A game's partition holds its commits and snapshots only: loading it must not meet a connection."""
    events = DynamoEventStore(table_name, dynamodb)
    game_id = create_game(events, [SeatSpec(name="A"), SeatSpec(name="B")], rng=random.Random(1)).aggregate.game_id
    DynamoConnectionStore(table_name, dynamodb).add(Connection("a1", game_id, NOW + 60))
    assert events.load(game_id, 1).version == 1
    items = dynamodb.scan(TableName=table_name)["Items"]
    assert {i["pk"]["S"] for i in items if i["kind"]["S"] == "live"} == {f"LIVE#{game_id}", "CONN#a1"}
