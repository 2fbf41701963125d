"""An in-process "my games" store with the DynamoDB store's semantics (tests, demos)."""

from __future__ import annotations

import threading

from domain.records import field, record
from infra.my_games.base import GameEntry, Page, check_entry, from_json, to_json


@record
class MyGamesTable:
    lock: threading.Lock = field(default_factory=threading.Lock)
    entries: dict[tuple[str, str], str] = field(default_factory=dict)  # (player, game) -> entry JSON


class InMemoryMyGamesStore:
    def __init__(self, table: MyGamesTable | None = None) -> None:
        self.table = table if table is not None else MyGamesTable()

    def put(self, entry: GameEntry) -> bool:
        check_entry(entry)
        key = (entry.player_id, entry.game_id)
        with self.table.lock:
            stored = self.table.entries.get(key)
            if stored is not None and not entry.newer_than(from_json(stored)):
                return False
            self.table.entries[key] = to_json(entry)
            return True

    def get(self, player_id: str, game_id: str) -> GameEntry | None:
        with self.table.lock:
            row = self.table.entries.get((player_id, game_id))
        return None if row is None else from_json(row)

    def page(self, player_id: str, limit: int, after: str | None = None) -> Page:
        with self.table.lock:
            rows = [from_json(r) for (p, _), r in self.table.entries.items() if p == player_id]
        listed = sorted((e for e in rows if e.listed and (after is None or e.sort_key() > after)),
                        key=GameEntry.sort_key)
        entries = listed[:limit]
        more = len(listed) > limit
        return Page(entries, entries[-1].sort_key() if more and entries else None)
