"""`distilled games`: the saved player's games from GET /players/me/games, "your move" first, never a secret."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools import cli_games, cli_players
from devtools.client import ApiClient
from tests.local.cli_gateway import Cli, cli_world, transport
from tests.service.gateway import Gateway


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    for cli in cli_world(monkeypatch, tmp_path, 3):
        send = transport(Gateway())
        for module in (cli_players, cli_games):
            monkeypatch.setattr(module, "ApiClient", lambda url, send=send: ApiClient(url, transport=send))
        yield cli


def test_games_lists_your_move_first_then_the_others(cli: Cli) -> None:
    # Imported here: the handlers' modules read their environment at import, once tests.service has set it.
    from domain.options import SeatSpec
    from functions import container
    from functions.my_games_feed import keep_game
    from service.games import pipeline
    from service.games.repository import load
    from tests.functions.test_my_games_and_game_over import play

    assert "distilled player create" in cli("distilled games").err  # no player saved yet
    cli.ok("distilled player create Hana")
    assert "no games yet" in cli.ok("distilled games")
    me = json.loads(cli.state_file.read_text())["player"]
    store = container.store()
    seats = [SeatSpec(name="Hana"), SeatSpec(name="Robo")]
    games = [pipeline.create_game(store, seats, rng=random.Random(n), players=[me["player_id"], None]).aggregate
             for n in range(3)]
    play(store, games[0].game_id)  # finished
    for game in games:  # what the notifier does with each game's newest state
        keep_game(load(store, game.game_id), store.commits(game.game_id)[-1].recorded_at)
    lines = cli.ok("distilled games").splitlines()
    assert [line.split()[0] for line in lines] == ["YOUR", "YOUR", "finished"]
    assert all(g.game_id in "\n".join(lines) for g in games) and "won by" in lines[-1]
    shown = cli.ok("distilled games --json")
    assert me["key"] not in shown and me["key"] not in "\n".join(lines)
    assert len(json.loads(shown)["games"]) == 3
