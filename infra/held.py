"""Notices held by quiet hours (service/notices/held.py): one item per (game, seat, channel) holding that seat's newest
held notice and when to release it, in the games table (pk `HELD#<game>`, sk `S<seat>#<channel>`), listed by
release time on the table's sparse index (gsi1pk `HELD#DUE`, gsi1sk `<release>#…`), gone by TTL a week after
its release whatever happens. An older notice never replaces a newer one (a stream record delivered late)."""

from __future__ import annotations

import json
import threading
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any, Protocol

from botocore.exceptions import ClientError

from domain.records import field, record
from infra.channels.base import Notice

HELD_PREFIX = "HELD#"
DUE_KEY = "HELD#DUE"
TTL_AFTER_RELEASE = timedelta(days=7)


@record(frozen=True)
class HeldNotice:
    notice: Notice
    channel: str  # "email" or "push"
    player_id: str
    release_at: str  # ISO 8601, UTC ("2026-05-02T08:00:00Z"): its text order is its time order

    @property
    def slot(self) -> tuple[str, int, str]:
        return self.notice.game_id, self.notice.seat, self.channel


def notice_json(notice: Notice) -> str:
    return json.dumps(asdict(notice), separators=(",", ":"))


def notice_from(text: str) -> Notice:
    fields = json.loads(text)
    for name in ("actions", "scores", "winners"):
        fields[name] = tuple(fields.get(name) or ())
    return Notice(**fields)


class HeldStore(Protocol):
    def hold(self, held: HeldNotice) -> None:
        """Keep `held` for its (game, seat, channel) unless a newer notice is held there already."""
        ...

    def due(self, now: str, limit: int) -> list[HeldNotice]:
        """Held notices whose release time is `now` or earlier, soonest first, at most `limit`."""
        ...

    def release(self, held: HeldNotice) -> None:
        """Forget `held`, unless a newer notice has replaced it meanwhile."""
        ...


@record
class MemoryHeldStore:
    items: dict[tuple[str, int, str], HeldNotice] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def hold(self, held: HeldNotice) -> None:
        with self.lock:
            known = self.items.get(held.slot)
            if known is None or known.notice.version <= held.notice.version:
                self.items[held.slot] = held

    def due(self, now: str, limit: int) -> list[HeldNotice]:
        with self.lock:
            return sorted((h for h in self.items.values() if h.release_at <= now), key=lambda h: h.release_at)[:limit]

    def release(self, held: HeldNotice) -> None:
        with self.lock:
            known = self.items.get(held.slot)
            if known is not None and known.notice.version == held.notice.version:
                del self.items[held.slot]


def _key(game_id: str, seat: int, channel: str) -> dict[str, Any]:
    return {"pk": {"S": f"{HELD_PREFIX}{game_id}"}, "sk": {"S": f"S{seat}#{channel}"}}


def _epoch(iso: str) -> int:
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp())


class DynamoHeldStore:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def hold(self, held: HeldNotice) -> None:
        n = held.notice
        item = {**_key(*held.slot), "kind": {"S": "held"}, "channel": {"S": held.channel},
                "player_id": {"S": held.player_id}, "notice": {"S": notice_json(n)}, "version": {"N": str(n.version)},
                "release_at": {"S": held.release_at}, "gsi1pk": {"S": DUE_KEY},
                "gsi1sk": {"S": f"{held.release_at}#{n.game_id}#{n.seat}#{held.channel}"},
                "expires_at": {"N": str(_epoch(held.release_at) + int(TTL_AFTER_RELEASE.total_seconds()))}}
        try:
            self.client.put_item(TableName=self.table, Item=item,
                                 ConditionExpression="attribute_not_exists(pk) OR version <= :v",
                                 ExpressionAttributeValues={":v": {"N": str(n.version)}})
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") != "ConditionalCheckFailedException":
                raise  # else: a newer notice is held there, and stays

    def due(self, now: str, limit: int) -> list[HeldNotice]:
        found = self.client.query(
            TableName=self.table, IndexName="gsi1", Limit=limit,
            KeyConditionExpression="gsi1pk = :due AND gsi1sk <= :now",
            ExpressionAttributeValues={":due": {"S": DUE_KEY}, ":now": {"S": f"{now}#~"}})
        return [HeldNotice(notice_from(i["notice"]["S"]), i["channel"]["S"], i["player_id"]["S"], i["release_at"]["S"])
                for i in found.get("Items", [])]

    def release(self, held: HeldNotice) -> None:
        try:
            self.client.delete_item(TableName=self.table, Key=_key(*held.slot), ConditionExpression="version = :v",
                                    ExpressionAttributeValues={":v": {"N": str(held.notice.version)}})
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") != "ConditionalCheckFailedException":
                raise
