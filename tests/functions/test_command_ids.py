"""A command id is one command for the life of a game: a resend is answered, another command is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from devtools.bots import random_bot
from domain import decide, legal_actions, to_act
from domain.commands import Buy, Decline, PassTurn
from domain.options import SeatSpec
from infra.serialization import command_digest, stored_event
from infra.store import Commit, EventStore, InMemoryEventStore
from infra.store.dynamodb import DynamoEventStore
from service.games import pipeline
from service.games.pipeline import CommandIdReused, Outcome
from service.games.repository import SNAPSHOT_EVERY, Processed, from_snapshot, load, to_snapshot
from tests.service.support import TABLE_NAME, AwsWorld
from tests.service.test_concurrency import Interleaved


def new_game(store: EventStore, players: int = 2) -> Any:
    return pipeline.create_game(store, [SeatSpec(name=f"P{i}") for i in range(players)],
                                rng=random.Random(3)).aggregate


def test_the_same_id_with_another_command_is_refused_and_writes_nothing() -> None:
    store = InMemoryEventStore()
    game = new_game(store)
    first, other = legal_actions(game.state, 0)[:2]
    pipeline.handle(store, game.game_id, 0, first, command_id="x")
    with pytest.raises(CommandIdReused) as reused:
        pipeline.handle(store, game.game_id, 0, other, command_id="x")
    assert reused.value.version == 2
    assert len(store.commits(game.game_id)) == 2
    again = pipeline.handle(store, game.game_id, 0, first, 5, command_id="x")  # another expected_version: a resend
    assert again.replayed and again.command_version == 2


def test_the_digest_is_the_command_as_decided_not_its_spelling() -> None:
    buy = Buy(source="basic", card="yeast")
    assert command_digest(buy) == command_digest(Buy(source="basic", card="yeast", save_discounts=False))
    assert command_digest(buy) == command_digest(buy.model_copy(update={"seat": 3}))  # ids are per seat already
    assert command_digest(buy) != command_digest(Buy(source="basic", card="water"))
    assert command_digest(buy) != command_digest(Buy(source="basic", card="yeast", save_discounts=True))
    assert command_digest(PassTurn()) != command_digest(Decline())  # no fields: the type tells them apart
    assert len(command_digest(buy)) == 22  # 16 bytes of sha256, base64 without padding


def _played(store: EventStore, game_id: str, commands: int) -> list[tuple[int, Any]]:
    rng, sent = random.Random(2), []
    for n in range(commands):
        state = load(store, game_id).state
        seat = rng.choice(to_act(state))
        command = random_bot(state, seat, rng)
        pipeline.handle(store, game_id, seat, command, command_id=f"c{n}", rng=rng)
        sent.append((seat, command))
    return sent


def test_digests_survive_snapshots() -> None:
    store = InMemoryEventStore()
    game_id = new_game(store, 3).game_id
    sent = _played(store, game_id, SNAPSHOT_EVERY + 3)
    assert store.table.snapshots[game_id]
    loaded = load(InMemoryEventStore(store.table), game_id)  # another Lambda: from the snapshot
    assert loaded.snapshot_version == SNAPSHOT_EVERY
    seat, command = sent[0]
    assert loaded.written_by(seat, "c0") == Processed(2, command_digest(command.model_copy(update={"seat": seat})))
    replay = pipeline.handle(store, game_id, seat, command, command_id="c0", loaded=loaded)
    assert replay.replayed and replay.command_version == 2
    with pytest.raises(CommandIdReused):
        pipeline.handle(store, game_id, seat, Buy(source="cube", recipe="nothing"), command_id="c0", loaded=loaded)
    assert len(store.commits(game_id)) == SNAPSHOT_EVERY + 4


def test_commands_from_before_digests_are_answered_as_resends() -> None:
    """Without a digest the two cannot be told apart: such an id is answered as it was before."""
    store = InMemoryEventStore()
    game = new_game(store)
    first, other = legal_actions(game.state, 0)[:2]
    events = decide(game.state, first.model_copy(update={"seat": 0}), random.Random(1))
    store.append(Commit(game.game_id, 2, "old", 0, tuple(stored_event(e) for e in events), "2025-01-01T00:00:00Z"))
    assert pipeline.handle(store, game.game_id, 0, other, command_id="old").replayed
    old_snapshot = to_snapshot(load(store, game.game_id))
    old_snapshot.payload["processed"] = {"-:create": 1, "0:old": 2}  # the shape snapshots had then
    restored = from_snapshot(old_snapshot)
    assert restored is not None and restored.processed == {"-:create": Processed(1), "0:old": Processed(2)}




@pytest.mark.parametrize("same", [True, False])
def test_racing_sends_of_one_id_collide_and_only_a_copy_gets_the_first_answer(aws: AwsWorld, same: bool) -> None:
    store = DynamoEventStore(TABLE_NAME, aws.dynamodb)
    game = new_game(store)
    first, other = legal_actions(game.state, 0)[:2]
    won: list[Outcome] = []
    racer = Interleaved(store, lambda: won.append(pipeline.handle(store, game.game_id, 0, first, command_id="id")))
    late = first if same else other
    if same:
        outcome = pipeline.handle(racer, game.game_id, 0, late, command_id="id")  # type: ignore[arg-type]
        assert outcome.replayed and outcome.conflicts == 1 and outcome.command_version == won[0].command_version
    else:
        with pytest.raises(CommandIdReused):
            pipeline.handle(racer, game.game_id, 0, late, command_id="id")  # type: ignore[arg-type]
    assert [c.command_id for c in store.commits(game.game_id)] == ["create", "id"]
