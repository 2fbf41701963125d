"""The notifier: who is told, exactly once, whatever the order; what a failure does to a batch."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from devtools.bots import random_bot
from domain import to_act
from domain.legal import game_actions
from domain.options import SeatSpec
from functions import container, notifier
from infra import budget
from infra.channels.base import Notice
from infra.store import EventStore, InMemoryEventStore, Stream
from service.games import pipeline
from service.games.repository import load
from service.notices.plan import notices
from tests.faults import FakeClock, function_timeouts
from tests.service.gateway import FakeContext
from tests.service.support import MemoryWorld

ARN = "arn:aws:dynamodb:eu-west-1:123456789012:table/games/stream/2025-01-01T00:00:00.000"


def record(game_id: str, version: int, kind: str = "commit", event: str = "INSERT", seq: int = 0) -> dict[str, Any]:
    keys = {"pk": {"S": f"GAME#{game_id}"}, "sk": {"S": f"V#{version:010d}#{kind[0].upper()}"}}
    image = {**keys, "kind": {"S": kind}, "version": {"N": str(version)}}
    return {
        "eventID": f"{game_id}-{version}-{kind}", "eventName": event, "eventVersion": "1.1",
        "eventSource": "aws:dynamodb", "awsRegion": "eu-west-1", "eventSourceARN": ARN,
        "dynamodb": {"Keys": keys, "NewImage": image, "SequenceNumber": str(seq or version * 10),
                     "SizeBytes": 100, "StreamViewType": "NEW_IMAGE"},
    }


def records(store: EventStore, game_id: str, after: int = 0) -> list[dict[str, Any]]:
    return [record(game_id, c.version) for c in store.commits(game_id, after)]


def invoke(batch: list[dict[str, Any]]) -> dict[str, Any]:
    return dict(notifier.lambda_handler({"Records": batch}, FakeContext()))


def new_game(world: MemoryWorld, players: int = 3) -> str:
    names = [SeatSpec(name=f"P{i}") for i in range(players)]
    return pipeline.create_game(world.store, names, rng=random.Random(1)).aggregate.game_id


def act(store: EventStore, game_id: str, seat: int, n: int = 0) -> None:
    state = load(store, game_id).state
    pipeline.handle(store, game_id, seat, random_bot(state, seat, random.Random(n)), command_id=f"a{n}")


def test_a_new_game_tells_every_seat_once(memory: MemoryWorld) -> None:
    game = new_game(memory)
    batch = records(memory.store, game)
    assert invoke(batch) == {"batchItemFailures": []}
    assert invoke(batch) == {"batchItemFailures": []}  # delivered again: nothing new goes out
    head = {"version": 1, "hash": load(memory.store, game).head}  # the chain's head at that version
    assert memory.outbox.messages == [
        {"kind": "your_turn", "game_id": game, "version": 1, "seat": s, "phase": "setup", "round": 0,
         "actions": ["choose_distiller"], "dedup_key": f"{game}:1:{s}", "head": head} for s in range(3)
    ]


def test_only_seats_that_start_waiting_are_told(memory: MemoryWorld) -> None:
    game = new_game(memory)
    invoke(records(memory.store, game))
    act(memory.store, game, 2)  # seat 2 chose; seats 0 and 1 were already waiting
    invoke(records(memory.store, game, after=1))
    assert len(memory.outbox.messages) == 3


def test_stream_order_does_not_matter(memory: MemoryWorld) -> None:
    game = new_game(memory, 4)
    rng = random.Random(3)
    for n in range(40):
        act(memory.store, game, rng.choice(to_act(load(memory.store, game).state)), n)
    in_order = notices(memory.store, game, range(1, 42))
    batch = records(memory.store, game)
    random.Random(1).shuffle(batch)
    invoke(batch)
    sent = {(m["version"], m["seat"]) for m in memory.outbox.messages}
    assert sent == {(v, n.seat) for v, found in in_order.items() for n in found}
    assert len(sent) == len(memory.outbox.messages)


def test_snapshots_markers_and_updates_are_not_commits(memory: MemoryWorld) -> None:
    game = new_game(memory)
    batch = [record(game, 1, kind="snapshot"), record(game, 1, event="MODIFY"), record(game, 1, event="REMOVE"),
             {**record(game, 1), "dynamodb": {**record(game, 1)["dynamodb"], "NewImage": {
                 "pk": {"S": f"NOTICE#{game}"}, "sk": {"S": "V#1#S0"}, "kind": {"S": "notice"}}}}]
    assert invoke(batch) == {"batchItemFailures": []} and memory.outbox.messages == []
    assert invoke([record(game, 99)]) == {"batchItemFailures": []}  # a version that is not there: no one


class Flaky:
    """Publishes, except for one game until told otherwise."""

    def __init__(self, world: MemoryWorld, broken: str) -> None:
        self.world, self.broken = world, broken

    def publish(self, notice: Notice) -> None:
        if notice.game_id == self.broken:
            raise ConnectionError("SNS is unreachable")
        self.world.outbox.publish(notice)


def test_a_failure_fails_only_its_records_and_the_retry_sends_what_was_missing(memory: MemoryWorld) -> None:
    ok, broken = new_game(memory), new_game(memory)
    batch = [record(ok, 1, seq=1), record(broken, 1, seq=2)]
    container.install(replace(container.given(), publisher=Flaky(memory, broken)))
    assert invoke(batch) == {"batchItemFailures": [{"itemIdentifier": "2"}]}
    assert {m["game_id"] for m in memory.outbox.messages} == {ok}
    container.install(replace(container.given(), publisher=memory.outbox))
    assert invoke(batch) == {"batchItemFailures": []}
    assert sorted((m["game_id"] == ok, m["seat"]) for m in memory.outbox.messages) == [
        (False, 0), (False, 1), (False, 2), (True, 0), (True, 1), (True, 2)]


def test_a_notice_holds_nothing_but_routing_and_action_types(memory: MemoryWorld) -> None:
    game = new_game(memory, 2)
    invoke(records(memory.store, game))
    state = load(memory.store, game).state
    for message in memory.outbox.messages:
        assert message["actions"] == sorted({a.type for a in game_actions(state, message["seat"])})
        text = str(message)
        assert not any(g in text for p in state.players for g in p.goals)
        assert not any(card in text for card in state.flavor_deck + state.decks["upgrades"])




class SlowOutbox:
    """Publishes to the world's outbox, each message taking `seconds` of the fake clock."""

    def __init__(self, world: MemoryWorld, clock: FakeClock, seconds: float) -> None:
        self.world, self.clock, self.seconds = world, clock, seconds

    def publish(self, notice: Notice) -> None:
        self.clock.sleep(self.seconds)
        self.world.outbox.publish(notice)


