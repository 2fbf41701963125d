"""The write-ahead log of --data (journal.sqlite3, ADR 27): batches come back whole and in order; a torn WAL
tail (a commit a kill -9 cut short) is dropped; damage anywhere else, or a format this server does not read,
is refused rather than silently dropping acknowledged data; the journal of earlier versions is converted once.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any, cast

import pytest

from devtools.local import persist
from devtools.local.durable import DataDir
from devtools.local.embedded import EmbeddedAws
from devtools.local.journal import (
    LOG_FILE,
    Group,
    Journal,
    JournalError,
    convert_legacy,
    encode_legacy,
    read,
    segments,
)


def request(key: str) -> dict[str, Any]:
    return {"TableName": "t", "Item": {"pk": {"S": key}}}


def put(key: str) -> dict[str, Any]:
    return {"op": "PutItem", "region": "us-east-1", "request": request(key)}


def keys(directory: Path, start: int = 0) -> list[str]:
    return [w["request"]["Item"]["pk"]["S"] for g in read(directory, start) for w in g.writes]


def journal_of(directory: Path, *batches: str, start: int = 1) -> Journal:
    journal = Journal(directory, start)
    for key in batches:
        journal.record_write("PutItem", "us-east-1", request(key))
        journal.sync()
    return journal


def test_batches_come_back_in_order_from_a_number(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record_write("PutItem", "us-east-1", request("a"))
    journal.record_outbox({"id": "m1"})
    journal.sync()
    boundary = journal.rotate()
    journal.record_write("PutItem", "us-east-1", request("b"))
    journal.sync()
    journal.close()
    assert list(read(tmp_path, 0)) == [Group([put("a")], [{"id": "m1"}]), Group([put("b")], [])]
    assert list(read(tmp_path, boundary)) == [Group([put("b")], [])]


def test_the_log_is_sqlite_in_wal_mode_with_synchronous_full(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, "a")
    db = sqlite3.connect(tmp_path / LOG_FILE)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent: it is the file's
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()
    assert journal._db is not None
    assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: the WAL is fsync'd at each commit
    journal.close()


def test_nothing_is_written_before_a_sync_and_an_empty_sync_writes_nothing(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record_write("PutItem", "us-east-1", request("a"))
    assert list(read(tmp_path, 0)) == []
    journal.sync()
    size, number = journal.bytes, journal.next
    journal.sync()
    assert (journal.bytes, journal.next) == (size, number) and len(list(read(tmp_path, 0))) == 1
    journal.close()


@pytest.mark.parametrize("tail", ["torn", "garbage"])
def test_a_torn_wal_tail_is_dropped(tmp_path: Path, tail: str) -> None:
    """What a kill -9 in the middle of a commit leaves: the WAL's last frames half written (or, after a power
    cut, whatever the disk had there). A copy of the files taken while the writer is open is such a crash."""
    live, crashed = tmp_path / "live", tmp_path / "crashed"
    journal = journal_of(live, "a", "b")
    wal = live / (LOG_FILE + "-wal")
    whole = wal.stat().st_size
    journal.record_write("PutItem", "us-east-1", request("c" * 5000))  # more than a page: several frames
    journal.sync()
    crashed.mkdir()
    shutil.copy(live / LOG_FILE, crashed / LOG_FILE)
    data = wal.read_bytes()
    assert len(data) > whole
    cut = data[: whole + (len(data) - whole) // 2] if tail == "torn" else data[:whole] + b"\x5a" * (len(data) - whole)
    (crashed / (LOG_FILE + "-wal")).write_bytes(cut)
    journal.close()
    assert keys(crashed) == ["a", "b"]
    assert keys(live) == ["a", "b", "c" * 5000]


def test_damage_is_refused(tmp_path: Path) -> None:
    journal_of(tmp_path, "a", "b").close()
    db = sqlite3.connect(tmp_path / LOG_FILE)
    db.execute("UPDATE batch SET writes = '[{\"op\": ' WHERE seq = 1")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="batch 1 is damaged"):
        list(read(tmp_path, 0))
    path = tmp_path / LOG_FILE
    path.write_bytes(b"\0" * 100 + path.read_bytes()[100:])  # the file's header
    with pytest.raises(JournalError, match="cannot be read"):
        list(read(tmp_path, 0))


def test_a_format_this_server_does_not_read_is_refused(tmp_path: Path) -> None:
    journal_of(tmp_path, "a").close()
    db = sqlite3.connect(tmp_path / LOG_FILE)
    db.execute("PRAGMA user_version = 2")
    db.close()
    with pytest.raises(JournalError, match="journal format 2, this server reads 1"):
        Journal(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    db = sqlite3.connect(other / LOG_FILE)
    db.execute("CREATE TABLE t (x)")
    db.close()
    with pytest.raises(JournalError, match="not a journal of this server"):
        Journal(other)


def test_numbers_keep_rising_across_drops_and_restarts(tmp_path: Path) -> None:
    first = journal_of(tmp_path, "a", "b")
    boundary = first.rotate()
    first.drop_before(boundary)
    first.close()
    assert keys(tmp_path) == []
    again = journal_of(tmp_path, "c", start=boundary)  # every batch dropped: the save's number goes on
    assert again.next == boundary + 1
    again.close()
    assert keys(tmp_path, boundary) == ["c"]
    third = Journal(tmp_path, 1)
    assert third.next == boundary + 1 and third.bytes > 0  # what a start now would replay
    third.close()


def legacy_dir(directory: Path, torn: bool = True) -> None:
    """A DIR of the hand-written journal: a format 2 save as of segment 2, segments 1 (held by the save), 2, 3."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / persist.STATE_FILE).write_text(json.dumps(
        {"format": 2, "journal": 2, "tables": {"T": [{"pk": {"S": "saved"}}]}, "outbox": [{"id": "m0"}]}))
    (directory / "journal-000001.log").write_bytes(encode_legacy(Group([put("held")])))
    (directory / "journal-000002.log").write_bytes(encode_legacy(Group([put("a")], [{"id": "m1"}])))
    last = encode_legacy(Group([put("b")])) + encode_legacy(Group([put("never acknowledged")]))
    (directory / "journal-000003.log").write_bytes(last[:-10] if torn else last)


