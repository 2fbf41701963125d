"""The seats' last looks (infra/last_seen.py), read by their catch-up (service/catch_up.py, docs/catch-up.md).

A look is recorded when the seat reads its view (GET /games/{id}) or acts (the notifier, from the commit: never
on the command's path): one small conditional write, and none when this warm container recorded that version
already. Light to import: the view's function records looks at every seat's read."""

from __future__ import annotations

import threading

from infra.last_seen import LastSeen, Seen

REMEMBERED = 4096  # (game, seat) looks a warm container remembers having recorded


class Looks:
    """The seats' last looks (infra/last_seen.py), each written once per version by this container."""

    def __init__(self, store: LastSeen) -> None:
        self.store = store
        self._recorded: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    def since(self, game_id: str, seat: int) -> Seen | None:
        return self.store.get(game_id, seat)

    def looked(self, game_id: str, seat: int, version: int, at: str) -> None:
        key = (game_id, seat)
        with self._lock:
            if self._recorded.get(key, 0) >= version:
                return
        self.store.mark(game_id, seat, version, at)
        with self._lock:
            if len(self._recorded) >= REMEMBERED:
                self._recorded.clear()
            self._recorded[key] = max(version, self._recorded.get(key, 0))