class SlowStore(InMemoryEventStore):
    def __init__(self, world: MemoryWorld, clock: FakeClock, seconds: float) -> None:
        super().__init__(world.store.table)
        self.clock, self.seconds = clock, seconds

    def load(self, game_id: str, snapshot_schema_version: int, since: int = 0) -> Stream:
        self.clock.sleep(self.seconds)
        return super().load(game_id, snapshot_schema_version, since)


NOTIFIER_TIMEOUT = function_timeouts()["NotifierFunction"]


def test_a_batch_stops_taking_records_in_time_and_the_stream_delivers_the_rest(memory: MemoryWorld) -> None:
    clock = FakeClock()
    games = [new_game(memory) for _ in range(4)]  # three seats each: three messages a record
    batch = [record(game, 1, seq=n + 1) for n, game in enumerate(games)]
    container.install(replace(container.given(), publisher=SlowOutbox(memory, clock, 1.0)))
    context = clock.context(NOTIFIER_TIMEOUT, "NotifierFunction")
    answer = dict(notifier.lambda_handler({"Records": batch}, context))
    # 10 s: records 1 and 2 take 3 s each; with 4 s left a record could not end RESERVE before the timeout.
    assert answer == {"batchItemFailures": [{"itemIdentifier": "3"}, {"itemIdentifier": "4"}]}
    assert context.get_remaining_time_in_millis() >= budget.RESERVE * 1000
    assert {m["game_id"] for m in memory.outbox.messages} == set(games[:2])
    later = clock.context(NOTIFIER_TIMEOUT, "NotifierFunction")  # the stream's retry of the same batch
    assert dict(notifier.lambda_handler({"Records": batch}, later)) == {"batchItemFailures": []}
    assert sorted((m["game_id"], m["seat"]) for m in memory.outbox.messages) == sorted(
        (game, seat) for game in games for seat in range(3))  # each once: the first two were marked


def test_a_batch_whose_reads_use_up_the_time_is_left_to_the_stream(memory: MemoryWorld) -> None:
    clock = FakeClock()
    games = [new_game(memory) for _ in range(3)]
    batch = [record(game, 1, seq=n + 1) for n, game in enumerate(games)]
    container.install(replace(container.given(), store=SlowStore(memory, clock, 4.0)))
    context = clock.context(NOTIFIER_TIMEOUT, "NotifierFunction")
    answer = dict(notifier.lambda_handler({"Records": batch}, context))
    # Game 1 is read (4 s) and told; game 2's read would start with 6 s left and end with 2: still in time.
    assert answer == {"batchItemFailures": [{"itemIdentifier": "3"}]}
    assert context.get_remaining_time_in_millis() >= budget.RESERVE * 1000
    assert {m["game_id"] for m in memory.outbox.messages} == set(games[:2])


def test_with_too_little_time_left_no_record_is_tried_and_all_are_reported(memory: MemoryWorld) -> None:
    clock = FakeClock()
    game = new_game(memory)
    context = clock.context(NOTIFIER_TIMEOUT, "NotifierFunction")
    clock.sleep(NOTIFIER_TIMEOUT - budget.ATTEMPT - budget.RESERVE + 0.5)
    answer = dict(notifier.lambda_handler({"Records": [record(game, 1, seq=7)]}, context))
    assert answer == {"batchItemFailures": [{"itemIdentifier": "7"}]} and memory.outbox.messages == []
