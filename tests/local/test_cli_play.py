"""The `distilled` player commands: arguments become bodies, and errors are one line, never a traceback."""

from __future__ import annotations

import argparse
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from devtools import cli_play
from tests.local.process import free_port


def run(*argv: str) -> int:
    top = argparse.ArgumentParser(prog="distilled")
    cli_play.add_parsers(top.add_subparsers(dest="command", required=True))
    args = top.parse_args(argv)
    return int(args.func(args))


class FakeApi(BaseHTTPRequestHandler):
    """Refuses every command as out of turn; records what it was sent."""

    received: list[tuple[str, str, Any]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.received.append(("POST", self.path, body))
        self._answer(422, {"error": {"code": "not_your_turn", "message": "It is not your turn in the Market.",
                                     "details": {}}})

    def do_GET(self) -> None:
        self._answer(404, {"error": {"code": "game_not_found", "message": "There is no such game.", "details": {}}})

    def _answer(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    FakeApi.received.clear()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def state(tmp_path: Path) -> str:
    return str(tmp_path / "games.json")


@pytest.mark.parametrize(("argv", "route", "fields"), [
    (["buy", "--basic", "water"], "buy", {"source": "basic", "card": "water"}),
    (["buy", "--row", "ingredients", "--card", "barley"], "buy", {"source": "ingredients", "card": "barley"}),
    (["buy", "--cube", "gin"], "buy", {"source": "cube", "recipe": "gin"}),
    (["pass"], "pass", {}),
    (["distill", "yeast", "water", "mixed_grains"], "distill", {"washback": ["yeast", "water", "mixed_grains"]}),
    (["name", "gin", "--barrel", "metal_barrel"], "name_spirit",
     {"recipe": "gin", "barrel": "metal_barrel", "restore_signature": False}),
    (["sell", "3", "--bottle", "glass_bottle"], "sell", {"spirit": 3, "bottle": "glass_bottle"}),
    (["label", "0"], "place_label", {"space": 0, "take_sp": False}),
    (["label", "4", "--recipe", "gin"], "place_label", {"space": 4, "take_sp": False, "recipe": "gin"}),
    (["age", "1"], "age", {"warehouse": 1}),
    (["taste", "2"], "taste", {"sp": 2}),
    (["discard", "monarch"], "discard_goal", {"goal": "monarch"}),
    (["choose-distiller", "jeong"], "choose_distiller", {"distiller": "jeong"}),
    (["trade", "water", "yeast"], "trade", {"give": "water", "take": "yeast"}),
    (["skip-distill"], "skip_distill", {}),
])
def test_commands_post_their_fields_and_show_refusals_as_one_line(
    api: str, state: str, capsys: pytest.CaptureFixture[str], argv: list[str], route: str, fields: dict[str, Any],
) -> None:
    assert run(*argv, "--url", api, "--game", "g1", "--token", "t", "--state-file", state) == 1
    [(_, path, body)] = FakeApi.received
    assert path == f"/games/g1/{route}"
    assert {k: v for k, v in body.items() if k not in ("command_id", "contribution")} == fields and body["command_id"]
    assert len(body["contribution"]) == 32, "a contribution of this machine's own to the draws (docs/fairness.md)"
    err = capsys.readouterr().err
    assert err == "error 422 not_your_turn (as the seat of the given --token): It is not your turn in the Market.\n"


def test_an_unreachable_server_is_one_hint(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert run("show", "--url", url, "--game", "g1", "--token", "t", "--state-file", state) == 1
    assert capsys.readouterr().err == f"cannot reach {url} — is `make serve` running?\n"


def test_missing_game_and_unknown_game(api: str, state: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("show", "--url", api, "--state-file", state) == 1
    assert capsys.readouterr().err.startswith("error: no game given and none saved")
    assert run("log", "--url", api, "--game", "nope", "--spectator", "--state-file", state) == 1
    assert capsys.readouterr().err == "error 404 game_not_found (as a spectator): There is no such game.\n"


def test_buy_from_a_row_needs_a_card(api: str, state: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("buy", "--row", "items", "--url", api, "--game", "g", "--token", "t", "--state-file", state) == 1
    assert capsys.readouterr().err == "error: buy --row items needs --card CARD\n"
    assert FakeApi.received == []
