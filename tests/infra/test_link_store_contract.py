"""One contract, two link stores: every test taking `links` runs against memory and moto."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from infra.links import Grant, GrantExists, InMemoryLinkStore, LinkStore, LinkTable
from infra.links.dynamodb import DynamoLinkStore, grant_key

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


@pytest.fixture(params=["memory", "dynamodb"])
def make(request: pytest.FixtureRequest, table_name: str) -> Callable[[], LinkStore]:
    if request.param == "memory":
        table = LinkTable()
        return lambda: InMemoryLinkStore(table)
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return lambda: DynamoLinkStore(table_name, client)


@pytest.fixture
def links(make: Callable[[], LinkStore]) -> LinkStore:
    return make()


def grant(**fields: object) -> Grant:
    base = Grant(kind="link", token_sha256="a" * 64, game_id="g1", seat=1, seat_token_sha256="b" * 64,
                 created_at="2026-01-01T00:00:00Z", expires_at=1_900_000_000)
    return replace(base, **fields)  # type: ignore[arg-type]


def test_a_grant_reads_back_intact_from_another_store_and_by_its_kind_only(make: Callable[[], LinkStore]) -> None:
    one, other = make(), make()
    link, session = grant(), grant(kind="session", seat=0, token_sha256="c" * 64)
    one.create(link)
    one.create(session)
    assert other.get("link", "a" * 64) == link and other.get("session", "c" * 64) == session
    assert other.get("session", "a" * 64) is None and other.get("link", "c" * 64) is None
    assert other.get("link", "d" * 64) is None


def test_a_token_hash_is_never_granted_twice_and_the_first_grant_stays(links: LinkStore) -> None:
    links.create(grant())
    with pytest.raises(GrantExists):
        links.create(grant(seat=0, game_id="g2"))
    assert links.get("link", "a" * 64) == grant()
    links.create(grant(kind="session"))  # the same hash of the other kind is another key
    assert links.get("session", "a" * 64) == grant(kind="session")


def test_an_expired_grant_is_still_answered_for_the_caller_to_judge(links: LinkStore) -> None:
    old = grant(expires_at=1)
    links.create(old)
    assert links.get("link", "a" * 64) == old


@pytest.mark.parametrize("bad", [
    {"token_sha256": "raw-token"}, {"seat_token_sha256": "A" * 64}, {"seat": -1}, {"seat": True},
    {"expires_at": 0}, {"kind": "invite"}, {"game_id": ""},
])
def test_what_no_correct_caller_writes_is_refused_and_nothing_written(links: LinkStore, bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        links.create(grant(**bad))
    assert links.get("link", "a" * 64) is None


def test_the_dynamodb_item_is_keyed_by_the_hash_with_a_ttl_and_no_token(dynamodb: DynamoDBClient,
                                                                        table_name: str) -> None:
    store = DynamoLinkStore(table_name, dynamodb)
    store.create(grant(kind="session"))
    item = dynamodb.get_item(TableName=table_name, Key=grant_key("session", "a" * 64))["Item"]
    assert item["pk"] == {"S": "SESSION#" + "a" * 64} and item["sk"] == {"S": "SESSION"}
    assert item["kind"] == {"S": "session"} and item["expires_at"] == {"N": "1900000000"}
    assert grant_key("link", "a" * 64)["pk"] == {"S": "LINK#" + "a" * 64}
