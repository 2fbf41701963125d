"""One contract, two player stores: every test taking `players` runs against memory and moto."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pytest

from infra.players import (
    InMemoryPlayerStore,
    OutboxMessage,
    PlayerExists,
    PlayerRecord,
    PlayerStore,
    PlayerTable,
    RevisionConflict,
)
from infra.players.dynamodb import DynamoPlayerStore
from infra.store import StoreError

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

HASH = "a" * 64


@dataclass
class Backend:
    """New stores over one back-end (like several Lambdas over one table) and what its outbox holds."""

    make: Callable[[], PlayerStore]
    outbox: Callable[[str], list[dict[str, Any]]]


@pytest.fixture(params=["memory", "dynamodb"])
def backend(request: pytest.FixtureRequest, table_name: str) -> Backend:
    if request.param == "memory":
        table = PlayerTable()
        return Backend(lambda: InMemoryPlayerStore(table),
                       lambda player: [json.loads(v) for (p, _), v in sorted(table.outbox.items()) if p == player])
    client: DynamoDBClient = request.getfixturevalue("dynamodb")

    def outbox(player: str) -> list[dict[str, Any]]:
        items = client.query(TableName=table_name, KeyConditionExpression="pk = :pk",
                             ExpressionAttributeValues={":pk": {"S": f"OUTBOX#{player}"}}, ConsistentRead=True)
        return [json.loads(i["message"]["S"]) for i in items["Items"]]

    return Backend(lambda: DynamoPlayerStore(table_name, client), outbox)


@pytest.fixture
def players(backend: Backend) -> PlayerStore:
    return backend.make()


def player(player_id: str = "pAAAAAAAAAAAAAAAA", **fields: Any) -> PlayerRecord:
    base = PlayerRecord(player_id, HASH, "Ada", "Europe/Paris", created_at="2026-01-01T00:00:00Z",
                        updated_at="2026-01-01T00:00:00Z")
    return replace(base, **fields)


def message(record: PlayerRecord, key: str = "CONFIRM_EMAIL#0000000002") -> OutboxMessage:
    return OutboxMessage(record.player_id, key, {"kind": "confirm_email", "to": "ada@example.org"}, 1_900_000_000)


def test_a_created_player_reads_back_intact(players: PlayerStore) -> None:
    plain, full = player(), player("pBBBBBBBBBBBBBBBB", email="ådá@example.org", email_confirmed=True,
                                   email_code_sha256="b" * 64, email_code_expires_at=1_900_000_000,
                                   webhook_url="https://hooks.example.org/x", push_endpoint="https://push.example/1",
                                   name="Ада Lovelace ✓")
    players.create(plain)
    players.create(full)
    assert players.get(plain.player_id) == plain
    assert players.get(full.player_id) == full
    assert players.get("pCCCCCCCCCCCCCCCC") is None


def test_an_id_is_never_created_twice(players: PlayerStore) -> None:
    players.create(player())
    with pytest.raises(PlayerExists):
        players.create(player(name="Mallory", key_sha256="c" * 64))
    assert players.get(player().player_id) == player()


def test_replace_writes_the_next_revision_with_its_outbox(backend: Backend, players: PlayerStore) -> None:
    players.create(player())
    changed = player(revision=2, email="ada@example.org", updated_at="2026-01-02T00:00:00Z")
    players.replace(changed, (message(changed),))
    assert players.get(changed.player_id) == changed
    assert backend.outbox(changed.player_id) == [message(changed).message]
    players.replace(replace(changed, revision=3, name="Ada L."))  # no outbox: a plain conditional write
    assert players.get(changed.player_id).name == "Ada L."  # type: ignore[union-attr]
    assert len(backend.outbox(changed.player_id)) == 1


@pytest.mark.parametrize("revision", [1, 3, 7])
def test_a_write_not_based_on_the_stored_revision_conflicts_and_writes_nothing(
        backend: Backend, players: PlayerStore, revision: int) -> None:
    players.create(player())
    stale = player(revision=revision, name="Mallory")
    for outbox in [(), (message(stale),)]:
        with pytest.raises(RevisionConflict):
            players.replace(stale, outbox)
    assert players.get(stale.player_id) == player()
    assert backend.outbox(stale.player_id) == []


def test_replacing_an_unknown_player_conflicts(backend: Backend, players: PlayerStore) -> None:
    ghost = player(revision=2)
    with pytest.raises(RevisionConflict):
        players.replace(ghost, (message(ghost),))
    assert players.get(ghost.player_id) is None and backend.outbox(ghost.player_id) == []


def test_of_two_writes_from_the_same_read_exactly_one_lands(backend: Backend) -> None:
    alice, bob = backend.make(), backend.make()
    alice.create(player())
    seen_by_alice, seen_by_bob = alice.get(player().player_id), bob.get(player().player_id)
    assert seen_by_alice == seen_by_bob is not None
    alice.replace(replace(seen_by_alice, revision=2, name="Alice"))  # type: ignore[arg-type]
    with pytest.raises(RevisionConflict):
        bob.replace(replace(seen_by_bob, revision=2, time_zone="UTC"))
    assert bob.get(player().player_id) == player(revision=2, name="Alice")


def test_both_stores_refuse_what_no_caller_sends(players: PlayerStore) -> None:
    for bad in [player("not-a-player-id"), player(revision=0), player(key_sha256="short")]:
        with pytest.raises(ValueError):
            players.create(bad)
    with pytest.raises(ValueError):
        players.create(player(revision=2))
    players.create(player())
    doubled = player(revision=2)
    with pytest.raises(ValueError):
        players.replace(doubled, (message(doubled), message(doubled)))
    with pytest.raises(ValueError):
        players.replace(doubled, (message(player("pBBBBBBBBBBBBBBBB")),))
    assert players.get(player().player_id) == player()


def test_a_dynamodb_failure_names_no_item_content(dynamodb: DynamoDBClient) -> None:
    store = DynamoPlayerStore("no-such-table", dynamodb)
    with pytest.raises(StoreError) as failed:
        store.create(player(email="secret@example.org"))
    assert "secret" not in str(failed.value) and "ResourceNotFoundException" in str(failed.value)
