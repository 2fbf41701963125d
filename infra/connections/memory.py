"""The connection store in memory, for tests (the same contract as the DynamoDB one)."""

from __future__ import annotations

import threading

from infra.connections.base import Connection, check_connection


class InMemoryConnectionStore:
    def __init__(self) -> None:
        self._by_id: dict[str, Connection] = {}
        self._by_game: dict[str, dict[str, Connection]] = {}
        self._lock = threading.Lock()

    def add(self, connection: Connection) -> None:
        check_connection(connection)
        with self._lock:
            self._by_id[connection.connection_id] = connection
            self._by_game.setdefault(connection.game_id, {})[connection.connection_id] = connection

    def find(self, connection_id: str, now: int) -> Connection | None:
        with self._lock:
            found = self._by_id.get(connection_id)
        return found if found is not None and found.expires_at > now else None

    def watching(self, game_id: str, now: int) -> list[str]:
        with self._lock:
            return sorted(c.connection_id for c in self._by_game.get(game_id, {}).values() if c.expires_at > now)

    def remove(self, connection: Connection) -> None:
        with self._lock:
            self._by_id.pop(connection.connection_id, None)
            self._by_game.get(connection.game_id, {}).pop(connection.connection_id, None)
