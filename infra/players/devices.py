"""A player's devices rewritten alone: the notifier prunes a device whose endpoint is gone with an UpdateItem of
`devices`, `revision` and `updated_at` only, conditional on the revision it read. Its IAM grant names those
attributes (template.yaml), so the notifier cannot change a player's key, name or contacts."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from infra.players.base import PlayerRecord, RevisionConflict
from infra.players.dynamodb import player_key
from infra.table import CONFLICT, error_code

PRUNE_ATTRIBUTES = ("devices", "revision", "updated_at")


class DynamoDeviceWriter:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def __call__(self, record: PlayerRecord) -> None:
        values: dict[str, Any] = {":previous": {"N": str(record.revision - 1)},
                                  ":revision": {"N": str(record.revision)}, ":updated": {"S": record.updated_at}}
        update = "SET #revision = :revision, #updated = :updated"
        if record.devices:
            update += ", #devices = :devices"
            values[":devices"] = {"S": record.devices}
        else:
            update += " REMOVE #devices"
        try:
            self.client.update_item(
                TableName=self.table, Key=player_key(record.player_id), UpdateExpression=update,
                ConditionExpression="#revision = :previous", ExpressionAttributeValues=values,
                ExpressionAttributeNames={"#revision": "revision", "#updated": "updated_at", "#devices": "devices"})
        except ClientError as error:
            if error_code(error) == CONFLICT:
                raise RevisionConflict(record.player_id, record.revision - 1) from None
            raise
