"""`distilled invite | join | lobby | start` against the real handlers in process, two machines (two state
files) that share no secret: the host invites, the other joins by the link, the game starts, and each plays its
own seat with its own key (`distilled bots`) until the game is over. No line printed carries a key or token."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools import cli_lobby, cli_players
from devtools.client import ApiClient
from devtools.client.lobbies import parse_invite
from tests.local.cli_gateway import Cli, cli_world, transport
from tests.service.gateway import Gateway

MAX_TURNS = 400  # alternations of the two machines' bots; a 2-player game needs far fewer


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    for cli in cli_world(monkeypatch, tmp_path, 2):
        gateway = Gateway()
        send = transport(gateway)
        for module in (cli_players, cli_lobby):
            monkeypatch.setattr(module, "ApiClient", lambda url, send=send: ApiClient(url, transport=send))
        cli.gateway = gateway  # type: ignore[attr-defined]
        yield cli


def state(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def test_parse_invite_reads_links_and_bare_game_ids() -> None:
    assert parse_invite("https://api.example.org/prod/lobbies/abc123#invite=xyz") == (
        "https://api.example.org/prod", "abc123", "xyz")
    assert parse_invite("abc123") == (None, "abc123", None)
    assert parse_invite("http://127.0.0.1:3000/lobbies/abc123") == ("http://127.0.0.1:3000", "abc123", None)


def test_two_players_meet_by_an_invite_link_and_play_to_the_end(cli: Cli, tmp_path: Path) -> None:
    ada_file = tmp_path / "ada.json"
    ada = f"--state-file {ada_file}"
    cli.ok("distilled player create Hana")
    cli.ok(f"distilled player create Ada {ada}")
    out = cli.ok("distilled invite --seats 2")
    (link,) = re.findall(r"\S+/lobbies/\S+#invite=\S+", out)
    game_id = parse_invite(link)[1]
    assert "1 free seat" in cli.ok(f"distilled lobby {game_id}")
    joined = cli.ok(f"distilled join '{link}' {ada}")
    assert "the game has started" in joined and "(you) -> game seat 1" in joined
    assert "(you) -> game seat 0" in cli.ok("distilled lobby")  # the host's machine learns it has started
    assert state(ada_file)["games"][game_id]["seat"] == 1
    printed = joined
    for _ in range(MAX_TURNS):
        view = cli.gateway.get(f"/games/{game_id}").body  # type: ignore[attr-defined]
        if view["phase"] == "finished":
            break
        printed += cli.ok(f"distilled bots --game {game_id}") + cli.ok(f"distilled bots --game {game_id} {ada}")
    assert view["phase"] == "finished"
    secrets = [state(cli.state_file)["player"]["key"], state(ada_file)["player"]["key"]]
    assert not any(s in printed for s in secrets)
    assert "@player" in json.dumps(state(ada_file)["games"][game_id])  # the key itself is not copied per game


def test_the_host_starts_a_lobby_with_a_bot_and_its_token_is_saved(cli: Cli) -> None:
    cli.ok("distilled player create Hana")
    out = cli.ok("distilled invite --seats 2 --bot Robo")
    game_id = parse_invite(re.findall(r"\S+#invite=\S+", out)[0])[1]
    started = cli.ok(f"distilled start {game_id}")
    assert "Robo (bot) -> game seat 2" in started and "(open) -> game seat 1" not in started
    tokens = state(cli.state_file)["games"][game_id]["tokens"]
    assert tokens[0] == "@player" and all(tokens)  # seat 1 became a bot at the start, its token answered once
    assert not any(t in started for t in tokens[1:])
