"""bench/capacity.py: DynamoDB's size and unit rules, and the meter that bills a call's requests by them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from bench.capacity import Meter, item_bytes, read_units, value_bytes, write_units

KEYS = {"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST"}
CREDENTIALS = {"region_name": "eu-west-1", "aws_access_key_id": "t", "aws_secret_access_key": "t"}


def item(sk: str, kind: str, size: int) -> dict[str, Any]:
    return {"pk": {"S": "g"}, "sk": {"S": sk}, "kind": {"S": kind}, "body": {"S": "x" * size}}


def test_sizes_follow_dynamodbs_rules() -> None:
    assert value_bytes({"S": "héllo"}) == 6  # UTF-8 bytes
    assert value_bytes({"N": "12345"}) == 4  # 3 bytes for 5 significant digits, plus 1
    assert value_bytes({"N": "-1000"}) == 2
    assert value_bytes({"BOOL": True}) == 1
    assert value_bytes({"L": [{"S": "ab"}, {"N": "1"}]}) == 3 + (1 + 2) + (1 + 2)
    assert value_bytes({"M": {"k": {"S": "v"}}}) == 3 + 1 + 1 + 1
    assert item_bytes({"pk": {"S": "GAME#1"}, "version": {"N": "7"}}) == 2 + 6 + 7 + 2


def test_units_round_up_with_a_floor_of_one() -> None:
    assert read_units([]) == 1 and read_units([4096]) == 1 and read_units([4000, 100]) == 2
    assert write_units(0) == 1 and write_units(1024) == 1 and write_units(1025) == 2


@pytest.fixture
def client() -> Iterator[Any]:
    with mock_aws():
        dynamodb = boto3.client("dynamodb", **CREDENTIALS)
        dynamodb.create_table(TableName="t", **KEYS)
        yield dynamodb


def test_the_meter_bills_writes_reads_and_what_filters_and_projections_hid(client: Any) -> None:
    meter = Meter(client)

    def work() -> None:
        client.put_item(TableName="t", Item=item("a", "commit", 3000))  # 3 KB: 3 write units
        client.put_item(TableName="t", Item=item("b", "snapshot", 6000))  # 6 KB: 6 write units
        client.get_item(TableName="t", Key={"pk": {"S": "g"}, "sk": {"S": "b"}}, ConsistentRead=True,
                        ProjectionExpression="pk")  # billed for the whole 6 KB item: 2 read units
        client.query(TableName="t", KeyConditionExpression="pk = :pk", FilterExpression="#k = :c",
                     ExpressionAttributeNames={"#k": "kind"},
                     ExpressionAttributeValues={":pk": {"S": "g"}, ":c": {"S": "commit"}},
                     ConsistentRead=True)  # returns 3 KB, reads 9 KB: 3 read units
        client.get_item(TableName="t", Key={"pk": {"S": "g"}, "sk": {"S": "none"}}, ConsistentRead=True)  # 1

    _, cost = meter.measure(work)
    assert (cost.dynamodb, cost.write_units, cost.read_units) == (5, 9, 6)
    assert 0 < cost.moto < cost.cpu  # moto served the requests in this thread, and is timed apart
    _, again = meter.measure(lambda: None)
    assert (again.dynamodb, again.read_units) == (0, 0)  # each measure starts from nothing
