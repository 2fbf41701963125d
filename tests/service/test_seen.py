"""Snapshots keep the command keys as a filter; a hit is settled exactly from the commits."""

from __future__ import annotations

import random

import pytest

from devtools.bots import random_bot
from domain import to_act
from domain.commands import Buy
from domain.options import SeatSpec
from infra.store import InMemoryEventStore
from service.games import pipeline
from service.games.pipeline import CommandIdReused
from service.games.repository import SNAPSHOT_EVERY, load
from service.games.seen import Seen


def test_the_filter_never_misses_a_key_and_rarely_holds_another() -> None:
    keys = [f"{n % 5}:{random.Random(n).getrandbits(128):032x}" for n in range(500)]
    seen = Seen().adding(keys[:200]).adding(keys[200:400])
    assert len(seen) == 400 and all(seen.might_hold(k) for k in keys[:400])
    assert sum(seen.might_hold(k) for k in keys[400:]) <= 1  # n / 2**24 each
    assert Seen.from_json(seen.to_json()) == seen and not Seen().might_hold(keys[0])


def _game(store: InMemoryEventStore, commands: int) -> tuple[str, list[tuple[int, str, object]]]:
    rng = random.Random(8)
    game_id = pipeline.create_game(store, [SeatSpec(name=n) for n in "AB"], rng=rng).aggregate.game_id
    sent = []
    for n in range(commands):
        state = load(store, game_id).state
        seat = rng.choice(to_act(state))
        command = random_bot(state, seat, rng)
        pipeline.handle(store, game_id, seat, command, command_id=f"id-{n}", rng=rng)
        sent.append((seat, f"id-{n}", command))
    return game_id, sent


@pytest.mark.parametrize("false_hits", [False, True])
def test_old_ids_are_told_exactly_and_new_ones_never_refused(monkeypatch: pytest.MonkeyPatch, false_hits: bool) -> None:
    store = InMemoryEventStore()
    game_id, sent = _game(store, SNAPSHOT_EVERY + 5)
    if false_hits:  # every key a hit: each answer then comes from the commits
        monkeypatch.setattr(Seen, "might_hold", lambda self, key: True)
    reads: list[int] = []
    original = store.commits
    monkeypatch.setattr(store, "commits", lambda g, after=0: reads.append(after) or original(g, after))
    loaded = load(store, game_id)
    assert loaded.snapshot_version == SNAPSHOT_EVERY and len(loaded.seen) == SNAPSHOT_EVERY
    seat, command_id, command = sent[0]  # from before the snapshot: only the filter knows it
    replay = pipeline.handle(store, game_id, seat, command, command_id=command_id, loaded=loaded)
    assert replay.replayed and replay.command_version == 2 and reads == [0]
    with pytest.raises(CommandIdReused):  # the same old id with another command
        pipeline.handle(store, game_id, seat, Buy(source="cube", recipe="nothing"), command_id=command_id,
                        loaded=loaded)
    reads.clear()
    state = loaded.state
    fresh = to_act(state)[0]
    outcome = pipeline.handle(store, game_id, fresh, random_bot(state, fresh, random.Random(1)),
                              command_id="brand-new", loaded=loaded)
    assert not outcome.replayed and outcome.command_version == loaded.version + 1
    assert reads == ([0] if false_hits else [])  # a miss reads nothing; a false hit reads and finds nothing

