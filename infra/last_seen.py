"""The version each seat of a game last saw, and when (service/catch_up.py, docs/catch-up.md): one item per
(game, seat) in the games table (pk `SEEN#<game>`, sk `S<seat>`), moved forward only: a conditional update
that an older version never wins, so a slow reader cannot take back what a newer look recorded. Gone by TTL a
year after the last look (a game lasts days; its catch-up is for coming back to it)."""

from __future__ import annotations

import contextlib
import threading
import weakref
from datetime import datetime, timedelta
from typing import Any, Protocol

from domain.records import field, record

PREFIX = "SEEN#"
KEEP = timedelta(days=365)


@record(frozen=True)
class Seen:
    version: int  # the newest version the seat saw (read its view at, or made)
    at: str  # ISO 8601, UTC: when


class LastSeen(Protocol):
    def get(self, game_id: str, seat: int) -> Seen | None:
        """What the seat last saw of the game; None: it never looked."""
        ...

    def mark(self, game_id: str, seat: int, version: int, at: str) -> None:
        """The seat saw `version` at `at`; an older version than the one recorded changes nothing."""
        ...


@record
class MemoryLastSeen:
    items: dict[tuple[str, int], Seen] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, game_id: str, seat: int) -> Seen | None:
        with self.lock:
            return self.items.get((game_id, seat))

    def mark(self, game_id: str, seat: int, version: int, at: str) -> None:
        with self.lock:
            known = self.items.get((game_id, seat))
            if known is None or known.version < version:
                self.items[(game_id, seat)] = Seen(version, at)


_beside: weakref.WeakKeyDictionary[Any, MemoryLastSeen] = weakref.WeakKeyDictionary()
_beside_lock = threading.Lock()


def memory_last_seen(store: Any) -> MemoryLastSeen:
    """Beside an in-memory event store, for as long as it lives: every container over that store (each function
    of a test, as in Lambda) sees the same looks."""
    with _beside_lock:
        found = _beside.get(store)
        if found is None:
            found = _beside[store] = MemoryLastSeen()
        return found


def _key(game_id: str, seat: int) -> dict[str, Any]:
    return {"pk": {"S": f"{PREFIX}{game_id}"}, "sk": {"S": f"S{seat}"}}


class DynamoLastSeen:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def get(self, game_id: str, seat: int) -> Seen | None:
        item = self.client.get_item(TableName=self.table, Key=_key(game_id, seat)).get("Item")
        return Seen(int(item["version"]["N"]), item["seen_at"]["S"]) if item else None

    def mark(self, game_id: str, seat: int, version: int, at: str) -> None:
        expires = int(datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() + KEEP.total_seconds())
        with contextlib.suppress(self.client.exceptions.ConditionalCheckFailedException):  # a newer look is in
            self.client.update_item(
                TableName=self.table, Key=_key(game_id, seat),
                UpdateExpression="SET version = :v, seen_at = :at, kind = :kind, expires_at = :exp",
                ConditionExpression="attribute_not_exists(version) OR version < :v",
                ExpressionAttributeValues={":v": {"N": str(version)}, ":at": {"S": at}, ":kind": {"S": "seen"},
                                           ":exp": {"N": str(expires)}})
