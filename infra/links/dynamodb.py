"""The link store on the games table: one item per grant (pk `LINK#<token hash>` / sk `LINK`, or pk
`SESSION#<token hash>` / sk `SESSION`, or pk
`REPLY#<token hash>` / sk `REPLY`; kind `link`, `session` or `reply`), written once by a put conditional on the key
being new, with `expires_at` as the table's TTL. The table's stream consumers filter on kind: they never see
these items.

Store errors name the table and DynamoDB's error code only, never the item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from infra.links.base import PREFIXES, SORT_KEYS, Grant, GrantExists, Kind, check_grant
from infra.table import TableStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

    Item = dict[str, AttributeValueTypeDef]


def grant_key(kind: Kind, token_sha256: str) -> dict[str, Any]:
    return {"pk": {"S": f"{PREFIXES[kind]}{token_sha256}"}, "sk": {"S": SORT_KEYS[kind]}}


def to_item(grant: Grant) -> Item:
    return {
        **grant_key(grant.kind, grant.token_sha256), "kind": {"S": grant.kind},
        "game_id": {"S": grant.game_id}, "seat": {"N": str(grant.seat)},
        "seat_token_sha256": {"S": grant.seat_token_sha256}, "created_at": {"S": grant.created_at},
        "expires_at": {"N": str(grant.expires_at)},
        **({"version": {"N": str(grant.version)}} if grant.version else {}),
    }


def from_item(kind: Kind, token_sha256: str, item: Item) -> Grant:
    return Grant(kind=kind, token_sha256=token_sha256, game_id=item["game_id"]["S"], seat=int(item["seat"]["N"]),
                 seat_token_sha256=item["seat_token_sha256"]["S"], created_at=item["created_at"]["S"],
                 expires_at=int(item["expires_at"]["N"]), version=int(item.get("version", {}).get("N", "0")))


class DynamoLinkStore(TableStore):
    def create(self, grant: Grant) -> None:
        check_grant(grant)
        self._put_new(to_item(grant), GrantExists(grant.kind))

    def get(self, kind: Kind, token_sha256: str) -> Grant | None:
        with self._errors():
            found = self.client.get_item(TableName=self.table, Key=grant_key(kind, token_sha256),
                                         ConsistentRead=True)
        item = found.get("Item")
        return from_item(kind, token_sha256, item) if item is not None and item.get("kind", {}).get("S") == kind \
            else None
