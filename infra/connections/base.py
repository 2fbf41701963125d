"""The connection store's record and contract.

A connection watches one game. It is kept twice: under its game (what a broadcast reads, one Query) and
under its own id (what `$disconnect`, which carries no game id, reads to find it). Both expire: API Gateway
closes a connection after 2 hours, and a `$disconnect` can be lost, so a TTL a little over that cleans up
what no disconnect did. DynamoDB deletes expired items late (within days): readers skip them themselves.
"""

from __future__ import annotations

import re
from typing import Protocol

from domain.records import record

CONNECTION_TTL = 2 * 3600 + 10 * 60  # seconds: API Gateway's 2-hour connection limit, and some slack
# API Gateway's connection ids are short base64-like text ("L0SM9cOFvHcCIhw="); locally, hex.
CONNECTION_ID = re.compile(r"[A-Za-z0-9+/=_-]{1,128}")


@record(frozen=True)
class Connection:
    connection_id: str
    game_id: str
    expires_at: int  # epoch seconds


def check_connection(connection: Connection) -> None:
    if not CONNECTION_ID.fullmatch(connection.connection_id) or not connection.game_id:
        raise ValueError("a connection needs a connection id of API Gateway's alphabet and a game id")


class ConnectionStore(Protocol):
    def add(self, connection: Connection) -> None:
        """Keep the connection (both of its items); adding it again replaces it."""
        ...

    def find(self, connection_id: str, now: int) -> Connection | None:
        """The connection under its own id, unless it has expired."""
        ...

    def watching(self, game_id: str, now: int) -> list[str]:
        """The ids of the game's connections that have not expired."""
        ...

    def remove(self, connection: Connection) -> None:
        """Forget the connection (both items); forgetting an unknown one is no error."""
        ...
