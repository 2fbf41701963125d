from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

import boto3
import pytest
from moto import mock_aws

from devtools.template import load_template, table_definition
from infra.store import EventStore, InMemoryEventStore, MemoryTable, Registry
from infra.store.dynamodb import DynamoEventStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

TABLE_NAME = "games-test"
REGION = "eu-west-1"


@pytest.fixture(autouse=True)
def fake_aws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fake credentials, so nothing here can ever reach a real account."""
    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SECURITY_TOKEN": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": REGION,
        # botocore's account-based endpoints (Streams) are not routed by moto.
        "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_PROFILE", raising=False)


@pytest.fixture(scope="session")
def template() -> dict[str, Any]:
    return load_template()


@pytest.fixture
def dynamodb(template: dict[str, Any]) -> Iterator[DynamoDBClient]:
    """A moto DynamoDB holding the games table exactly as template.yaml defines it."""
    with mock_aws():
        client = boto3.client("dynamodb", region_name=REGION)
        client.create_table(TableName=TABLE_NAME, **table_definition(template))
        yield client


@pytest.fixture
def table_name() -> str:
    return TABLE_NAME


class MakeStore(Protocol):
    """A new store over the same back-end each call, like a second Lambda over the same table."""

    def __call__(self, registry: Registry | None = None) -> EventStore: ...


@pytest.fixture(params=["memory", "dynamodb"])
def make_store(request: pytest.FixtureRequest) -> MakeStore:
    if request.param == "memory":
        table = MemoryTable()
        return lambda registry=None: InMemoryEventStore(table, registry)
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    # A small page makes the contract tests cross page boundaries.
    return lambda registry=None: DynamoEventStore(TABLE_NAME, client, registry, page_size=4)


@pytest.fixture
def store(make_store: MakeStore) -> EventStore:
    return make_store()


@pytest.fixture
def dynamo(dynamodb: DynamoDBClient) -> DynamoEventStore:
    return DynamoEventStore(TABLE_NAME, dynamodb, page_size=10)
