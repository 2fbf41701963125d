"""Random legal play for the property and non-interference tests: the bots' moves with every open option drawn,
a hand-made position with powers in play, and an RNG that counts how often chance was asked."""

from __future__ import annotations

import random
from typing import Any

from devtools.bots import concrete as bot_concrete
from domain import commands as c
from domain import execute
from domain.catalogue import FLIGHTS, RECIPES
from domain.commands import OpenDistill
from domain.legal import game_actions
from domain.state import GameState


def concrete(action: Any, rng: random.Random) -> Any:
    """The bots' choice, with the open Distill options (extra alcohol, top-only cut) drawn at random too."""
    command = bot_concrete(action, rng)
    if isinstance(action, OpenDistill):
        command = command.model_copy(update={"extra_alcohol": rng.choice(action.extra_alcohol),
                                             "top_only": rng.choice(action.top_only)})
    return command


def with_powers(state: GameState) -> GameState:
    """Every player takes the 3 upgrades on top of the upgrade deck, 20 money, two barrels and the cubes of the
    flight's aged recipes."""
    s = state.clone()
    aged = [r for r in FLIGHTS[s.flight].recipes if RECIPES[r].aged]
    for p in s.players:
        p.upgrades = [s.decks["upgrades"].pop() for _ in range(3)]
        p.money += 20
        p.storeroom += ["wood_barrel", "clay_barrel"]
        p.cubes += [r for r in aged if r not in p.cubes]
    return s


def chosen(state: GameState, rng: random.Random, chance: random.Random) -> GameState:
    """Every seat picks a dealt distiller at random."""
    for p in state.players:
        state = execute(state, c.ChooseDistiller(seat=p.seat, distiller=rng.choice(p.dealt)), chance)[1]
    return state


class Counting(random.Random):
    """A seeded RNG that counts how often it is asked: a command that asked may never be taken back."""

    asked = 0

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        self.asked += 1
        super().shuffle(x)

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        self.asked += 1
        return super().randrange(*args, **kwargs)


def pick(state: GameState, seat: int, listed: list[Any], rng: random.Random, resigns: float) -> Any:
    """A random move that plays the game on; now and then the take back offered, or (with `resigns`) a
    resignation."""
    if rng.random() < resigns:
        return c.Resign(seat=seat)
    if any(isinstance(a, c.TakeBack) for a in listed) and rng.random() < 0.2:
        return c.TakeBack(seat=seat)
    return concrete(rng.choice(game_actions(state, seat)), rng)
