"""A lobby's options carry the turn clock to the game it starts, and the seated players' vacations pause it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain.options import Clock, Options
from infra.lobbies import InMemoryLobbyStore
from infra.players import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.clock import iso, use_clock
from service.clocks.tick import Fired, tick
from service.games.repository import load
from service.lobbies.service import Lobbies, SeatSpecIn
from service.players.service import Changes, Players

T0 = 1_800_000_000.0
HOUR = 3600.0


@pytest.fixture(autouse=True)
def fixed_time() -> Iterator[None]:
    use_clock(lambda: T0)  # the service clock, read by the commits (the lobbies and players are given theirs)
    yield
    use_clock(None)


def test_a_lobby_game_has_the_lobbys_clock_and_its_players_vacations_pause_it() -> None:
    now = [T0]
    store = InMemoryPlayerStore()
    players = Players(store, clock=lambda: now[0])
    games = InMemoryEventStore()
    lobbies = Lobbies(InMemoryLobbyStore(), players, games, random.Random(3), clock=lambda: now[0])
    host, ada = players.create("Host").key, players.create("Ada").key
    clock = Clock(per_move_hours=48, reminders=(0.25,))
    made = lobbies.create(host, [SeatSpecIn("host"), SeatSpecIn("open")], Options(clock=clock), public=False)
    assert made.record.options["clock"]["per_move_hours"] == 48
    lobbies.join(made.record.game_id, ada, made.invite)
    game = load(games, made.record.game_id)
    assert game.state.options.clock == clock
    assert [c.deadline for c in game.state.clocks] == [T0 + 48 * HOUR] * 2
    players.update(ada, Changes(vacation_until=iso(T0 + 10 * 24 * HOUR)), "https://play.example")
    ticked = tick(games, game.game_id, T0 + 12 * HOUR, store)
    assert ticked.fired == (Fired(0, "reminder"), Fired(1, "paused"))
