"""The event store on one DynamoDB table: a game is one partition, a commit is one item.

Sort keys order a partition by version, and at equal versions a snapshot ("S") after its commit
("C"). Read backwards, a partition yields the newest commits first and meets each snapshot just
before the commit it already contains, so loading is one descending Query that stops at the first
usable snapshot.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from infra.budget import CLIENT_CONFIG
from infra.store.base import (
    Commit,
    ConcurrencyConflict,
    Snapshot,
    StoreError,
    Stream,
    check_commit,
    check_snapshot,
    dump_json,
    load_json,
)
from infra.store.upcasting import Registry, default_registry

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef, QueryInputTypeDef

    Item = dict[str, AttributeValueTypeDef]


MAX_VERSION = 10**10  # the sort keys' ten digits


def partition(game_id: str) -> str:
    return f"GAME#{game_id}"


def commit_key(version: int) -> str:
    return f"V#{version:010d}#C"


def snapshot_key(version: int) -> str:
    return f"V#{version:010d}#S"


class DynamoEventStore:
    def __init__(
        self,
        table: str,
        client: DynamoDBClient | None = None,
        registry: Registry | None = None,
        page_size: int = 16,  # service.games.repository.SNAPSHOT_EVERY + 1: see bench/snapshot_bench.py
    ) -> None:
        """`page_size` bounds what one Query reads (and bills, every item on the page): one above the snapshot
        interval, the newest snapshot is on the first page, and few commits from before it are."""
        self.table = table
        self.registry = registry if registry is not None else default_registry
        self.page_size = page_size
        self.requests = 0
        self._client = client

    @classmethod
    def from_env(
        cls, client: DynamoDBClient | None = None, registry: Registry | None = None
    ) -> DynamoEventStore:
        table = os.environ.get("TABLE_NAME")
        if not table:
            raise StoreError("TABLE_NAME is not set")
        return cls(table, client, registry)

    @property
    def client(self) -> DynamoDBClient:
        # Built on first use, so a store can be made at import time without touching AWS (or moto).
        if self._client is None:
            # Fail fast rather than sit out botocore's 60 s defaults: infra/budget.py has the numbers.
            self._client = boto3.client("dynamodb", config=CLIENT_CONFIG)
        return self._client

    def append(self, commit: Commit) -> None:
        check_commit(commit)
        item: Item = {
            "pk": {"S": partition(commit.game_id)},
            "sk": {"S": commit_key(commit.version)},
            "kind": {"S": "commit"},
            "version": {"N": str(commit.version)},
            "command_id": {"S": commit.command_id},
            "events": {"S": dump_json(list(commit.events))},
            "recorded_at": {"S": commit.recorded_at},
        }
        if commit.seat is not None:
            item["seat"] = {"N": str(commit.seat)}
        if commit.digest is not None:
            item["digest"] = {"S": commit.digest}
        if commit.prev is not None and commit.salt is not None:  # 52 bytes: binary, with the attributes' names
            item["prev"], item["salt"] = {"B": bytes.fromhex(commit.prev)}, {"B": bytes.fromhex(commit.salt)}
        with self._errors():
            try:
                self.requests += 1
                self.client.put_item(
                    TableName=self.table, Item=item, ConditionExpression="attribute_not_exists(pk)"
                )
            except ClientError as error:
                if error.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                    raise ConcurrencyConflict(commit.game_id, commit.version) from None
                raise

    def load(self, game_id: str, snapshot_schema_version: int, since: int = 0) -> Stream:
        if 0 < since < MAX_VERSION:
            # One page from snapshot `since` up: the key condition stops the read there, so no commit older than
            # the snapshot is read. Without a usable snapshot on it (none written there, one of another schema,
            # or more items above it than a page holds), read as without a hint.
            with self._errors():
                self.requests += 1
                page = self.client.query(**self._newest_first(game_id, since))["Items"]
            hinted = self.stream(game_id, page, snapshot_schema_version)
            if hinted.snapshot is not None:
                return hinted
        return self.stream(game_id, self._query(self._newest_first(game_id)), snapshot_schema_version)

    def _newest_first(self, game_id: str, since: int = 0) -> QueryInputTypeDef:
        """A descending, page-sized Query of the partition, from snapshot `since` up if given."""
        values: dict[str, AttributeValueTypeDef] = {":pk": {"S": partition(game_id)}}
        condition = "pk = :pk"
        if since:
            condition, values[":since"] = "pk = :pk AND sk >= :since", {"S": snapshot_key(since)}
        return {"TableName": self.table, "KeyConditionExpression": condition, "ExpressionAttributeValues": values,
                "ScanIndexForward": False, "ConsistentRead": True, "Limit": self.page_size}

    def stream(self, game_id: str, newest_first: Iterable[Item], snapshot_schema_version: int) -> Stream:
        """The Stream a descending read of these items holds (`load` without the reading: benchmarks)."""
        commits: list[Item] = []
        snapshot = None
        for item in newest_first:
            if item["kind"]["S"] == "commit":
                commits.append(item)
            elif int(item["schema_version"]["N"]) == snapshot_schema_version:
                snapshot = self._snapshot(game_id, item)
                break
        commits.reverse()
        return Stream(snapshot, self._commits(game_id, commits))

    def commits(self, game_id: str, after: int = 0) -> tuple[Commit, ...]:
        query: QueryInputTypeDef = {
            "TableName": self.table,
            # Snapshot `after` sorts after commit `after`, so this starts at commit after + 1.
            "KeyConditionExpression": "pk = :pk AND sk > :after",
            "FilterExpression": "#kind = :commit",
            "ExpressionAttributeNames": {"#kind": "kind"},
            "ExpressionAttributeValues": {
                ":pk": {"S": partition(game_id)},
                ":after": {"S": snapshot_key(max(after, 0))},
                ":commit": {"S": "commit"},
            },
            "ConsistentRead": True,
        }
        return self._commits(game_id, self._query(query))

    def newer(self, game_id: str, known: int) -> tuple[Commit, ...]:
        # One key lookup of the next version first: for a current caller that is the whole read (the same
        # 1 read unit as an empty Query, and it does not grow with the game's history).
        with self._errors():
            self.requests += 1
            found = self.client.get_item(
                TableName=self.table, Key={"pk": {"S": partition(game_id)}, "sk": {"S": commit_key(known + 1)}},
                ConsistentRead=True,
            )
        if "Item" not in found:
            return ()
        return (self._commit(game_id, found["Item"]), *self.commits(game_id, after=known + 1))

    def put_snapshot(self, snapshot: Snapshot) -> None:
        check_snapshot(snapshot)
        item: Item = {
            "pk": {"S": partition(snapshot.game_id)},
            "sk": {"S": snapshot_key(snapshot.version)},
            "kind": {"S": "snapshot"},
            "version": {"N": str(snapshot.version)},
            "schema_version": {"N": str(snapshot.schema_version)},
            # Compressed compact JSON, a Binary attribute: the state's card names repeat, and DynamoDB bills the
            # stored bytes (a 10 KB state compresses to about 2 KB).
            "payload": {"B": zlib.compress(dump_json(snapshot.payload).encode(), 9)},
        }
        with self._errors():
            self.requests += 1
            self.client.put_item(TableName=self.table, Item=item)

    def _query(self, query: QueryInputTypeDef) -> Iterator[Item]:
        """Items page by page; a caller that stops iterating stops the requests."""
        while True:
            with self._errors():
                self.requests += 1
                page = self.client.query(**query)
            yield from page["Items"]
            if "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _commit(self, game_id: str, item: Item) -> Commit:
        return self._commits(game_id, (item,))[0]

    def _commits(self, game_id: str, items: Iterable[Item]) -> tuple[Commit, ...]:
        """Commits from their items, in the order given. A load makes one per commit: the tuples are built
        directly, as Commit's own __new__ does (its keyword form costs 5 times as much), the lookups hoisted."""
        new, upcast_all = tuple.__new__, self.registry.upcaster()
        return tuple([new(Commit, (
            game_id,
            int(item["version"]["N"]),
            item["command_id"]["S"],
            int(item["seat"]["N"]) if "seat" in item else None,
            upcast_all(load_json(item["events"]["S"])),
            item["recorded_at"]["S"],
            item["digest"]["S"] if "digest" in item else None,
            bytes(item["prev"]["B"]).hex() if "prev" in item else None,
            bytes(item["salt"]["B"]).hex() if "salt" in item else None,
        )) for item in items])

    @staticmethod
    def _snapshot(game_id: str, item: Item) -> Snapshot:
        stored = item["payload"]
        # Snapshots written before compression hold a string: still read (their schema version decides).
        payload = load_json(zlib.decompress(stored["B"]) if "B" in stored else stored["S"])
        return Snapshot(
            game_id=game_id,
            version=int(item["version"]["N"]),
            schema_version=int(item["schema_version"]["N"]),
            payload=payload,
        )

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except (ClientError, BotoCoreError) as error:
            raise StoreError(f"DynamoDB table {self.table!r}: {error}") from error
