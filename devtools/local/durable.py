"""--data DIR: the last full save plus a journal of everything since, so that a 2xx is never taken back.

On disk: DIR/state.json (persist.py), DIR/journal.sqlite3 and its WAL (journal.py); ADR 27.

What must be on disk before an answer leaves: every DynamoDB write the functions made for it (the
conditional put of the commit, a snapshot, notice markers; whatever the embedded store applied), because
the answer promises them and a later command would otherwise be given the same version with other
content. The local server syncs the journal (one SQLite transaction) at the end of each invocation,
inside the invoker's lock, before the HTTP answer is written. A stream consumer's invocation also moves the
messages it published into the outbox first, so its notice markers become durable together with the
messages they account for: after a crash either both are there or neither is, and then the commit is
notified again.

At start the save is loaded (with the stream off: restored history is not notified again), the stream is
switched on and the journal is replayed through it, so a commit whose notices were not out yet when the
process died is notified now; the replayed markers keep the others from being sent twice. A compaction
writes a new save once the journal has grown past the last one (so its cost per write stays constant),
and at a clean shutdown.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from devtools.local import persist
from devtools.local.embedded import EmbeddedAws
from devtools.local.journal import LOG_FILE, Journal, JournalError, convert_legacy, drop_legacy, read, segments

COMPACT_AT_LEAST = 8 << 20  # bytes of journal before the first compaction: a small save is not worth it

__all__ = ["DataDir", "JournalError"]


class DataDir:
    def __init__(self, directory: Path, aws: EmbeddedAws) -> None:
        self.directory, self.aws = directory, aws
        try:
            self.saved = persist.load(directory)
        except ValueError as error:
            raise JournalError(str(error)) from error
        self.journal: Journal | None = None
        state = directory / persist.STATE_FILE
        self._save_bytes = state.stat().st_size if state.exists() else 0
        if self.saved.format == persist.FORMAT and not (directory / LOG_FILE).exists():
            raise JournalError(f"{state} is there but {directory / LOG_FILE} is not: the writes acknowledged after "
                               "that save would be lost. Put the file back, or move both away to start afresh.")
        self._convert()

    def _convert(self) -> None:
        """A DIR of an earlier version (state.json of format 2, journal-*.log): its journal is copied into the
        log and the save rewritten to point at it, then the segments are deleted. Each step can be cut short
        by a crash and done again."""
        legacy = segments(self.directory)
        if self.saved.format == persist.FORMAT:
            drop_legacy(self.directory)  # converted already; a crash came before this clean-up
            return
        if not legacy and self.saved.format is None:
            return  # a new DIR
        first, count = convert_legacy(self.directory, self.saved.journal)
        self.saved = persist.Saved(first, self.saved.tables, self.saved.outbox)
        self._save_bytes = persist.save(self.directory, self.saved)
        drop_legacy(self.directory)
        print(f"[data] converted {self.directory} to the SQLite journal ({LOG_FILE}): {count} batch(es) of "
              f"journal-*.log copied, {persist.STATE_FILE} now of format {persist.FORMAT}", flush=True)

    def replay(self) -> list[dict[str, Any]]:
        """Apply the journal to the restored store (its stream on by now), then record from here on. The
        outbox messages of the journal, oldest first."""
        outbox: list[dict[str, Any]] = []
        for group in read(self.directory, self.saved.journal):
            for write in group.writes:
                status, answer = self.aws.call(write["op"], write["request"], write["region"])
                if status != 200:  # the same requests on the same store: anything else is a bug to see
                    print(f"[data] a journaled {write['op']} did not apply again: {answer}", flush=True)
            outbox += group.outbox
        self.journal = Journal(self.directory, self.saved.journal)
        self.journal.drop_before(self.saved.journal)  # left by a crash between a save and this clean-up
        self.aws.tap.journal = self.journal
        return outbox

    def sync(self) -> None:
        """Everything recorded so far on disk. A server that cannot persist must not answer: it stops."""
        if self.journal is None:
            return
        try:
            self.journal.sync()
        except OSError as error:
            print(f"[data] cannot write the journal in {self.directory}: {error}. Stopping, so that nothing "
                  "unsaved is acknowledged.", file=sys.stderr, flush=True)
            os._exit(74)

    def due(self) -> bool:
        return self.journal is not None and self.journal.bytes > max(COMPACT_AT_LEAST, self._save_bytes)

    def capture(self, tables: dict[str, str], outbox: Callable[[], list[dict[str, Any]]]) -> persist.Saved:
        """The store and outbox as of now, and the first journal batch it does not hold. The caller holds
        the invoker's lock and has let the stream consumers catch up: nothing captured still waits to be
        notified (a save is never replayed through the stream)."""
        assert self.journal is not None
        with self.journal.writes:  # no store write between the copy and the batch number
            items = {logical_id: self.aws.items(name) for logical_id, name in tables.items()}
            return persist.Saved(self.journal.rotate(), items, outbox())

    def write(self, saved: persist.Saved) -> None:
        """Write a captured save (no lock needed: later writes go to later batches), then drop the journal
        batches it holds. A crash before the save is whole leaves the previous save and every batch."""
        assert self.journal is not None
        self._save_bytes = persist.save(self.directory, saved)
        self.journal.drop_before(saved.journal)
        self.saved = saved

    def close(self) -> None:
        if self.journal is not None:
            self.aws.tap.journal = None
            self.journal.close()
