"""Games played by random bots straight through the service (no HTTP), for the e-mail tests and bench."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator

from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from domain.options import Options, SeatSpec
from domain.state import GameState
from infra.store import InMemoryEventStore
from infra.store.memory import MemoryTable
from service.games.pipeline import create_game, handle
from service.games.repository import load


def new_game(names: tuple[str, ...], seed: int) -> tuple[InMemoryEventStore, str, tuple[str, ...]]:
    store = InMemoryEventStore()
    created = create_game(store, [SeatSpec(name=n) for n in names], Options(flight="A"), rng=random.Random(seed))
    return store, created.aggregate.game_id, created.tokens


def step(store: InMemoryEventStore, game_id: str, seat: int, command: object, rng: random.Random) -> int:
    outcome = handle(store, game_id, seat, command, None, command_id=secrets.token_hex(8), rng=rng)
    return int(outcome.aggregate.version)


def moves(store: InMemoryEventStore, game_id: str, rng: random.Random, limit: int = 5000) -> Iterator[GameState]:
    """Play on at random, yielding the state before each move, until the game is over."""
    for _ in range(limit):
        state = load(store, game_id).state
        if state.phase == "finished":
            return
        yield state
        seat = rng.choice(to_act(state))
        step(store, game_id, seat, concrete(rng.choice(game_actions(state, seat)), rng), rng)
    raise AssertionError("the game did not end")


def copied(store: InMemoryEventStore) -> InMemoryEventStore:
    table = store.table
    return InMemoryEventStore(MemoryTable(commits={g: dict(rows) for g, rows in table.commits.items()},
                                          snapshots={g: dict(rows) for g, rows in table.snapshots.items()}))
