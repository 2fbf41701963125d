"""--data DIR, the write-ahead log: every store write and outbox message, on disk before it is answered.

The log is DIR/journal.sqlite3, an SQLite database in WAL mode with `synchronous=FULL` (ADR 27). A *batch*
is what one sync makes durable: the DynamoDB writes that succeeded since the last sync, as the requests that
made them, and the outbox messages that arrived. One batch is one row of `batch`, inserted in one
transaction; its commit returns only once the WAL frame is fsync'd, so a batch is there whole or not at all.
A kill -9 or a power cut in the middle of a commit leaves a WAL tail whose frames do not check out, and
SQLite drops it when it next opens the file: that batch was never acknowledged. Damage SQLite finds anywhere
else is refused, loudly: it held acknowledged data.

Batches are numbered (`seq`) in the order they were synced, and never renumbered: a compaction (see
devtools/local/durable.py) writes a full save that holds every batch below some number, then deletes them.
The format of the file is `PRAGMA user_version` (LOG_FORMAT). The journal of earlier versions, numbered
append-only segments DIR/journal-000001.log, ... of `<crc32 hex> <json>` lines, is still read once, to be
converted (`convert_legacy`).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOG_FILE = "journal.sqlite3"
LOG_FORMAT = 1  # PRAGMA user_version of LOG_FILE
WAL_LIMIT = 8 << 20  # bytes the WAL file is cut back to after a checkpoint
SEGMENT = re.compile(r"journal-(\d{6})\.log")  # the journal of earlier versions
SCHEMA = """
CREATE TABLE batch (seq INTEGER PRIMARY KEY, writes TEXT NOT NULL, outbox TEXT NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
"""


class JournalError(Exception):
    """The journal cannot be read back; starting anyway would silently lose acknowledged data."""


@dataclass
class Group:
    writes: list[dict[str, Any]] = field(default_factory=list)  # {"op", "region", "request"}
    outbox: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.writes or self.outbox)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _fsync_directory(directory: Path) -> None:
    # A new file is durable only once its directory entry is.
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def connect(directory: Path, create: bool = True) -> sqlite3.Connection:
    """The log of `directory`, in WAL mode with synchronous=FULL, its schema checked (and made if new)."""
    path = directory / LOG_FILE
    new = not path.exists()
    if new and not create:
        raise JournalError(f"{path} is missing")
    directory.mkdir(parents=True, exist_ok=True)
    # Autocommit (isolation_level=None): every transaction is an explicit BEGIN IMMEDIATE ... COMMIT.
    # The connection is shared by the server's threads; Journal serialises every use of it.
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode != "wal":
            raise JournalError(f"{path}: SQLite would not use WAL mode here (journal_mode={mode})")
        db.execute("PRAGMA synchronous=FULL")
        db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            if db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]:
                raise JournalError(f"{path} is not a journal of this server (no format, but tables)")
            db.executescript(f"BEGIN IMMEDIATE;\n{SCHEMA}\nPRAGMA user_version={LOG_FORMAT};\nCOMMIT;")
        elif version != LOG_FORMAT:
            raise JournalError(f"{path}: journal format {version}, this server reads {LOG_FORMAT}")
    except sqlite3.DatabaseError as error:
        db.close()
        raise JournalError(f"{path} cannot be read ({error}): acknowledged data would be lost") from error
    except BaseException:
        db.close()
        raise
    if new:
        _fsync_directory(directory)  # the database file's (and its WAL's) directory entries
    return db


def read(directory: Path, start: int) -> Iterator[Group]:
    """Every batch numbered `start` and above, oldest first. Nothing if there is no log yet."""
    if not (directory / LOG_FILE).exists():
        return
    db = connect(directory, create=False)
    try:
        check = db.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise JournalError(f"{directory / LOG_FILE} is damaged ({check[:3]}): acknowledged data would be lost")
        for seq, writes, outbox in db.execute("SELECT seq, writes, outbox FROM batch WHERE seq >= ? ORDER BY seq",
                                              (start,)):
            try:
                yield Group(list(json.loads(writes)), list(json.loads(outbox)))
            except (ValueError, TypeError) as error:
                raise JournalError(f"{directory / LOG_FILE}: batch {seq} is damaged ({error})") from error
    except sqlite3.DatabaseError as error:
        raise JournalError(f"{directory / LOG_FILE} cannot be read ({error}): acknowledged data would be lost") \
            from error
    finally:
        db.close()


class Journal:
    """Appends batches to the log. `writes` is held while a store write is applied and recorded, so the log's
    order is the store's order (and a compaction can copy the store between two writes).

    `start`: the first number a batch may have (the save's, so that numbers go on rising even if every batch
    was dropped)."""

    def __init__(self, directory: Path, start: int = 1) -> None:
        self.directory = directory
        self.writes = threading.RLock()
        self._lock = threading.Lock()
        self._pending = Group()
        self._db: sqlite3.Connection | None = connect(directory)
        last, size = self._db.execute(
            "SELECT max(seq), coalesce(sum(length(writes) + length(outbox)), 0) FROM batch").fetchone()
        self.next = max(start, 1, (last or 0) + 1)  # the number of the next batch
        self.bytes = int(size)  # what a start now would replay

    def record_write(self, op: str, region: str, request: dict[str, Any]) -> None:
        with self._lock:
            self._pending.writes.append({"op": op, "region": region, "request": request})

    def record_outbox(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self._pending.outbox.append(entry)

    def sync(self) -> None:
        """Make everything recorded so far durable: one transaction. Raises OSError if the disk refuses."""
        with self._lock:
            if not self._pending:
                return
            assert self._db is not None, "the journal is closed"
            writes, outbox = _json(self._pending.writes), _json(self._pending.outbox)
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute("INSERT INTO batch (seq, writes, outbox) VALUES (?, ?, ?)",
                                 (self.next, writes, outbox))
                self._db.execute("COMMIT")  # returns once the WAL is fsync'd (synchronous=FULL)
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise OSError(f"the journal {self.directory / LOG_FILE} refused a batch: {error}") from error
            self.next += 1
            self.bytes += len(writes) + len(outbox)
            self._pending = Group()

    def rotate(self) -> int:
        """Sync; the number of the first batch a save taken now does not hold."""
        self.sync()
        with self._lock:
            self.bytes = 0
            return self.next

    def drop_before(self, number: int) -> None:
        with self._lock:
            assert self._db is not None, "the journal is closed"
            self._db.execute("DELETE FROM batch WHERE seq < ?", (number,))

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


# The journal of earlier versions: numbered append-only segments of `<crc32 hex> <json>\n` lines.

def segments(directory: Path) -> list[tuple[int, Path]]:
    found = [(int(m.group(1)), p) for p in directory.glob("journal-*.log") if (m := SEGMENT.fullmatch(p.name))]
    return sorted(found)


def encode_legacy(group: Group) -> bytes:
    payload = _json({"w": group.writes, "o": group.outbox}).encode()
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def _decode_legacy(line: bytes) -> Group | None:
    checksum, _, payload = line.partition(b" ")
    try:
        if int(checksum, 16) != zlib.crc32(payload):
            return None
        value = json.loads(payload)
        return Group(list(value["w"]), list(value["o"]))
    except (ValueError, KeyError, TypeError):
        return None


def read_legacy(directory: Path, start: int) -> Iterator[Group]:
    """Every whole group of the segments numbered `start` and above, oldest first: a torn last line of a
    segment was never acknowledged and is skipped; a damaged line before it is refused."""
    for number, path in segments(directory):
        if number < start:
            continue
        complete = path.read_bytes().split(b"\n")[:-1]
        for index, line in enumerate(complete):
            group = _decode_legacy(line)
            if group is not None:
                yield group
            elif index < len(complete) - 1:
                raise JournalError(f"{path}: line {index + 1} is damaged (acknowledged data would be lost)")


def convert_legacy(directory: Path, start: int) -> tuple[int, int]:
    """Copy the groups of the segments numbered `start` and above into the log, once: (the number of the
    first batch they became, how many). Done in one transaction that also marks the log converted, so a crash
    before the caller has rewritten its save and deleted the segments leads to the same answer, not to a
    second copy."""
    db = connect(directory)
    try:
        done = db.execute("SELECT value FROM meta WHERE key = 'legacy_first'").fetchone()
        count = db.execute("SELECT value FROM meta WHERE key = 'legacy_count'").fetchone()
        if done is not None:
            return int(done[0]), int(count[0]) if count else 0
        groups = list(read_legacy(directory, start))
        first = (db.execute("SELECT max(seq) FROM batch").fetchone()[0] or 0) + 1
        db.execute("BEGIN IMMEDIATE")
        db.executemany("INSERT INTO batch (seq, writes, outbox) VALUES (?, ?, ?)",
                       ((first + n, _json(g.writes), _json(g.outbox)) for n, g in enumerate(groups)))
        db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                       (("legacy_first", first), ("legacy_count", len(groups))))
        db.execute("COMMIT")
        return first, len(groups)
    except sqlite3.DatabaseError as error:
        raise JournalError(f"{directory / LOG_FILE}: converting the old journal failed ({error})") from error
    finally:
        db.close()


def drop_legacy(directory: Path) -> None:
    for _, path in segments(directory):
        path.unlink(missing_ok=True)
