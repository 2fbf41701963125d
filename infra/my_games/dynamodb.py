"""The "my games" store on the games table: pk `MYGAMES#<player_id>`, sk `GAME#<game_id>`, kind `my_game`, the
entry as one JSON attribute beside what DynamoDB itself reads: `version` and `lobby_revision` (the write
condition), the sparse index keys `gsi1pk` / `gsi1sk` (not on a tombstone) and, for a lobby's entry,
`expires_at` (TTL).

Store errors name the table and DynamoDB's error code only, never the item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from infra.my_games.base import (
    ENTRY_PREFIX,
    ENTRY_SORT_PREFIX,
    INDEX,
    GameEntry,
    Page,
    check_entry,
    from_json,
    to_json,
)
from infra.table import CONFLICT, TableStore, error_code

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

    Item = dict[str, AttributeValueTypeDef]

# A game's entry replaces any older one; a lobby's only a lobby's (version 0) of a lower revision.
_NEWER_GAME = "attribute_not_exists(pk) OR #version < :version"
_NEWER_LOBBY = "attribute_not_exists(pk) OR (#version = :zero AND #lrev < :lrev)"


def entry_key(player_id: str, game_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"{ENTRY_PREFIX}{player_id}"}, "sk": {"S": f"{ENTRY_SORT_PREFIX}{game_id}"}}


def to_item(entry: GameEntry) -> Item:
    item: Item = {**entry_key(entry.player_id, entry.game_id), "kind": {"S": "my_game"},
                  "entry": {"S": to_json(entry)}, "version": {"N": str(entry.version)},
                  "lobby_revision": {"N": str(entry.lobby_revision)}}
    if entry.listed:
        item["gsi1pk"] = {"S": f"{ENTRY_PREFIX}{entry.player_id}"}
        item["gsi1sk"] = {"S": entry.sort_key()}
    if entry.expires_at is not None:
        item["expires_at"] = {"N": str(entry.expires_at)}
    return item


class DynamoMyGamesStore(TableStore):
    def put(self, entry: GameEntry) -> bool:
        check_entry(entry)
        names = {"#version": "version"}
        values: dict[str, AttributeValueTypeDef]
        if entry.version:
            condition, values = _NEWER_GAME, {":version": {"N": str(entry.version)}}
        else:
            condition, names["#lrev"] = _NEWER_LOBBY, "lobby_revision"
            values = {":zero": {"N": "0"}, ":lrev": {"N": str(entry.lobby_revision)}}
        with self._errors():
            try:
                self.client.put_item(TableName=self.table, Item=to_item(entry), ConditionExpression=condition,
                                     ExpressionAttributeNames=names, ExpressionAttributeValues=values)
            except ClientError as error:
                if error_code(error) == CONFLICT:
                    return False  # the stored entry is as new or newer: it stays
                raise
        return True

    def get(self, player_id: str, game_id: str) -> GameEntry | None:
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=entry_key(player_id, game_id),
                                         ConsistentRead=True)
        return from_json(found["Item"]["entry"]["S"]) if "Item" in found else None

    def page(self, player_id: str, limit: int, after: str | None = None) -> Page:
        partition = f"{ENTRY_PREFIX}{player_id}"
        query: dict[str, Any] = {
            "TableName": self.table, "IndexName": INDEX, "KeyConditionExpression": "gsi1pk = :player",
            "ExpressionAttributeValues": {":player": {"S": partition}}, "Limit": limit + 1,
        }
        if after is not None:  # the index's key of the last entry shown, rebuilt: the cursor is only its sort key
            game_id = after.rsplit("#", 1)[-1]
            query["ExclusiveStartKey"] = {**entry_key(player_id, game_id), "gsi1pk": {"S": partition},
                                          "gsi1sk": {"S": after}}
        with self._errors():
            found = self.client.query(**query)
        entries = [from_json(item["entry"]["S"]) for item in found["Items"]]
        more = len(entries) > limit
        entries = entries[:limit]
        return Page(entries, entries[-1].sort_key() if more and entries else None)


