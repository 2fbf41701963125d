"""What every store on the games table shares (players, lobbies, my games): the table named by TABLE_NAME, a
DynamoDB client built on first use, and AWS errors told as StoreError (their code only: never an item)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from infra.budget import CLIENT_CONFIG
from infra.store.base import StoreError

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

CONFLICT = "ConditionalCheckFailedException"
Store = TypeVar("Store", bound="TableStore")


def error_code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "unknown"))


class TableStore:
    def __init__(self, table: str, client: DynamoDBClient | None = None) -> None:
        self.table = table
        self._client = client

    @classmethod
    def from_env(cls: type[Store], client: DynamoDBClient | None = None) -> Store:
        table = os.environ.get("TABLE_NAME")
        if not table:
            raise StoreError("TABLE_NAME is not set")
        return cls(table, client)

    @property
    def client(self) -> DynamoDBClient:
        if self._client is None:  # built on first use: a store can be made without touching AWS
            self._client = boto3.client("dynamodb", config=CLIENT_CONFIG)
        return self._client

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except ClientError as error:
            raise StoreError(f"DynamoDB table {self.table!r}: {error_code(error)}") from None
        except BotoCoreError as error:
            raise StoreError(f"DynamoDB table {self.table!r}: {type(error).__name__}") from None

    def _put_new(self, item: Any, exists: Exception) -> None:
        """Writes an item whose key must not exist yet; raises `exists` if it does."""
        with self._errors():
            try:
                self.client.put_item(TableName=self.table, Item=item, ConditionExpression="attribute_not_exists(pk)")
            except ClientError as error:
                if error_code(error) == CONFLICT:
                    raise exists from None
                raise
