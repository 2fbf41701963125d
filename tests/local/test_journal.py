"""The write-ahead journal of --data: groups come back whole and in order; an unfinished last line is ignored;
damage anywhere else is refused rather than silently dropping acknowledged data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from devtools.local.journal import Group, Journal, JournalError, encode, read, segments


def request(key: str) -> dict[str, Any]:
    return {"TableName": "t", "Item": {"pk": {"S": key}}}


def put(key: str) -> dict[str, Any]:
    return {"op": "PutItem", "region": "us-east-1", "request": request(key)}


def test_groups_come_back_in_order_across_segments(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record_write("PutItem", "us-east-1", request("a"))
    journal.record_outbox({"id": "m1"})
    journal.sync()
    first_segment = journal.number
    assert journal.rotate() == first_segment + 1
    journal.record_write("PutItem", "us-east-1", request("b"))
    journal.sync()
    journal.close()
    assert list(read(tmp_path, 0)) == [Group([put("a")], [{"id": "m1"}]), Group([put("b")], [])]
    assert list(read(tmp_path, first_segment + 1)) == [Group([put("b")], [])]


def test_nothing_is_written_before_a_sync_and_an_empty_sync_writes_nothing(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.record_write("PutItem", "us-east-1", request("a"))
    assert list(read(tmp_path, 0)) == []
    journal.sync()
    size = journal.bytes
    journal.sync()
    assert journal.bytes == size and len(list(read(tmp_path, 0))) == 1


@pytest.mark.parametrize("tail", [b"half of a line", None])
def test_an_unfinished_last_line_is_ignored(tmp_path: Path, tail: bytes | None) -> None:
    journal = Journal(tmp_path)
    for key in "ab":
        journal.record_write("PutItem", "us-east-1", request(key))
        journal.sync()
    journal.close()
    [(_, path)] = segments(tmp_path)
    torn = encode(Group([put("c")]))
    # A kill -9 mid-write leaves a line without its newline; a power cut can leave a whole line of garbage.
    path.write_bytes(path.read_bytes() + (torn[: len(torn) // 2] if tail is None else tail + b"\n"))
    assert [g.writes[0]["request"]["Item"] for g in read(tmp_path, 0)] == [{"pk": {"S": "a"}}, {"pk": {"S": "b"}}]


def test_a_damaged_line_before_the_last_is_refused(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for key in "ab":
        journal.record_write("PutItem", "us-east-1", request(key))
        journal.sync()
    journal.close()
    [(_, path)] = segments(tmp_path)
    path.write_bytes(path.read_bytes().replace(b'"a"', b'"x"', 1))  # the checksum no longer matches
    with pytest.raises(JournalError, match="line 1 is damaged"):
        list(read(tmp_path, 0))


def test_each_start_appends_to_a_new_segment_and_drops_empty_ones(tmp_path: Path) -> None:
    first = Journal(tmp_path)
    first.record_outbox({"id": "m1"})
    first.sync()
    first.close()
    Journal(tmp_path).close()  # a start that wrote nothing
    third = Journal(tmp_path)
    assert [n for n, _ in segments(tmp_path)] == [1, 3]  # the empty second one is gone, the third is open
    assert third.bytes > 0  # what a start now would replay
    third.drop_before(3)
    assert [n for n, _ in segments(tmp_path)] == [3]
    third.close()