def data_dir(directory: Path) -> DataDir:
    return DataDir(directory, cast(EmbeddedAws, None))  # the store is only needed to replay


def test_an_old_journal_is_converted_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legacy_dir(tmp_path)
    data = data_dir(tmp_path)
    assert "converted" in capsys.readouterr().out
    assert segments(tmp_path) == []
    state = json.loads((tmp_path / persist.STATE_FILE).read_text())
    assert state["format"] == persist.FORMAT and state["journal"] == data.saved.journal
    assert state["tables"] == {"T": [{"pk": {"S": "saved"}}]} and state["outbox"] == [{"id": "m0"}]
    assert list(read(tmp_path, data.saved.journal)) == [Group([put("a")], [{"id": "m1"}]), Group([put("b")])]
    data_dir(tmp_path)
    assert "converted" not in capsys.readouterr().out
    assert keys(tmp_path, data.saved.journal) == ["a", "b"]


def test_a_conversion_cut_short_is_finished_without_a_second_copy(tmp_path: Path) -> None:
    legacy_dir(tmp_path, torn=False)
    convert_legacy(tmp_path, 2)  # ... and a crash before the save is rewritten and the segments deleted
    data = data_dir(tmp_path)
    assert keys(tmp_path, data.saved.journal) == ["a", "b", "never acknowledged"]
    assert segments(tmp_path) == []
    legacy_dir(tmp_path / "later")
    data = data_dir(tmp_path / "later")
    (tmp_path / "later" / "journal-000003.log").write_bytes(b"")  # a crash before the segments were all deleted
    data_dir(tmp_path / "later")
    assert segments(tmp_path / "later") == []
    assert keys(tmp_path / "later", data.saved.journal) == ["a", "b"]


def test_an_old_journal_with_damage_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    legacy_dir(tmp_path)
    path = tmp_path / "journal-000002.log"
    path.write_bytes(path.read_bytes().replace(b'"a"', b'"x"', 1) + encode_legacy(Group([put("c")])))
    with pytest.raises(JournalError, match="line 1 is damaged"):
        data_dir(tmp_path)
    assert len(segments(tmp_path)) == 3 and json.loads((tmp_path / persist.STATE_FILE).read_text())["format"] == 2


def test_a_save_without_its_log_is_refused(tmp_path: Path) -> None:
    persist.save(tmp_path, persist.Saved(7, {}, []))
    with pytest.raises(JournalError, match=r"journal\.sqlite3 is not"):
        data_dir(tmp_path)


def test_a_new_dir_starts_empty(tmp_path: Path) -> None:
    data = data_dir(tmp_path / "new")
    assert data.saved.format is None and not (tmp_path / "new").exists()
