"""The local server alone, over tests/local/fake_template.yaml: routing, events, stream, outbox, DLQ, --data."""

from __future__ import annotations

import json
import signal
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.local.journal import Group, encode_legacy, read
from tests.local.process import WAIT_LIMIT, ServerProcess, eventually, limit, running_server

TEMPLATE = str(Path(__file__).with_name("fake_template.yaml"))


def call(server: ServerProcess, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(server.url + path, body, headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=limit(WAIT_LIMIT)) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from running_server("--template", TEMPLATE, "--data", str(tmp_path_factory.mktemp("local-data")))


def test_a_request_becomes_the_v2_event_of_its_route(server: ServerProcess) -> None:
    status, answer = call(server, "GET", "/echo/hi%20there?x=1&x=2&y=", headers={"X-Custom": "A", "Cookie": "a=1; b=2"})
    event = answer["event"]
    assert status == 200
    assert event["version"] == "2.0" and event["routeKey"] == "GET /echo/{name}"
    assert event["rawPath"] == "/echo/hi%20there" and event["rawQueryString"] == "x=1&x=2&y="
    assert event["pathParameters"] == {"name": "hi there"}
    assert event["queryStringParameters"] == {"x": "1,2", "y": ""}
    assert event["headers"]["x-custom"] == "A" and "cookie" not in event["headers"]
    assert event["cookies"] == ["a=1", "b=2"]
    assert event["requestContext"]["http"]["method"] == "GET" and event["isBase64Encoded"] is False
    assert answer["function"] == "distilled-local-Echo"
    assert answer["stage"] == "test-us-east-1"  # Globals environment with !If, !Sub and !Ref resolved


def test_greedy_paths_and_any_method(server: ServerProcess) -> None:
    status, answer = call(server, "DELETE", "/files/a/b/c.txt")
    assert status == 200
    assert answer["event"]["routeKey"] == "ANY /files/{path+}"
    assert answer["event"]["pathParameters"] == {"path": "a/b/c.txt"}


def test_unknown_routes_are_json_404s(server: ServerProcess) -> None:
    assert call(server, "GET", "/nothing/here")[0] == 404
    status, answer = call(server, "PUT", "/echo/x")
    assert status == 404 and answer["error"]["code"] == "not_found"


def test_stream_records_reach_the_notifier_and_its_messages_the_outbox(server: ServerProcess) -> None:
    for note, text in (("n1", b"hello"), ("n2", b"flaky"), ("n3", b"poison"), ("n4", b"after")):
        assert call(server, "POST", f"/notes/{note}", text)[0] == 201
    assert call(server, "GET", "/notes/n1") == (200, {"note_id": "n1", "text": "hello"})

    def games() -> set[str]:
        return {e["message"]["game_id"] for e in server.outbox()}

    # flaky failed once and was retried (batchItemFailures); poison never succeeds.
    assert eventually(lambda: {"n1", "n2", "n4"} <= games())
    assert "n3" not in games()
    first = server.outbox()[0]
    assert first["topic"] == "distilled-local-Topic"
    assert first["message"]["arn"].startswith("arn:aws:dynamodb:us-east-1:123456789012:table/")
    assert server.get("/_local/outbox?game=n1")[0]["message"]["text"] == "note hello"
    routes = {r["route"] for r in server.get("/_local/routes")}
    assert {"GET /echo/{name}", "POST /notes/{note_id}", "ANY /files/{path+}"} <= routes


def test_ctrl_c_saves_and_a_restart_reloads_without_notifying_again(tmp_path: Path) -> None:
    first = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        first.wait_ready()
        for note, text in (("n1", b"hello"), ("n3", b"poison"), ("n4", b"after")):
            assert call(first, "POST", f"/notes/{note}", text)[0] == 201
        # poison fails every retry and goes to the dead-letter queue; then the outbox holds what it will hold.
        assert eventually(lambda: "Notifier gave up on" in first.text())
        notified = len(eventually(lambda: len(first.outbox()) >= 2 and first.outbox()))
        assert first.interrupt() == 0
        output = first.text()
    finally:
        first.kill()
    assert "[outbox] seat 0 of game n1: note hello" in output
    assert "DeadLetters" in output and "Traceback" not in output
    names = {p.name for p in tmp_path.iterdir()}
    assert {"state.json", "journal.sqlite3"} <= names and not any(n.startswith("journal-") for n in names)

    again = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        again.wait_ready()
        assert call(again, "GET", "/notes/n1") == (200, {"note_id": "n1", "text": "hello"})
        assert len(again.outbox()) == notified
        assert call(again, "POST", "/notes/n5", b"new")[0] == 201
        assert eventually(lambda: len(again.outbox()) == notified + 1)
        assert again.interrupt(sig=signal.SIGTERM) == 0
    finally:
        again.kill()


def test_notes_acknowledged_before_kill_9_are_there_after_a_restart(tmp_path: Path) -> None:
    first = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        first.wait_ready()
        for number in range(12):
            assert call(first, "POST", f"/notes/k{number}", f"text {number}".encode())[0] == 201
        first.kill_hard()  # right after the last 201: no handler, no save on the way out
    finally:
        first.kill()
    assert not (tmp_path / "state.json").exists()  # all of it is in the log
    again = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        again.wait_ready()
        for number in range(12):
            assert call(again, "GET", f"/notes/k{number}") == (200, {"note_id": f"k{number}", "text": f"text {number}"})
    finally:
        again.kill()


def test_a_data_dir_of_the_hand_written_journal_is_converted(tmp_path: Path) -> None:
    """A DIR left by an earlier version after a crash: no save yet, only journal-*.log segments (the last one
    torn). Made here from the requests a kill -9 left in the SQLite log, written out as the old format."""
    first = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        first.wait_ready()
        for number in range(3):
            assert call(first, "POST", f"/notes/c{number}", f"text {number}".encode())[0] == 201
        first.kill_hard()
    finally:
        first.kill()
    groups = list(read(tmp_path, 0))
    for path in tmp_path.glob("journal.sqlite3*"):
        path.unlink()
    torn = encode_legacy(Group([{"op": "PutItem", "region": "us-east-1", "request": {"TableName": "x"}}]))
    (tmp_path / "journal-000001.log").write_bytes(b"".join(map(encode_legacy, groups)) + torn[:-5])
    again = ServerProcess("--template", TEMPLATE, "--data", str(tmp_path))
    try:
        again.wait_ready()
        assert "[data] converted" in again.text()
        for number in range(3):
            assert call(again, "GET", f"/notes/c{number}") == (200, {"note_id": f"c{number}", "text": f"text {number}"})
        assert not list(tmp_path.glob("journal-*.log")) and (tmp_path / "journal.sqlite3").exists()
        assert again.interrupt() == 0
    finally:
        again.kill()
