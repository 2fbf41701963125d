"""An in-process player store with the DynamoDB store's semantics (tests, demos)."""

from __future__ import annotations

import json
import threading
from typing import Any

from domain.records import field, record
from infra.players.base import (
    OutboxMessage,
    PlayerExists,
    PlayerRecord,
    RevisionConflict,
    check_outbox,
    check_record,
    record_fields,
    record_from,
)
from infra.store.base import dump_json


@record
class PlayerTable:
    """The shared back-end: several stores over one table behave like several Lambdas over one table. Rows are
    JSON text, so nothing mutable is shared with callers. `outbox` holds what the stream would deliver."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    players: dict[str, str] = field(default_factory=dict)
    outbox: dict[tuple[str, str], str] = field(default_factory=dict)
    addresses: dict[str, str] = field(default_factory=dict)  # address hash -> player id (ADDRESS# lookups)


class InMemoryPlayerStore:
    def __init__(self, table: PlayerTable | None = None) -> None:
        self.table = table if table is not None else PlayerTable()

    def create(self, record: PlayerRecord) -> None:
        check_record(record)
        if record.revision != 1:
            raise ValueError("a new player starts at revision 1")
        row = dump_json(record_fields(record))
        with self.table.lock:
            if record.player_id in self.table.players:
                raise PlayerExists(record.player_id)
            self.table.players[record.player_id] = row

    def get(self, player_id: str) -> PlayerRecord | None:
        with self.table.lock:
            row = self.table.players.get(player_id)
        return None if row is None else record_from(json.loads(row))

    def replace(self, record: PlayerRecord, outbox: tuple[OutboxMessage, ...] = ()) -> None:
        check_record(record)
        check_outbox(record, outbox)
        row = dump_json(record_fields(record))
        messages = {(m.player_id, m.key): dump_json(m.message) for m in outbox}
        with self.table.lock:
            stored = self.table.players.get(record.player_id)
            if stored is None or json.loads(stored)["revision"] != record.revision - 1:
                raise RevisionConflict(record.player_id, record.revision - 1)
            self.table.players[record.player_id] = row
            self.table.outbox.update(messages)
            self.table.addresses.update({m.address_lookup: m.player_id for m in outbox if m.address_lookup})

    def player_of_address(self, address_hash: str) -> str | None:
        with self.table.lock:
            return self.table.addresses.get(address_hash)

    def drain_outbox(self) -> list[dict[str, Any]]:
        """Every outbox message written so far, oldest first, removed as the relay removes them."""
        with self.table.lock:
            rows, self.table.outbox = list(self.table.outbox.values()), {}
        return [json.loads(row) for row in rows]
