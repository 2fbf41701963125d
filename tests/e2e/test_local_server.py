"""Run it like a user: `distilled serve` in its own process, three bots playing a whole game over real HTTP.

The server runs template.yaml's real handlers over the embedded DynamoDB; the notifier reads the real
stream; notices arrive in the outbox. Then Ctrl-C, and the server must stop cleanly.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools import cli_play
from devtools.client import ApiClient, ApiError
from devtools.client import bots as http_bots
from domain.catalogue import GOALS
from tests.local.process import ServerProcess, eventually, running_server

NAMES = ["Ada", "Grace", "Linus"]


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def notified_seats(server: ServerProcess, game_id: str) -> set[int]:
    return {int(e["message"]["seat"]) for e in server.get(f"/_local/outbox?game={game_id}")}


def goal_ids(value: Any) -> set[str]:
    """Every goal id that appears anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} & GOALS.keys()
    if isinstance(value, dict):
        return set().union(*(goal_ids(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(goal_ids(v) for v in value)) if value else set()
    return set()


def history(client: ApiClient, game_id: str, token: str) -> list[dict[str, Any]]:
    commits: list[dict[str, Any]] = []
    after = 0
    while True:
        page = client.events(game_id, token, after)
        commits += page["commits"]
        if page.get("next_after") is None:
            return commits
        after = page["next_after"]


def check_histories(client: ApiClient, game_id: str, tokens: dict[int, str]) -> None:
    """Each seat's history ends at its view's version and shows no other seat's goals."""
    for seat, token in tokens.items():
        answer = client.game(game_id, token)
        commits = history(client, game_id, token)
        assert [c["version"] for c in commits] == list(range(1, answer["version"] + 1))
        created = commits[0]["events"][0]
        assert created["type"] == "game_created"
        own_goals = set(created["setup"]["goals"][seat])
        assert all(g == "hidden" for i, g in enumerate(created["setup"]["goals"]) if i != seat)
        visible = goal_ids(commits) if answer["phase"] != "finished" else set()
        assert visible <= own_goals, f"seat {seat} sees goals {visible - own_goals} of other seats"


def test_three_bots_play_a_whole_game_over_http(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.create_game(NAMES, {"flight": "A"})
    game_id, tokens = created["game_id"], dict(enumerate(ApiClient.tokens(created)))
    # Everyone must choose a distiller first: the notifier tells all three seats.
    assert eventually(lambda: notified_seats(server, game_id) == {0, 1, 2})

    rng = random.Random(7)
    first = http_bots.play(client, game_id, tokens, rng, max_commands=40)
    assert first.commands == 40 and not first.finished
    check_histories(client, game_id, tokens)

    run = http_bots.play(client, game_id, tokens, rng)
    assert run.finished and not run.rejected
    final = client.game(game_id, tokens[0])
    players = final["view"]["players"]
    assert [p["name"] for p in players] == NAMES
    assert all(p["score"] is not None for p in players)
    best = max(p["sp"] for p in players)
    assert final["view"]["winners"] and all(players[w]["sp"] == best for w in final["view"]["winners"])
    for token in tokens.values():  # every seat sees the same final scores
        assert [p["sp"] for p in client.game(game_id, token)["view"]["players"]] == [p["sp"] for p in players]
    check_histories(client, game_id, tokens)

    acted = first.acted | run.acted
    assert acted == {0, 1, 2}
    assert acted <= notified_seats(server, game_id)
    outbox = json.dumps(server.get(f"/_local/outbox?game={game_id}"))
    assert not any(token in outbox for token in tokens.values()), "a seat token leaked into a notification"


def test_the_cli_demo_and_its_errors(server: ServerProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def distilled(*argv: str) -> int:
        top = argparse.ArgumentParser(prog="distilled")
        cli_play.add_parsers(top.add_subparsers(dest="command", required=True))
        args = top.parse_args([*argv, "--url", server.url, "--state-file", str(tmp_path / "games.json")])
        return int(args.func(args))

    assert distilled("demo", "--seed", "3") == 0
    out = capsys.readouterr().out
    assert "Final scores" in out and "WINNER" in out
    assert distilled("show", "--seat", "1") == 0
    assert "the game is over" in capsys.readouterr().out
    assert distilled("pass") == 1
    assert capsys.readouterr().err.startswith("error 422 game_over (as seat 0 Ada): ")  # `show --seat 1` was a read


def test_ctrl_c_stops_the_server_cleanly_and_metrics_stay_quiet() -> None:
    process = ServerProcess()  # its own: stopping the shared one would end the other tests' server
    try:
        process.wait_ready()
        client = ApiClient(process.url)
        created = client.create_game(NAMES[:2])
        game_id, tokens = created["game_id"], ApiClient.tokens(created)
        with pytest.raises(ApiError) as refused:  # every seat must choose a distiller first
            client.command(game_id, tokens[0], "pass", {})
        assert refused.value.status == 422
        assert eventually(lambda: notified_seats(process, game_id) == {0, 1})
        assert process.interrupt() == 0
        output = process.text()
    finally:
        process.kill()
    assert "Distilled Online on http://127.0.0.1:" in output and "distilled new --players 3" in output
    assert "[outbox] seat 0 of game" in output
    assert "Traceback" not in output
    # The README promises quiet metrics without --verbose: no EMF document, not even for a rejection.
    assert '"_aws"' not in output, output
