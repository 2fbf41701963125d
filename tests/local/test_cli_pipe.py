"""`distilled show | head -1`: a reader that stops early ends the command quietly, as it would any Unix tool."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.local.process import ROOT
from tests.local.test_render import answer, played


class GameApi(BaseHTTPRequestHandler):
    """Answers every GET with one real view."""

    body = json.dumps(answer(played(30), 0)).encode()

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), GameApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_show_into_a_closed_pipe_exits_quietly(api: str, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "devtools.cli", "show", "--url", api, "--game", "g1", "--token", "t",
               "--state-file", str(tmp_path / "games.json")]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader is gone before the first byte is written: every write meets a broken pipe
    err = child.stderr.read().decode()
    assert child.wait() == 141  # 128 + SIGPIPE, as a shell reports a writer whose reader left
    assert err == ""
