"""One contract, two "my games" stores (memory and moto): ordering, ordered writes, tombstones, pages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from infra.my_games import GameEntry, InMemoryMyGamesStore, MyGamesStore
from infra.my_games.dynamodb import DynamoMyGamesStore
from infra.my_games.memory import MyGamesTable

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

ADA, BOB = "pAAAAAAAAAAAAAAAA", "pBBBBBBBBBBBBBBBB"


@pytest.fixture(params=["memory", "dynamodb"])
def make(request: pytest.FixtureRequest, table_name: str) -> Callable[[], MyGamesStore]:
    if request.param == "memory":
        table = MyGamesTable()
        return lambda: InMemoryMyGamesStore(table)
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return lambda: DynamoMyGamesStore(table_name, client)


@pytest.fixture
def store(make: Callable[[], MyGamesStore]) -> MyGamesStore:
    return make()


def game(game_id: str, version: int = 3, at: str = "2026-01-01T10:00:00Z", **fields: object) -> GameEntry:
    base = GameEntry(ADA, game_id, "in_progress", at, seat=0, version=version, phase="market", round=1,
                     to_act=(1,), names=("Ada", "Bob"))
    return replace(base, **fields)  # type: ignore[arg-type]


def lobby(game_id: str, revision: int = 1, **fields: object) -> GameEntry:
    base = GameEntry(ADA, game_id, "lobby", "2026-01-01T09:00:00Z", seat=0, lobby_revision=revision,
                     names=("Ada", "Open seat"), host=True, open_seats=1, expires_at=1_900_000_000)
    return replace(base, **fields)  # type: ignore[arg-type]


def ids(store: MyGamesStore, player: str = ADA, limit: int = 50) -> list[str]:
    return [e.game_id for e in store.page(player, limit).entries]


def test_awaiting_my_move_comes_first_then_waiting_then_finished_newest_first(store: MyGamesStore) -> None:
    store.put(game("old_wait", at="2026-01-01T08:00:00Z"))
    store.put(game("new_wait", at="2026-01-02T08:00:00Z"))
    store.put(game("done", status="finished", to_act=(), scores=(40, 52), winners=(1,), at="2026-01-03T08:00:00Z"))
    store.put(game("mine_old", awaiting=True, to_act=(0,), at="2026-01-01T07:00:00Z"))
    store.put(game("mine_new", awaiting=True, to_act=(0, 1), at="2026-01-01T09:00:00Z"))
    store.put(lobby("lobby1"))
    store.put(replace(game("bobs"), player_id=BOB))
    assert ids(store) == ["mine_new", "mine_old", "new_wait", "lobby1", "old_wait", "done"]
    assert ids(store, BOB) == ["bobs"]
    done = store.get(ADA, "done")
    assert done is not None and done.scores == (40, 52) and done.winners == (1,) and done.names == ("Ada", "Bob")


def test_an_older_version_never_overwrites_a_newer_entry(store: MyGamesStore) -> None:
    assert store.put(game("g", version=5, phase="sell"))
    assert not store.put(game("g", version=4, phase="market"))
    assert not store.put(game("g", version=5, phase="market"))  # the same version again: kept as it is
    assert store.get(ADA, "g") == game("g", version=5, phase="sell")
    assert store.put(game("g", version=6, status="finished"))
    assert [e.status for e in store.page(ADA, 10).entries] == ["finished"]


def test_a_lobby_entry_never_overwrites_a_game_entry_nor_a_newer_lobby_revision(store: MyGamesStore) -> None:
    assert store.put(lobby("g", revision=2, open_seats=1))
    assert not store.put(lobby("g", revision=1, open_seats=2))
    assert store.put(lobby("g", revision=3, open_seats=0))
    assert store.put(game("g", version=1))  # the game started: any version outranks any lobby revision
    assert not store.put(lobby("g", revision=9))
    found = store.get(ADA, "g")
    assert found is not None and found.status == "in_progress"


def test_a_tombstone_is_not_listed_and_keeps_older_records_from_listing_it_again(store: MyGamesStore) -> None:
    store.put(lobby("g", revision=2))
    assert store.put(lobby("g", revision=3, status="left", seat=None))
    assert ids(store) == []
    assert not store.put(lobby("g", revision=2))
    assert ids(store) == []


def test_pages_follow_each_other_with_their_cursor(store: MyGamesStore) -> None:
    for n in range(7):
        store.put(game(f"g{n}", awaiting=n % 2 == 0, at=f"2026-01-0{n + 1}T00:00:00Z"))
    seen: list[str] = []
    page = store.page(ADA, 3)
    while True:
        seen += [e.game_id for e in page.entries]
        if page.cursor is None:
            break
        page = store.page(ADA, 3, page.cursor)
    assert seen == ids(store) == ["g6", "g4", "g2", "g0", "g5", "g3", "g1"]
    assert store.page(ADA, 7).cursor is None  # exactly a page: no cursor to an empty one


def test_a_game_and_a_lobby_entry_are_told_apart() -> None:
    with pytest.raises(ValueError):
        InMemoryMyGamesStore().put(game("g", version=0))
    with pytest.raises(ValueError):
        InMemoryMyGamesStore().put(game("g", version=2, lobby_revision=1))
