"""The warm cache of a function's container: the games it saw lately, as it left them."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.games.repository import Aggregate


class Recent:
    """The newest aggregates of the games a warm function saw lately (bounded, least recently used out).

    A cached aggregate plus the commits written since is exactly the game: commits never change, and the
    conditional append still guards every write. Loading then reads only those few new commits.
    """

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._games: OrderedDict[str, Aggregate] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Aggregate | None:
        with self._lock:
            found = self._games.get(game_id)
            if found is not None:
                self._games.move_to_end(game_id)
            return found

    def clear(self) -> None:
        with self._lock:
            self._games.clear()

    def put(self, aggregate: Aggregate) -> None:
        with self._lock:
            known = self._games.get(aggregate.game_id)
            if known is None or known.version < aggregate.version:
                self._games[aggregate.game_id] = aggregate
            self._games.move_to_end(aggregate.game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
