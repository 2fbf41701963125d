"""An in-process event store with the same semantics as the DynamoDB one (tests, demos)."""

from __future__ import annotations

import json
import threading
from typing import Any

from domain.records import field, record
from infra.store.base import (
    Commit,
    ConcurrencyConflict,
    Snapshot,
    Stream,
    check_commit,
    check_snapshot,
    dump_json,
    load_json,
)
from infra.store.upcasting import Registry, default_registry


@record
class MemoryTable:
    """The shared back-end: several stores over one table behave like several Lambdas over one table.

    Rows are kept as JSON text, as DynamoDB keeps them, so callers never share mutable state with the
    store and anything that would not survive the real round trip fails here too.
    """

    lock: threading.Lock = field(default_factory=threading.Lock)
    commits: dict[str, dict[int, str]] = field(default_factory=dict)
    snapshots: dict[str, dict[int, str]] = field(default_factory=dict)


class InMemoryEventStore:
    def __init__(self, table: MemoryTable | None = None, registry: Registry | None = None) -> None:
        self.table = table if table is not None else MemoryTable()
        self.registry = registry if registry is not None else default_registry

    def append(self, commit: Commit) -> None:
        check_commit(commit)
        doc: dict[str, Any] = {
            "command_id": commit.command_id,
            "seat": commit.seat,
            "events": list(commit.events),
            "recorded_at": commit.recorded_at,
        }
        if commit.digest is not None:  # absent, as in DynamoDB, rather than null
            doc["digest"] = commit.digest
        if commit.prev is not None:
            doc["prev"], doc["salt"] = commit.prev, commit.salt
        row = dump_json(doc)
        with self.table.lock:
            game = self.table.commits.setdefault(commit.game_id, {})
            if commit.version in game:
                raise ConcurrencyConflict(commit.game_id, commit.version)
            game[commit.version] = row

    def load(self, game_id: str, snapshot_schema_version: int, since: int = 0) -> Stream:
        # `since` is a hint where to read from first: everything here is in memory, so it is not needed.
        with self.table.lock:
            snapshots = dict(self.table.snapshots.get(game_id, {}))
            rows = dict(self.table.commits.get(game_id, {}))
        snapshot = None
        for version in sorted(snapshots, reverse=True):
            doc = json.loads(snapshots[version])
            if doc["schema_version"] == snapshot_schema_version:
                snapshot = Snapshot(game_id, version, doc["schema_version"], doc["payload"])
                break
        after = snapshot.version if snapshot else 0
        return Stream(snapshot, self._commits(game_id, rows, after))

    def commits(self, game_id: str, after: int = 0) -> tuple[Commit, ...]:
        with self.table.lock:
            rows = dict(self.table.commits.get(game_id, {}))
        return self._commits(game_id, rows, after)

    def put_snapshot(self, snapshot: Snapshot) -> None:
        check_snapshot(snapshot)
        row = dump_json({"schema_version": snapshot.schema_version, "payload": snapshot.payload})
        with self.table.lock:
            self.table.snapshots.setdefault(snapshot.game_id, {})[snapshot.version] = row

    def newer(self, game_id: str, known: int) -> tuple[Commit, ...]:
        return self.commits(game_id, after=known)

    def _commits(self, game_id: str, rows: dict[int, str], after: int) -> tuple[Commit, ...]:
        return tuple(self._commit(game_id, v, load_json(rows[v])) for v in sorted(rows) if v > after)

    def _commit(self, game_id: str, version: int, doc: dict[str, Any]) -> Commit:
        return Commit(
            game_id=game_id,
            version=version,
            command_id=doc["command_id"],
            seat=doc["seat"],
            events=self.registry.upcast_all(doc["events"]),
            recorded_at=doc["recorded_at"],
            digest=doc.get("digest"),
            prev=doc.get("prev"),
            salt=doc.get("salt"),
        )
