"""`distilled serve --data DIR` keeps every command it answered 2xx: through kill -9, SIGTERM and Ctrl-C.

Each stop comes right after a 2xx, with nothing waited for. After each restart the game must be exactly
where the last answer left it (same version, same view, so no version was lost or later given to other
content), a repeated command_id must still be recognised, and play must go on from there.
"""

from __future__ import annotations

import random
import signal
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devtools.client import ApiClient
from devtools.client.actions import concrete, playing
from tests.local.process import ServerProcess, eventually


@dataclass(frozen=True)
class Acked:
    """A command the server answered 2xx, and what it answered."""

    seat: int
    route: str
    body: dict[str, Any]
    command_id: str
    version: int
    view: dict[str, Any]


def play(client: ApiClient, game_id: str, tokens: list[str], rng: random.Random, commands: int) -> list[Acked]:
    acked = []
    for _ in range(commands):
        seat = rng.choice(client.game(game_id)["to_act"])
        mine = client.game(game_id, tokens[seat])
        route, body = concrete(rng.choice(playing(mine["view"]["legal_actions"])), rng)
        command_id = str(uuid.uuid4())
        answer = client.command(game_id, tokens[seat], route, body, mine["version"], command_id)
        acked.append(Acked(seat, route, body, command_id, answer["command_version"], answer["view"]))
    return acked


def check_everything_acknowledged_is_there(client: ApiClient, game_id: str, tokens: list[str],
                                          acked: list[Acked]) -> None:
    last = acked[-1]
    now = client.game(game_id, tokens[last.seat])
    assert now["version"] == last.version, "acknowledged commands were lost"
    assert now["view"] == last.view, "the game is not where the last 2xx left it"
    commits = client.events(game_id)["commits"]
    assert [c["version"] for c in commits] == list(range(1, last.version + 1))
    by_version = {c["version"]: c for c in commits}
    assert all(by_version[a.version]["seat"] == a.seat for a in acked)
    again = client.command(game_id, tokens[last.seat], last.route, last.body, command_id=last.command_id)
    assert again["command_version"] == last.version and again["version"] == last.version


def test_no_acknowledged_command_is_lost_to_kill_9_sigterm_or_ctrl_c(tmp_path: Path) -> None:
    rng = random.Random(11)
    server = ServerProcess("--data", str(tmp_path))
    try:
        server.wait_ready()
        client = ApiClient(server.url, retries=0)
        created = client.create_game(["Ada", "Grace"], {"flight": "A"})
        game_id, tokens = created["game_id"], ApiClient.tokens(created)
        acked: list[Acked] = []
        for stop in ("kill -9", signal.SIGTERM, "kill -9", signal.SIGINT):
            acked += play(client, game_id, tokens, rng, 8)
            if stop == "kill -9":
                server.kill_hard()
                if len(acked) == 8:  # no save yet: what comes back comes back from the SQLite log alone
                    assert not (tmp_path / "state.json").exists() and (tmp_path / "journal.sqlite3").exists()
            else:
                assert server.interrupt(sig=stop) == 0, server.text()
            server.kill()
            server = ServerProcess("--data", str(tmp_path), port=server.port)
            server.wait_ready()
            check_everything_acknowledged_is_there(client, game_id, tokens, acked)
        # The notices went out once each, however often the journal was replayed through the stream.
        notices = eventually(lambda: server.get(f"/_local/outbox?game={game_id}"))
        keys = Counter(n["message"]["dedup_key"] for n in notices)
        assert keys and max(keys.values()) == 1, keys
    finally:
        server.kill()
