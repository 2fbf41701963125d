"""A webhook's failure count on the player record: counted, reset and turned off by the sender, each write
conditional on the URL being the one delivered to (`webhook_generation`), so a failure of an old URL never counts
against a new one. Each write also moves the record's revision on, so a profile change based on the record as
it was (a conditional put, infra/players) re-reads rather than overwriting the count or the disabling."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from botocore.exceptions import ClientError

from infra.players.dynamodb import player_key
from infra.store.base import dump_json
from infra.table import CONFLICT, TableStore, error_code

if TYPE_CHECKING:
    from infra.players.memory import InMemoryPlayerStore


class WebhookState(Protocol):
    def failed(self, player_id: str, generation: int, limit: int, now: str) -> bool:
        """One more delivery failed; True when this one reached `limit` and disabled the webhook."""
        ...

    def succeeded(self, player_id: str, generation: int) -> None:
        """A delivery went through: the count starts again."""
        ...


class DynamoWebhookState(TableStore):
    def _update(self, player_id: str, expression: str, condition: str, values: dict[str, Any]) -> dict[str, Any]:
        with self._errors():
            try:
                found = self.client.update_item(
                    TableName=self.table, Key=player_key(player_id), UpdateExpression=expression,
                    ConditionExpression=condition, ExpressionAttributeValues=values, ReturnValues="ALL_NEW")
            except ClientError as error:
                if error_code(error) == CONFLICT:
                    return {}  # the URL changed (or the webhook was disabled) meanwhile: nothing to count
                raise
        return dict(found.get("Attributes") or {})

    def failed(self, player_id: str, generation: int, limit: int, now: str) -> bool:
        current = "webhook_generation = :generation AND attribute_not_exists(webhook_disabled_at)"
        item = self._update(player_id, "SET webhook_failures = if_not_exists(webhook_failures, :zero) + :one, "
                            "revision = revision + :one", current,
                            {":generation": {"N": str(generation)}, ":zero": {"N": "0"}, ":one": {"N": "1"}})
        if not item or int(item["webhook_failures"]["N"]) < limit:
            return False
        return bool(self._update(player_id, "SET webhook_disabled_at = :now, revision = revision + :one", current,
                                 {":generation": {"N": str(generation)}, ":now": {"S": now}, ":one": {"N": "1"}}))

    def succeeded(self, player_id: str, generation: int) -> None:
        self._update(player_id, "REMOVE webhook_failures SET revision = revision + :one",
                     "webhook_generation = :generation AND webhook_failures > :zero",
                     {":generation": {"N": str(generation)}, ":zero": {"N": "0"}, ":one": {"N": "1"}})


class MemoryWebhookState:
    """The same writes on the in-memory player store's rows."""

    def __init__(self, store: InMemoryPlayerStore) -> None:
        self.table = store.table

    def _change(self, player_id: str, generation: int, change: Any) -> bool:
        with self.table.lock:
            row = self.table.players.get(player_id)
            fields = json.loads(row) if row is not None else None
            if fields is None or fields.get("webhook_generation") != generation or "webhook_disabled_at" in fields:
                return False
            if not change(fields):
                return False
            fields["revision"] += 1
            self.table.players[player_id] = dump_json(fields)
            return True

    def failed(self, player_id: str, generation: int, limit: int, now: str) -> bool:
        disabled: list[bool] = []

        def count(fields: dict[str, Any]) -> bool:
            fields["webhook_failures"] = fields.get("webhook_failures", 0) + 1
            if fields["webhook_failures"] >= limit:
                fields["webhook_disabled_at"] = now
                disabled.append(True)
            return True

        self._change(player_id, generation, count)
        return bool(disabled)

    def succeeded(self, player_id: str, generation: int) -> None:
        self._change(player_id, generation, lambda fields: fields.pop("webhook_failures", 0) > 0)
