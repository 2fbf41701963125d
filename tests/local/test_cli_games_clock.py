"""`distilled games` on a clocked game: "your move, 23 h 10 min left", counted by the service's clock when the
entry is served; a game without a clock prints as before."""

from __future__ import annotations

import json
import random

from devtools.client.my_games import game_line, left_text
from tests.local import test_cli_games
from tests.local.cli_gateway import Cli

T0 = 1_900_000_000.0


cli = test_cli_games.cli  # the same CLI world, over the in-process gateway


def test_time_left_reads_to_the_minute() -> None:
    assert left_text(23 * 3600 + 10 * 60 + 59) == "23 h 10 min left"
    assert left_text(2 * 86400 + 5 * 3600) == "2 d 5 h left"
    assert left_text(61) == "1 min left" and left_text(59) == "under a minute left" and left_text(0) == "overdue"
    waiting = {"game_id": "g", "status": "in_progress", "awaiting": False, "seat": 0, "phase": "market", "round": 1,
               "to_act": [1], "names": ["Hana", "Robo"], "seconds_left": [None, 7200.0]}
    assert game_line(waiting) == "waiting    g  market, round 1: Robo to act, 2 h 0 min left"
    assert game_line({**waiting, "seconds_left": None}) == "waiting    g  market, round 1: Robo to act"


def test_games_prints_your_time_left_by_the_service_clock(cli: Cli) -> None:
    from domain.options import Clock, Options, SeatSpec
    from functions import container
    from functions.my_games_feed import keep_game
    from service.clock import use_clock
    from service.games import pipeline
    from service.games.repository import load

    now = [T0]
    use_clock(lambda: now[0])
    try:
        cli.ok("distilled player create Hana")
        me = json.loads(cli.state_file.read_text())["player"]
        store = container.store()
        seats = [SeatSpec(name="Hana"), SeatSpec(name="Robo")]
        clocked = pipeline.create_game(store, seats, Options(flight="A", clock=Clock(per_move_hours=24)),
                                       rng=random.Random(1), players=[me["player_id"], None]).aggregate
        plain = pipeline.create_game(store, seats, Options(flight="A"), rng=random.Random(2),
                                     players=[me["player_id"], None]).aggregate
        for game in (clocked, plain):
            keep_game(load(store, game.game_id), store.commits(game.game_id)[-1].recorded_at)
        now[0] += 50 * 60  # 50 minutes later
        lines = {line.split()[2]: line for line in cli.ok("distilled games").splitlines()}
        assert ": your move, 23 h 10 min left; also waiting for Robo" in lines[clocked.game_id], lines
        assert "left" not in lines[plain.game_id]
        served = {g["game_id"]: g for g in json.loads(cli.ok("distilled games --json"))["games"]}
        assert served[clocked.game_id]["seconds_left"] == [23 * 3600 + 10 * 60, 23 * 3600 + 10 * 60]
        assert "seconds_left" not in served[plain.game_id] or served[plain.game_id]["seconds_left"] is None
    finally:
        use_clock(None)
