"""The connection store on the games table: `LIVE#<game_id>` / `CONN#<connection_id>` (a broadcast's Query) and
`CONN#<connection_id>` / `LIVE` (the disconnect's GetItem), kind `live`, both with `expires_at` (TTL). Neither
prefix is a game's partition: the live functions' policies name these keys only (LeadingKeys).

Store errors name the table and DynamoDB's error code only, never the item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from infra.connections.base import Connection, check_connection
from infra.table import TableStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

    Item = dict[str, AttributeValueTypeDef]

GAME_PREFIX, CONNECTION_PREFIX, REVERSE_SORT_KEY = "LIVE#", "CONN#", "LIVE"


def watcher_key(game_id: str, connection_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"{GAME_PREFIX}{game_id}"}, "sk": {"S": f"{CONNECTION_PREFIX}{connection_id}"}}


def reverse_key(connection_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"{CONNECTION_PREFIX}{connection_id}"}, "sk": {"S": REVERSE_SORT_KEY}}


class DynamoConnectionStore(TableStore):
    def add(self, connection: Connection) -> None:
        check_connection(connection)
        fields: Item = {"kind": {"S": "live"}, "connection_id": {"S": connection.connection_id},
                        "game_id": {"S": connection.game_id}, "expires_at": {"N": str(connection.expires_at)}}
        with self._errors():
            # The reverse item first: a watcher item is then never left without the one that removes it (a
            # reverse item left alone by a failed second write only waits for its TTL).
            self.client.put_item(TableName=self.table, Item={**reverse_key(connection.connection_id), **fields})
            self.client.put_item(TableName=self.table,
                                 Item={**watcher_key(connection.game_id, connection.connection_id), **fields})

    def find(self, connection_id: str, now: int) -> Connection | None:
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=reverse_key(connection_id), ConsistentRead=True)
        item = found.get("Item")
        if item is None or int(item["expires_at"]["N"]) <= now:
            return None
        return Connection(connection_id, item["game_id"]["S"], int(item["expires_at"]["N"]))

    def watching(self, game_id: str, now: int) -> list[str]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :conn)",
            "FilterExpression": "expires_at > :now",  # TTL deletes late: an expired item may still be there
            "ExpressionAttributeValues": {":pk": {"S": f"{GAME_PREFIX}{game_id}"},
                                          ":conn": {"S": CONNECTION_PREFIX}, ":now": {"N": str(now)}},
            "ProjectionExpression": "connection_id",
        }
        found: list[str] = []
        while True:
            with self._errors():
                page = self.client.query(**query)
            found += [item["connection_id"]["S"] for item in page["Items"]]
            if "LastEvaluatedKey" not in page:
                return sorted(found)
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def remove(self, connection: Connection) -> None:
        with self._errors():
            self.client.delete_item(TableName=self.table, Key=watcher_key(connection.game_id, connection.connection_id))
            self.client.delete_item(TableName=self.table, Key=reverse_key(connection.connection_id))
