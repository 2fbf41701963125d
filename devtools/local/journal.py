"""--data DIR, the write-ahead journal: every store write and outbox message, on disk before it is answered.

The journal is a numbered series of append-only segments (journal-000001.log, ...). A *group* is what
one sync makes durable: the DynamoDB writes that succeeded since the last sync, as the requests that made
them, and the outbox messages that arrived. One group is one line, `<crc32 hex> <json>\\n`, written by a
single os.write and then fsync'd, so a group is there whole or not at all: a kill -9 or a power cut in
the middle of a write leaves a last line without its newline or with a wrong checksum, and that line was
never acknowledged, so it is ignored. A damaged line anywhere else is refused, loudly: it held
acknowledged data.

A compaction (see devtools/local/durable.py) starts a new segment, writes the full save, and then deletes
the segments the save already holds.
"""

from __future__ import annotations

import json
import os
import re
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEGMENT = re.compile(r"journal-(\d{6})\.log")


class JournalError(Exception):
    """The journal cannot be read back; starting anyway would silently lose acknowledged data."""


@dataclass
class Group:
    writes: list[dict[str, Any]] = field(default_factory=list)  # {"op", "region", "request"}
    outbox: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.writes or self.outbox)


def encode(group: Group) -> bytes:
    payload = json.dumps({"w": group.writes, "o": group.outbox}, separators=(",", ":")).encode()
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def decode(line: bytes) -> Group | None:
    """The group a line holds; None if the line is damaged."""
    checksum, _, payload = line.partition(b" ")
    try:
        if int(checksum, 16) != zlib.crc32(payload):
            return None
        value = json.loads(payload)
        return Group(list(value["w"]), list(value["o"]))
    except (ValueError, KeyError, TypeError):
        return None


def segments(directory: Path) -> list[tuple[int, Path]]:
    found = [(int(m.group(1)), p) for p in directory.glob("journal-*.log") if (m := SEGMENT.fullmatch(p.name))]
    return sorted(found)


def read(directory: Path, start: int) -> Iterator[Group]:
    """Every whole group of the segments numbered `start` and above, oldest first."""
    for number, path in segments(directory):
        if number < start:
            continue
        lines = path.read_bytes().split(b"\n")
        # The text after the last newline is a write that never finished: it was never acknowledged.
        complete = lines[:-1]
        for index, line in enumerate(complete):
            group = decode(line)
            if group is not None:
                yield group
            elif index < len(complete) - 1:
                raise JournalError(f"{path}: line {index + 1} is damaged (acknowledged data would be lost)")


def drop_before(directory: Path, number: int) -> None:
    """Delete the segments numbered below `number` (a save holds them)."""
    for found, path in segments(directory):
        if found < number:
            path.unlink(missing_ok=True)


def _fsync_directory(directory: Path) -> None:
    # A new or renamed file is durable only once its directory entry is.
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Journal:
    """Appends groups to the newest segment. `writes` is held while a store write is applied and recorded,
    so the journal's order is the store's order (and a compaction can copy the store between two writes)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.writes = threading.RLock()
        self._lock = threading.Lock()
        self._pending = Group()
        self._fd = -1
        existing = segments(directory)
        self.number = existing[-1][0] if existing else 0
        for _, path in existing:  # restarts without a compaction in between leave empty segments
            if path.stat().st_size == 0:
                path.unlink()
        self.bytes = sum(p.stat().st_size for _, p in segments(directory))  # what a start now would replay
        self._open(self.number + 1)  # never append after a torn line: each run starts a new segment

    def _open(self, number: int) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"journal-{number:06d}.log"
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        _fsync_directory(self.directory)
        self.number = number

    def record_write(self, op: str, region: str, request: dict[str, Any]) -> None:
        with self._lock:
            self._pending.writes.append({"op": op, "region": region, "request": request})

    def record_outbox(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self._pending.outbox.append(entry)

    def sync(self) -> None:
        """Make everything recorded so far durable. Raises OSError if the disk refuses."""
        with self._lock:
            if not self._pending:
                return
            line = encode(self._pending)
            written = os.write(self._fd, line)
            if written != len(line):
                raise OSError(f"short write to the journal ({written} of {len(line)} bytes)")
            os.fsync(self._fd)
            self.bytes += written
            self._pending = Group()

    def rotate(self) -> int:
        """Sync, then continue in a new segment; its number (the first one a save taken now does not hold)."""
        self.sync()
        with self._lock:
            os.close(self._fd)
            self._open(self.number + 1)
            self.bytes = 0
            return self.number

    def drop_before(self, number: int) -> None:
        drop_before(self.directory, number)

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
