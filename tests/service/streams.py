"""The table's stream under moto, read as Lambda's event source mapping would hand it to the notifier."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import boto3

from tests.service.support import REGION, TABLE_NAME


def _lambda_shape(value: Any) -> Any:
    if isinstance(value, datetime):
        return int(value.timestamp())
    if isinstance(value, dict):
        return {k: _lambda_shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lambda_shape(v) for v in value]
    return value


class StreamReader:
    def __init__(self, dynamodb: Any) -> None:
        self.client = boto3.client("dynamodbstreams", region_name=REGION)
        self.arn = dynamodb.describe_table(TableName=TABLE_NAME)["Table"]["LatestStreamArn"]
        shards = self.client.describe_stream(StreamArn=self.arn)["StreamDescription"]["Shards"]
        self.iterators = {
            s["ShardId"]: self.client.get_shard_iterator(
                StreamArn=self.arn, ShardId=s["ShardId"], ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            for s in shards
        }

    def read(self) -> list[dict[str, Any]]:
        """Every record not read yet, as Lambda event records."""
        out = []
        for shard, iterator in self.iterators.items():
            while True:
                page = self.client.get_records(ShardIterator=iterator, Limit=1000)
                iterator = page["NextShardIterator"]
                out += [self.record(r) for r in page["Records"]]
                if not page["Records"]:
                    break
            self.iterators[shard] = iterator
        return out

    def record(self, record: dict[str, Any]) -> dict[str, Any]:
        return {
            "eventID": record["eventID"], "eventName": record["eventName"], "eventVersion": "1.1",
            "eventSource": "aws:dynamodb", "awsRegion": REGION, "dynamodb": _lambda_shape(record["dynamodb"]),
            "eventSourceARN": self.arn,
        }
