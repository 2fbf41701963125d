"""The embedded DynamoDB of the local server: writes that succeed are journaled (and nothing else), the journal
replays into the same table, and a Query costs its partition, not the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from devtools.local import moto_fixes
from devtools.local.embedded import EmbeddedAws
from devtools.local.journal import Journal, read

TABLE = "embedded-test"
KEYS = {"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST"}


@pytest.fixture
def aws() -> Iterator[EmbeddedAws]:
    aws = EmbeddedAws("us-east-1")
    aws.start()
    yield aws
    aws.stop()
    moto_fixes.uninstall()  # the patch is the local server's: leave moto as other tests know it


@pytest.fixture
def dynamodb(aws: EmbeddedAws) -> Iterator[Any]:
    client = boto3.client("dynamodb", endpoint_url=aws.url, region_name="us-east-1",
                          aws_access_key_id="local", aws_secret_access_key="local")
    client.create_table(TableName=TABLE, **KEYS)
    yield client
    client.delete_table(TableName=TABLE)


def item(pk: str, sk: str, **more: str) -> dict[str, Any]:
    return {"pk": {"S": pk}, "sk": {"S": sk}, **{k: {"S": v} for k, v in more.items()}}


def test_writes_that_succeed_are_journaled_and_replay_into_the_same_table(
    aws: EmbeddedAws, dynamodb: Any, tmp_path: Path,
) -> None:
    aws.tap.journal = journal = Journal(tmp_path)
    new = "attribute_not_exists(pk)"
    dynamodb.put_item(TableName=TABLE, Item=item("g1", "v1", text="one"), ConditionExpression=new)
    with pytest.raises(ClientError, match="ConditionalCheckFailed"):  # refused: it changed nothing, so no record
        dynamodb.put_item(TableName=TABLE, Item=item("g1", "v1", text="other"), ConditionExpression=new)
    dynamodb.update_item(TableName=TABLE, Key=item("g1", "v2"), UpdateExpression="SET #t = :t",
                         ExpressionAttributeNames={"#t": "text"}, ExpressionAttributeValues={":t": {"S": "two"}})
    dynamodb.get_item(TableName=TABLE, Key=item("g1", "v1"))  # a read: not journaled
    journal.sync()
    aws.tap.journal = None
    [group] = list(read(tmp_path, 0))
    assert [w["op"] for w in group.writes] == ["PutItem", "UpdateItem"]
    before = sorted(aws.items(TABLE), key=str)

    dynamodb.delete_table(TableName=TABLE)
    dynamodb.create_table(TableName=TABLE, **KEYS)
    for write in group.writes:
        assert aws.call(write["op"], write["request"], write["region"])[0] == 200
    assert sorted(aws.items(TABLE), key=str) == before
    assert before == sorted([item("g1", "v1", text="one"), item("g1", "v2", text="two")], key=str)
    journal.close()


def test_a_save_of_items_refills_a_table(aws: EmbeddedAws, dynamodb: Any) -> None:
    saved = [item(f"g{n % 3}", f"v{n:03d}", text="x" * n) for n in range(60)]
    aws.put_items(TABLE, saved)
    assert sorted(aws.items(TABLE), key=str) == sorted(saved, key=str)


QUERIES: list[dict[str, Any]] = [
    {"KeyConditionExpression": "pk = :pk", "ExpressionAttributeValues": {":pk": {"S": "g1"}}},
    {"KeyConditionExpression": "pk = :pk", "ExpressionAttributeValues": {":pk": {"S": "g1"}},
     "ScanIndexForward": False, "Limit": 3},
    {"KeyConditionExpression": "pk = :pk AND sk > :after", "FilterExpression": "#k = :c",
     "ExpressionAttributeNames": {"#k": "kind"},
     "ExpressionAttributeValues": {":pk": {"S": "g1"}, ":after": {"S": "v004"}, ":c": {"S": "commit"}}},
    {"KeyConditionExpression": "pk = :pk", "ExpressionAttributeValues": {":pk": {"S": "nobody"}}},
]


def _all_pages(dynamodb: Any, query: dict[str, Any]) -> list[dict[str, Any]]:
    pages = dynamodb.get_paginator("query").paginate(TableName=TABLE, **query, PaginationConfig={"PageSize": 2})
    return [found for page in pages for found in page["Items"]]


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_reads_its_partition_only_and_answers_as_moto_does(
    aws: EmbeddedAws, dynamodb: Any, query: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from moto.dynamodb.models.table import Table

    aws.put_items(TABLE, [item(f"g{n % 4}", f"v{n:03d}", kind="commit" if n % 3 else "snapshot") for n in range(40)])
    moto_fixes.uninstall()
    expected = _all_pages(dynamodb, query)
    moto_fixes.install()
    whole_table_reads = []
    all_items = Table.all_items
    monkeypatch.setattr(Table, "all_items", lambda self: whole_table_reads.append(1) or all_items(self))
    assert _all_pages(dynamodb, query) == expected
    assert whole_table_reads == []


def test_an_embedded_aws_started_again_in_the_same_process_starts_empty(aws: EmbeddedAws, dynamodb: Any) -> None:
    again = EmbeddedAws("us-east-1")  # moto's state is per process: without a reset the old table would be there
    again.start()
    try:
        client = boto3.client("dynamodb", endpoint_url=again.url, region_name="us-east-1",
                              aws_access_key_id="local", aws_secret_access_key="local")
        assert client.list_tables()["TableNames"] == []
        client.create_table(TableName=TABLE, **KEYS)  # for the fixture's clean-up
    finally:
        again.stop()
