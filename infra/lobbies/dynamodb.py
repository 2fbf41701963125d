"""The lobby store on the games table: one item per lobby (pk `LOBBY#<game_id>`, sk `LOBBY`, kind `lobby`), the
record as one JSON attribute beside the keys DynamoDB itself reads: `revision` (the write condition),
`expires_at` (TTL, until the start) and, while the lobby is listed, the sparse index keys `gsi1pk` / `gsi1sk`.

Store errors name the table and DynamoDB's error code only, never the item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from infra.lobbies.base import (
    INDEX,
    LOBBY_KEY,
    LOBBY_PREFIX,
    OPEN_LOBBIES_KEY,
    LobbyConflict,
    LobbyExists,
    LobbyRecord,
    check_record,
    from_json,
    index_sort_key,
    to_json,
)
from infra.table import CONFLICT, TableStore, error_code

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

    Item = dict[str, AttributeValueTypeDef]



def lobby_key(game_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"{LOBBY_PREFIX}{game_id}"}, "sk": {"S": LOBBY_KEY}}


def to_item(record: LobbyRecord) -> Item:
    item: Item = {**lobby_key(record.game_id), "kind": {"S": "lobby"}, "lobby": {"S": to_json(record)},
                  "revision": {"N": str(record.revision)}}
    if not record.started:
        item["expires_at"] = {"N": str(record.expires_at)}
    if record.listed():
        item["gsi1pk"] = {"S": OPEN_LOBBIES_KEY}
        item["gsi1sk"] = {"S": index_sort_key(record)}
    return item


def from_item(item: Item) -> LobbyRecord:
    return from_json(item["lobby"]["S"])


class DynamoLobbyStore(TableStore):
    def create(self, record: LobbyRecord) -> None:
        check_record(record)
        if record.revision != 1:
            raise ValueError("a new lobby starts at revision 1")
        self._put_new(to_item(record), LobbyExists(record.game_id))

    def get(self, game_id: str) -> LobbyRecord | None:
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=lobby_key(game_id), ConsistentRead=True)
        return from_item(found["Item"]) if "Item" in found else None

    def replace(self, record: LobbyRecord) -> None:
        check_record(record)
        with self._errors():
            try:
                self.client.put_item(
                    TableName=self.table, Item=to_item(record), ConditionExpression="#revision = :previous",
                    ExpressionAttributeNames={"#revision": "revision"},
                    ExpressionAttributeValues={":previous": {"N": str(record.revision - 1)}},
                )
            except ClientError as error:
                if error_code(error) == CONFLICT:
                    raise LobbyConflict(record.game_id, record.revision - 1) from None
                raise

    def open_lobbies(self, limit: int) -> list[LobbyRecord]:
        with self._errors():
            page = self.client.query(
                TableName=self.table, IndexName=INDEX, KeyConditionExpression="gsi1pk = :open",
                ExpressionAttributeValues={":open": {"S": OPEN_LOBBIES_KEY}}, ScanIndexForward=False, Limit=limit,
            )
        return [from_item(item) for item in page["Items"]]


