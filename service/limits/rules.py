"""Limits against abuse on the routes that create: players per source address, games (POST /games and lobbies)
per player and per source address, each in fixed windows of an hour (infra/limits.py). Over a limit the request
is refused (429 `rate_limited`, `Retry-After` the seconds to the window's end) before anything is written.

The numbers come from the environment (template.yaml; 0 switches a limit off). A source address is counted by
a hash, never stored or logged as it is. The loopback is not counted per source: behind API Gateway no request
comes from it, and locally (`make serve`) every client does.
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import time
from collections.abc import Callable

from domain.records import record
from infra.limits import Limited, Limiter, Window
from service.limits.errors import RateLimited

__all__ = ["DEFAULTS", "HOUR", "Limits", "RateLimited", "source_scope"]

HOUR = 3600
DEFAULTS = {"LIMIT_PLAYERS_PER_SOURCE_HOUR": 10, "LIMIT_GAMES_PER_PLAYER_HOUR": 20, "LIMIT_GAMES_PER_SOURCE_HOUR": 30}


def _setting(name: str) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip().isdigit() else DEFAULTS[name]


def source_scope(source_ip: str | None) -> str | None:
    """A source address as a scope: a hash (the address is never stored); None for none or the loopback."""
    if not source_ip:
        return None
    try:
        if ipaddress.ip_address(source_ip).is_loopback:
            return None
    except ValueError:
        pass
    return hashlib.sha256(f"distilled-source:{source_ip}".encode()).hexdigest()[:32]


@record
class Limits:
    limiter: Limiter
    clock: Callable[[], float] = time.time

    def _take(self, what: str, windows: list[Window]) -> None:
        try:
            self.limiter.take([w for w in windows if w.limit > 0], self.clock())
        except Limited as full:
            raise RateLimited(what, full.retry_after) from None

    def admit_player(self, source_ip: str | None) -> None:
        """A new player from this source, or RateLimited."""
        source = source_scope(source_ip)
        if source is not None:
            self._take("players", [Window(f"players:source:{source}", _setting("LIMIT_PLAYERS_PER_SOURCE_HOUR"),
                                          HOUR)])

    def admit_game(self, source_ip: str | None, player_id: str | None) -> None:
        """A new game (or lobby) from this source, by this player (None: no player, POST /games), or RateLimited."""
        windows = []
        if player_id is not None:
            windows.append(Window(f"games:player:{player_id}", _setting("LIMIT_GAMES_PER_PLAYER_HOUR"), HOUR))
        source = source_scope(source_ip)
        if source is not None:
            windows.append(Window(f"games:source:{source}", _setting("LIMIT_GAMES_PER_SOURCE_HOUR"), HOUR))
        if windows:
            self._take("games", windows)
