"""The embedded DynamoDB of the local server: writes that succeed are journaled (and nothing else), and the
journal replays into the same table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from infra.local.embedded import EmbeddedAws
from infra.local.journal import Journal, read

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

