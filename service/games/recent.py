"""The warm cache of a function's container: the games it saw lately, as it left them."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from infra.store import Commit
    from service.games.aggregate import Aggregate


class Recent:
    """The newest aggregates of the games a warm function saw lately (bounded, least recently used out).

    A cached aggregate plus the commits written since is exactly the game: commits never change, and the
    conditional append still guards every write. Loading then reads only those few new commits.
    """

    def __init__(self, size: int = 128, histories: int = 32) -> None:
        self.size, self.histories = size, histories
        self._games: OrderedDict[str, Aggregate] = OrderedDict()
        # Whole histories (every commit from the first), kept only by a reader that asks for them (the notifier,
        # whose e-mails tell the events since a seat's last move); never by the command functions.
        self._commits: OrderedDict[str, tuple[Commit, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def history(self, game_id: str) -> tuple[Commit, ...] | None:
        """The game's commits from its first, as last kept (the commits written since are not in it)."""
        with self._lock:
            found = self._commits.get(game_id)
            if found is not None:
                self._commits.move_to_end(game_id)
            return found

    def keep_history(self, game_id: str, commits: tuple[Commit, ...]) -> None:
        with self._lock:
            known = self._commits.get(game_id)
            if not known or (commits and commits[-1].version >= known[-1].version):
                self._commits[game_id] = commits
            self._commits.move_to_end(game_id)
            while len(self._commits) > self.histories:
                self._commits.popitem(last=False)

    def get(self, game_id: str) -> Aggregate | None:
        with self._lock:
            found = self._games.get(game_id)
            if found is not None:
                self._games.move_to_end(game_id)
            return found

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self._commits.clear()

    def put(self, aggregate: Aggregate) -> None:
        with self._lock:
            known = self._games.get(aggregate.game_id)
            if known is None or known.version < aggregate.version:
                self._games[aggregate.game_id] = aggregate
            self._games.move_to_end(aggregate.game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
