"""Whole games played by bots through decide/evolve only. Same seed, same event stream."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devtools.bots import BOTS, Bot
from domain import GameState, decide, execute, fold, to_act
from domain.commands import CreateGame
from domain.options import Options, SeatSpec

MAX_COMMANDS = 5000


@dataclass
class Played:
    seed: int
    events: list[Any]
    state: GameState
    commands: int

    def summary(self) -> dict[str, Any]:
        s = self.state
        return {
            "seed": self.seed, "players": s.n, "rounds_played": s.round, "events": len(self.events),
            "scores": [{"seat": p.seat, "sp": p.sp, "money": p.money} for p in s.players],
            "winners": list(s.winners),
        }


def play(players: int, seed: int, bot: Bot | list[Bot], options: Options | None = None) -> Played:
    chance, choices = random.Random(seed), random.Random(seed * 7919 + 1)
    bots = bot if isinstance(bot, list) else [bot] * players
    seats = tuple(SeatSpec(name=f"Bot {i + 1}") for i in range(players))
    events = decide(GameState(), CreateGame(seats=seats, options=options or Options()), chance)
    state = fold(events)
    commands = 0
    while state.phase != "finished":
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not finish")
        seat = choices.choice(to_act(state))
        new, state = execute(state, bots[seat](state, seat, choices), chance)
        events += new
        commands += 1
    return Played(seed, events, state, commands)


def simulate(players: int, games: int, seed: int, bot: str = "random",
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    started = time.perf_counter()
    results = []
    for i in range(games):
        results.append(play(players, seed + i, BOTS[bot]).summary())
        if progress:
            progress(i + 1, games)
    elapsed = time.perf_counter() - started
    return {"games": results, "games_per_second": round(games / elapsed, 2) if elapsed else 0.0}


def terminal_progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        end = "\n" if done == total else ""
        print(f"\rsimulated {done}/{total} games", end=end, file=sys.stderr, flush=True)
