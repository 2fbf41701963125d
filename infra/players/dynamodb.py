"""The player store on the games table: one item per player (pk `PLAYER#<id>`, sk `PROFILE`), written by puts
conditional on its revision; outbox items (pk `OUTBOX#<id>`) join such a put in one transaction.

Store errors name the table and DynamoDB's error code only: the full message of a refused request can quote the
item, and a player item holds contacts.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from infra.players.base import (
    ADDRESS_KEY,
    ADDRESS_PREFIX,
    OUTBOX_PREFIX,
    PLAYER_PREFIX,
    PROFILE_KEY,
    OutboxMessage,
    PlayerExists,
    PlayerRecord,
    RevisionConflict,
    check_outbox,
    check_record,
    record_fields,
)
from infra.store.base import dump_json
from infra.table import CONFLICT, TableStore, error_code

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef, TransactWriteItemTypeDef

    Item = dict[str, AttributeValueTypeDef]

_TYPES = {f.name: f.type for f in fields(PlayerRecord)}


def player_key(player_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"{PLAYER_PREFIX}{player_id}"}, "sk": {"S": PROFILE_KEY}}


def _attribute(value: Any) -> AttributeValueTypeDef:
    if isinstance(value, bool):
        return {"BOOL": value}
    if isinstance(value, int):
        return {"N": str(value)}
    return {"S": str(value)}


def _value(attribute: AttributeValueTypeDef) -> Any:
    if "BOOL" in attribute:
        return attribute["BOOL"]
    if "N" in attribute:
        return int(attribute["N"])
    return attribute["S"]


def to_item(record: PlayerRecord) -> Item:
    item: Item = {**player_key(record.player_id), "kind": {"S": "player"}}
    item.update({name: _attribute(value) for name, value in record_fields(record).items()})
    return item


def from_item(item: Item) -> PlayerRecord:
    return PlayerRecord(**{name: _value(item[name]) for name in _TYPES if name in item})


def outbox_item(message: OutboxMessage) -> Item:
    return {
        "pk": {"S": f"{OUTBOX_PREFIX}{message.player_id}"}, "sk": {"S": message.key}, "kind": {"S": "outbox"},
        "message": {"S": dump_json(message.message)}, "expires_at": {"N": str(message.expires_at)},
    }


def address_item(message: OutboxMessage) -> Item:
    """Whose address this is, for SES feedback; rewritten by each change to it (a stale one is checked against
    the player's current address before anything is turned off)."""
    return {"pk": {"S": f"{ADDRESS_PREFIX}{message.address_lookup}"}, "sk": {"S": ADDRESS_KEY},
            "kind": {"S": "address"}, "player_id": {"S": message.player_id}}


class DynamoPlayerStore(TableStore):
    def create(self, record: PlayerRecord) -> None:
        check_record(record)
        if record.revision != 1:
            raise ValueError("a new player starts at revision 1")
        self._put_new(to_item(record), PlayerExists(record.player_id))

    def get(self, player_id: str) -> PlayerRecord | None:
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=player_key(player_id), ConsistentRead=True)
        return from_item(found["Item"]) if "Item" in found else None

    def replace(self, record: PlayerRecord, outbox: tuple[OutboxMessage, ...] = ()) -> None:
        check_record(record)
        check_outbox(record, outbox)
        condition: dict[str, Any] = {
            "ConditionExpression": "#revision = :previous",
            "ExpressionAttributeNames": {"#revision": "revision"},
            "ExpressionAttributeValues": {":previous": {"N": str(record.revision - 1)}},
        }
        with self._errors():
            try:
                if not outbox:
                    self.client.put_item(TableName=self.table, Item=to_item(record), **condition)
                    return
                profile: Any = {"TableName": self.table, "Item": to_item(record), **condition}
                items: list[TransactWriteItemTypeDef] = [{"Put": profile}]
                items += [{"Put": {"TableName": self.table, "Item": outbox_item(m),
                                   "ConditionExpression": "attribute_not_exists(pk)"}} for m in outbox]
                items += [{"Put": {"TableName": self.table, "Item": address_item(m)}} for m in outbox
                          if m.address_lookup]
                self.client.transact_write_items(TransactItems=items)
            except ClientError as error:
                if error_code(error) == CONFLICT or _profile_check_failed(error):
                    raise RevisionConflict(record.player_id, record.revision - 1) from None
                raise

    def player_of_address(self, address_hash: str) -> str | None:
        """The player whose address change last named this address (ADDRESS# lookup), or None."""
        key = {"pk": {"S": f"{ADDRESS_PREFIX}{address_hash}"}, "sk": {"S": ADDRESS_KEY}}
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=key)
        item = found.get("Item")
        return item["player_id"]["S"] if item else None


def _profile_check_failed(error: ClientError) -> bool:
    """A cancelled transaction whose first item (the profile's put) failed its revision condition."""
    if error_code(error) != "TransactionCanceledException":
        return False
    reasons: Any = error.response.get("CancellationReasons") or []
    return bool(reasons) and reasons[0].get("Code") == "ConditionalCheckFailed"
