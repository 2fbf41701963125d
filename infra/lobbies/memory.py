"""An in-process lobby store with the DynamoDB store's semantics (tests, demos)."""

from __future__ import annotations

import threading

from domain.records import field, record
from infra.lobbies.base import (
    LobbyConflict,
    LobbyExists,
    LobbyRecord,
    check_record,
    from_json,
    index_sort_key,
    to_json,
)


@record
class LobbyTable:
    """Rows are JSON text, so nothing mutable is shared with callers."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    lobbies: dict[str, str] = field(default_factory=dict)


class InMemoryLobbyStore:
    def __init__(self, table: LobbyTable | None = None) -> None:
        self.table = table if table is not None else LobbyTable()

    def create(self, record: LobbyRecord) -> None:
        check_record(record)
        if record.revision != 1:
            raise ValueError("a new lobby starts at revision 1")
        with self.table.lock:
            if record.game_id in self.table.lobbies:
                raise LobbyExists(record.game_id)
            self.table.lobbies[record.game_id] = to_json(record)

    def get(self, game_id: str) -> LobbyRecord | None:
        with self.table.lock:
            row = self.table.lobbies.get(game_id)
        return None if row is None else from_json(row)

    def replace(self, record: LobbyRecord) -> None:
        check_record(record)
        with self.table.lock:
            stored = self.table.lobbies.get(record.game_id)
            if stored is None or from_json(stored).revision != record.revision - 1:
                raise LobbyConflict(record.game_id, record.revision - 1)
            self.table.lobbies[record.game_id] = to_json(record)

    def open_lobbies(self, limit: int) -> list[LobbyRecord]:
        with self.table.lock:
            rows = [from_json(r) for r in self.table.lobbies.values()]
        listed = sorted((r for r in rows if r.listed()), key=index_sort_key, reverse=True)
        return listed[:limit]
