"""--data DIR, the full save: every table and the outbox in DIR/state.json, as of a journal batch.

`journal` names the first batch of the log (devtools/local/journal.py) the save does not hold: a start loads
the save and replays the batches from that number on. Format 2 saves named a segment of the hand-written
journal instead; they are still read (`format` says which), and the server converts them (durable.py). Saves
of the first version (DIR/table.json and DIR/outbox.json, without a journal) are still read too, and removed
by the first new save.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATE_FILE = "state.json"
LEGACY_TABLES, LEGACY_OUTBOX = "table.json", "outbox.json"
FORMAT = 3  # 3: `journal` is a batch of journal.sqlite3; 2: a segment journal-NNNNNN.log
READS = (2, FORMAT)


@dataclass
class Saved:
    journal: int = 0
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # logical id -> items (DynamoDB JSON)
    outbox: list[dict[str, Any]] = field(default_factory=list)
    format: int | None = FORMAT  # as read: None when there was no save, 1 for table.json and outbox.json


def _read(path: Path, default: Any) -> Any:
    if not path.exists():
        return default
    return json.loads(path.read_text(encoding="utf-8"))


def load(directory: Path) -> Saved:
    state = _read(directory / STATE_FILE, None)
    if state is None:
        tables, outbox = directory / LEGACY_TABLES, directory / LEGACY_OUTBOX
        first = 1 if tables.exists() or outbox.exists() else None
        return Saved(0, _read(tables, {}), _read(outbox, []), first)
    if state.get("format") not in READS:
        raise ValueError(f"{directory / STATE_FILE}: format {state.get('format')!r}, this server reads {READS}")
    return Saved(int(state["journal"]), state["tables"], state["outbox"], int(state["format"]))


def save(directory: Path, saved: Saved) -> int:
    """Write the save whole or not at all (aside, fsync'd, renamed); its size in bytes."""
    directory.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"format": FORMAT, "journal": saved.journal, "tables": saved.tables, "outbox": saved.outbox},
                      separators=(",", ":")).encode()
    path, temporary = directory / STATE_FILE, directory / (STATE_FILE + ".tmp")
    with open(temporary, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)  # the rename itself must be durable before the journal it replaces is deleted
    finally:
        os.close(fd)
    for legacy in (LEGACY_TABLES, LEGACY_OUTBOX):
        (directory / legacy).unlink(missing_ok=True)
    return len(data)
