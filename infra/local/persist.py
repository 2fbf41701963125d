"""--data DIR: the embedded store and the outbox written to JSON files, and read back on the next start."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

TABLES_FILE = "table.json"
OUTBOX_FILE = "outbox.json"


def _write(path: Path, value: Any) -> None:
    # Written aside, then renamed: a crash mid-write leaves the previous file whole.
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(value, separators=(",", ":")), encoding="utf-8")
    os.replace(temporary, path)


def _read(path: Path, default: Any) -> Any:
    if not path.exists():
        return default
    return json.loads(path.read_text(encoding="utf-8"))


def scan(client: Any, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    request: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    while True:
        page = client.scan(**request)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def save(directory: Path, tables: dict[str, list[dict[str, Any]]], outbox: list[dict[str, Any]]) -> None:
    """`tables` maps a table's logical id to its items, in DynamoDB JSON."""
    _write(directory / TABLES_FILE, tables)
    _write(directory / OUTBOX_FILE, outbox)


def load(directory: Path) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    return _read(directory / TABLES_FILE, {}), _read(directory / OUTBOX_FILE, [])
