"""Turn clocks through the service (service.clocks.tick.tick) on the memory store with a test clock: idempotent
ticks, timeouts racing real moves, the late move's error, and a whole game one seat abandons."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from domain.errors import RuleViolation
from domain.legal import game_actions, to_act
from domain.options import Clock, Options, SeatSpec
from domain.redact import redact_history
from domain.stand_in import choose
from infra.serialization import domain_event
from infra.store import EventStore, InMemoryEventStore
from service.clock import iso, use_clock
from service.clocks.tick import Fired, next_wake, tick
from service.games import pipeline
from service.games.repository import load
from service.texts.history import sentence
from service.texts.words import Seats, texts
from tests.local.process import WAIT_LIMIT, limit
from tests.service.test_concurrency import Interleaved  # a store that lets another writer in first

T0 = 1_800_000_000.0
HOUR = 3600.0
DAY = 24 * HOUR


class FakeNow:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Iterator[FakeNow]:
    fake = FakeNow()
    use_clock(fake)
    yield fake
    use_clock(None)


def new_game(store: EventStore, n: int = 3, clock: Clock | None = None) -> str:
    seats = [SeatSpec(name=f"S{i}") for i in range(n)]
    options = Options(clock=clock or Clock(per_move_hours=24))
    return pipeline.create_game(store, seats, options, rng=random.Random(5)).aggregate.game_id


def plain(store: EventStore, game_id: str, seat: int, **kwargs: Any) -> pipeline.Outcome:
    state = load(store, game_id).state
    return pipeline.handle(store, game_id, seat, choose(game_actions(state, seat)), rng=random.Random(1), **kwargs)


def event_types(store: EventStore, game_id: str) -> list[str]:
    return [e["type"] for c in store.commits(game_id) for e in c.events]


def test_the_recorded_time_is_the_service_clock(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store)
    clock.now = T0 + 90
    plain(store, game, 0)
    assert [c.recorded_at for c in store.commits(game)] == [iso(T0), iso(T0 + 90)]


def test_a_tick_before_anything_is_due_writes_nothing(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store)
    ticked = tick(store, game, T0 + HOUR)
    assert ticked.fired == () and ticked.version == 1 and ticked.next_wake == T0 + 12 * HOUR


def test_a_tick_twice_fires_once(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store, 2)
    first = tick(store, game, T0 + 12 * HOUR)
    assert first.fired == (Fired(0, "reminder"), Fired(1, "reminder"))
    again = tick(store, game, T0 + 12 * HOUR)
    assert again.fired == () and again.version == first.version == 3
    assert [c.command_id for c in store.commits(game)][1:] == [
        f"clock:reminder:0:{T0 + DAY}:1", f"clock:reminder:1:{T0 + DAY}:1"]


def test_unknown_game_is_not_found(clock: FakeNow) -> None:
    with pytest.raises(pipeline.GameNotFound):
        tick(InMemoryEventStore(), "nosuchgame", T0)


def test_a_move_that_lands_first_makes_the_racing_timeout_not_due(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store, 2)
    clock.now = T0 + DAY - 1
    racer = Interleaved(store, lambda: plain(store, game, 0))
    ticked = tick(racer, game, T0 + DAY)
    assert Fired(0, "timeout") not in ticked.fired and Fired(1, "timeout") in ticked.fired
    assert event_types(store, game).count("seat_timed_out") == 1  # seat 1's alone
    assert load(store, game).state.players[0].distiller is not None


def test_a_move_overtaken_by_its_timeout_is_told_timed_out(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store, 2)
    state = load(store, game).state
    move = choose(game_actions(state, 0))
    clock.now = T0 + DAY
    racer = Interleaved(store, lambda: tick(store, game, T0 + DAY))
    with pytest.raises(RuleViolation) as refused:
        pipeline.handle(racer, game, 0, move, rng=random.Random(1))
    assert refused.value.code == "timed_out"
    assert iso(T0 + DAY) in refused.value.message and refused.value.details["deadline"] == iso(T0 + DAY)
    types = event_types(store, game)
    assert types.count("seat_timed_out") == 2 and types.count("distiller_chosen") == 2  # the stand-in's, once


def test_a_seat_on_vacation_is_paused_not_timed_out(clock: FakeNow) -> None:
    from infra.players import InMemoryPlayerStore
    from infra.players.base import PlayerRecord

    players = InMemoryPlayerStore()
    ids = ["p" + "a" * 16, "p" + "b" * 16]
    for pid in ids:
        players.create(PlayerRecord(player_id=pid, key_sha256="0" * 64, name=pid, time_zone="UTC",
                                    created_at=iso(T0), updated_at=iso(T0)))
    away = PlayerRecord(player_id=ids[1], key_sha256="0" * 64, name="b", time_zone="UTC", created_at=iso(T0),
                        updated_at=iso(T0), revision=2, vacation_until=int(T0 + 5 * DAY))
    players.replace(away)
    store = InMemoryEventStore()
    seats = [SeatSpec(name="A"), SeatSpec(name="B")]
    game = pipeline.create_game(store, seats, Options(clock=Clock()), rng=random.Random(5), players=ids,
                                token_hashes=["0" * 64, "1" * 64]).aggregate.game_id
    ticked = tick(store, game, T0 + 12 * HOUR, players)
    assert ticked.fired == (Fired(0, "reminder"), Fired(1, "paused"))
    assert load(store, game).state.clocks[1].deadline == T0 + 5 * DAY + 12 * HOUR  # its 12 h left, after
    ticked = tick(store, game, T0 + 2 * DAY, players)
    assert ticked.fired == (Fired(0, "timeout"),)  # seat 0 is not on vacation


def test_a_three_player_game_one_seat_abandons_after_round_1_finishes_by_ticks(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store, 3, Clock(per_move_hours=24))
    fired: list[Fired] = []
    for _ in range(3000):
        aggregate = load(store, game)
        state = aggregate.state
        if state.phase == "finished":
            break
        present = [q for q in to_act(state) if q != 2 or state.round <= 1]
        if present:
            clock.now += HOUR
            plain(store, game, present[0])
            continue
        wake = next_wake(aggregate)
        assert wake is not None  # the game waits for seat 2 alone: its clock runs
        clock.now = max(clock.now, wake)
        fired += tick(store, game, clock.now).fired
    final = load(store, game).state
    assert final.phase == "finished" and final.round == 7
    assert all(p.score is not None for p in final.players)
    assert {f.seat for f in fired} == {2}
    kinds = [f.kind for f in fired]
    assert kinds.count("timeout") == 3 and kinds.count("replaced") == 1 and kinds.count("reminder") == 6
    assert 2 in final.resigned and 2 not in final.winners
    types = event_types(store, game)
    assert types.count("seat_timed_out") == 3 and types.count("reminder_due") == 6
    assert next_wake(load(store, game)) is None
    words, who = texts("en"), Seats(texts("en"), [p.name for p in final.players])
    served = redact_history([(c.seat, [domain_event(e) for e in c.events if e["type"] != "seats"])
                             for c in store.commits(game)], 0, final)
    lines = [sentence(words, e, who) for events in served for e in events]
    assert sum("S2's time ran out" in line for line in lines) == 3
    assert sum("S2 timed out too often: the stand-in plays for them" in line for line in lines) == 1


def test_racing_threads_of_ticks_and_the_move_apply_the_seats_step_once(clock: FakeNow) -> None:
    store = InMemoryEventStore()
    game = new_game(store, 2)
    move = choose(game_actions(load(store, game).state, 0))
    clock.now = T0 + DAY
    answers: list[str] = []
    start = threading.Barrier(5)

    def ticker() -> None:
        start.wait(timeout=limit(WAIT_LIMIT))
        tick(store, game, T0 + DAY)

    def mover() -> None:
        start.wait(timeout=limit(WAIT_LIMIT))
        try:
            pipeline.handle(store, game, 0, move, rng=random.Random(1))
            answers.append("moved")
        except RuleViolation as refused:
            answers.append(refused.code)
        except pipeline.Contention:
            answers.append("contention")

    workers = [threading.Thread(target=ticker) for _ in range(4)]
    workers.insert(2, threading.Thread(target=mover))
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=limit(WAIT_LIMIT))
        assert not w.is_alive()
    tick(store, game, T0 + DAY)  # whatever the racers left due
    events = [e for c in store.commits(game) for e in c.events]
    chosen = [e for e in events if e["type"] == "distiller_chosen" and e["seat"] == 0]
    timeouts = [e for e in events if e["type"] == "seat_timed_out" and e["seat"] == 0]
    assert len(chosen) == 1 and len(timeouts) == (0 if answers == ["moved"] else 1)
    assert answers in (["moved"], ["timed_out"], ["contention"])
    assert len({c.command_id for c in store.commits(game)}) == len(store.commits(game))
