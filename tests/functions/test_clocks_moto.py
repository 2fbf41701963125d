"""Clocks under moto through template.yaml's handlers: the notifier keeps each clocked game's one schedule in
EventBridge Scheduler (and its clock index entry), the schedule's target is the tick function, and a game in
which one seat goes silent after round 1 ends through its timeouts. What the scheduler would do is done here:
at the schedule's time (a test clock), the tick handler is invoked with the schedule's input. Every DynamoDB
call is one the template grants its function; a clock-less game schedules nothing."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from devtools.client import ApiClient
from devtools.client.bots import play
from devtools.local.apigw import LambdaContext
from devtools.template import load_template
from functions import clock_sweep, clock_tick, container, notifier
from infra.schedules import at_epoch
from service.clock import use_clock
from tests.local.cli_gateway import transport
from tests.service.gateway import FakeContext, Gateway
from tests.service.iam import assert_within_policies, statements
from tests.service.streams import StreamReader
from tests.service.support import REGION, AwsWorld
from tests.service.test_clock_grants import listed

NOTIFIER, TICK, SWEEP = ("functions/notifier.lambda_handler", "functions/clock_tick.lambda_handler",
                         "functions/clock_sweep.lambda_handler")
GROUP = "stack-ClockScheduleGroup"
TICK_ARN = f"arn:aws:lambda:{REGION}:123456789012:function:stack-clock-tick"
T0 = 1_900_000_000.0
DAY = 86400.0
CLOCK = {"mode": "per_move", "per_move_hours": 24}
MAX_TICKS = 200
SWEEP_TIMEOUT = int(load_template()["Resources"]["ClockSweepFunction"]["Properties"]["Timeout"])


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def world(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Gateway, Any, FakeClock]]:
    for name, value in {"CLOCK_SCHEDULE_GROUP": GROUP, "CLOCK_TICK_ARN": TICK_ARN,
                        "CLOCK_SCHEDULER_ROLE_ARN": "arn:aws:iam::123456789012:role/stack-ClockSchedulerRole"}.items():
        monkeypatch.setenv(name, value)
    scheduler = boto3.client("scheduler", region_name=REGION)
    scheduler.create_schedule_group(Name=GROUP)
    clock = FakeClock()
    use_clock(clock)
    container.install(container.given())  # the clocks' schedules built from this environment, on moto
    gw = Gateway()
    gw.operations.watch(container.dynamodb())
    try:
        yield gw, scheduler, clock
    finally:
        use_clock(None)


class Run:
    def __init__(self, aws: AwsWorld, gw: Gateway, scheduler: Any, clock: FakeClock) -> None:
        self.gw, self.scheduler, self.clock = gw, scheduler, clock
        self.stream = StreamReader(aws.dynamodb)
        self.client = ApiClient("http://127.0.0.1", transport=transport(gw))
        self.scheduled: defaultdict[str, set[str]] = defaultdict(set)
        self.watch_scheduler()

    def watch_scheduler(self) -> None:
        """Each scheduler call, by the function making it (moto does not check IAM: the test does)."""
        client = container.reactions().clock_schedule.schedules.client  # type: ignore[attr-defined]

        def hook(model: Any, **_: Any) -> None:
            if self.gw.operations.current is not None:
                self.scheduled[self.gw.operations.current].add(f"scheduler:{model.name}")

        client.meta.events.register("before-call.scheduler", hook)

    def notify(self) -> None:
        records = self.stream.read()
        if records:
            with self.gw.operations.running(NOTIFIER):
                assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}

    def schedule(self, game_id: str) -> dict[str, Any] | None:
        try:
            found: dict[str, Any] = self.scheduler.get_schedule(Name=f"clock-{game_id}", GroupName=GROUP)
        except self.scheduler.exceptions.ResourceNotFoundException:
            return None
        return found

    def fire(self, game_id: str) -> dict[str, Any]:
        """What EventBridge Scheduler does at the schedule's time: delete it, invoke its target with its input."""
        schedule = self.schedule(game_id)
        assert schedule is not None, "a clocked game waiting for a seat has no schedule"
        assert schedule["Target"]["Arn"] == TICK_ARN and schedule["ActionAfterCompletion"] == "DELETE"
        at = at_epoch(schedule["ScheduleExpression"])
        assert at is not None
        self.clock.now = max(self.clock.now, at)
        self.scheduler.delete_schedule(Name=schedule["Name"], GroupName=GROUP)
        with self.gw.operations.running(TICK):
            answer: dict[str, Any] = clock_tick.lambda_handler(json.loads(schedule["Target"]["Input"]),
                                                                FakeContext("ClockTickFunction"))
        self.notify()
        return answer


def history_types(client: ApiClient, game_id: str, token: str) -> list[str]:
    commits = client.events(game_id, token)["commits"]
    return [e["type"] for c in commits for e in c["events"]]


def test_a_silent_seat_times_out_until_the_game_ends(aws: AwsWorld, world: tuple[Gateway, Any, FakeClock]) -> None:
    gw, scheduler, clock = world
    run = Run(aws, gw, scheduler, clock)
    created = run.client.create_game(["Ada", "Grace", "Linus"], {"flight": "A", "clock": CLOCK})
    game_id, tokens = created["game_id"], dict(enumerate(run.client.tokens(created)))
    run.notify()
    first = run.schedule(game_id)
    assert first is not None and json.loads(first["Target"]["Input"]) == {"game_id": game_id}
    rng = random.Random(5)
    while run.client.game(game_id, tokens[0])["view"]["round"] <= 1:  # everyone plays round 1
        clock.now += 600
        assert play(run.client, game_id, tokens, rng, max_commands=3).commands
        run.notify()
    fired: list[dict[str, Any]] = []
    for _ in range(MAX_TICKS):  # Linus (seat 2) is gone: the others play, his clock runs out
        clock.now += 600
        done = play(run.client, game_id, {0: tokens[0], 1: tokens[1]}, rng)
        run.notify()
        if done.finished:
            break
        fired.append(run.fire(game_id))
    view = run.client.game(game_id, tokens[0])["view"]
    assert view["phase"] == "finished", "the game did not end through timeouts"
    kinds = [f for answer in fired for f in answer["fired"]]
    assert any(k.startswith("reminder:2") for k in kinds) and any(k.startswith("timeout:2") for k in kinds)
    history = history_types(run.client, game_id, tokens[0])
    assert "seat_timed_out" in history and "reminder_due" in history
    assert run.schedule(game_id) is None, "a finished game keeps a schedule"
    with gw.operations.running(TICK):  # a stray tick of the finished game (a late retry): nothing, no error
        late = clock_tick.lambda_handler({"game_id": game_id}, FakeContext("ClockTickFunction"))
    assert late["fired"] == () and late["next_wake"] is None and run.schedule(game_id) is None
    assert container.reactions().clock_schedule.index.due(clock.now + 365 * DAY, 10) == []
    reminders = [m for m in aws.messages() if m.get("game_id") == game_id and m.get("kind") == "reminder"]
    assert reminders, "no reminder reached the seat's channel"
    assert_within_policies(gw.operations)
    assert set(run.scheduled) == {NOTIFIER, TICK}
    for handler, used in run.scheduled.items():
        granted = {a for st in statements(handler) for a in listed(st["Action"]) if a.startswith("scheduler:")}
        assert used <= granted, f"{handler} calls the scheduler beyond its grants: {used - granted}"


def test_a_tick_for_an_unknown_or_finished_game_is_a_no_op(world: tuple[Gateway, Any, FakeClock]) -> None:
    gw, scheduler, _ = world
    with gw.operations.running(TICK):
        assert clock_tick.lambda_handler({"game_id": "no-such-game"}, FakeContext())["skipped"] == "unknown"
        assert clock_tick.lambda_handler({"nothing": 1}, FakeContext()) == {"skipped": "bad_event"}
    assert scheduler.list_schedules(GroupName=GROUP)["Schedules"] == []


def test_the_sweep_ticks_a_game_whose_schedule_was_lost(aws: AwsWorld, world: tuple[Gateway, Any, FakeClock]) -> None:
    gw, scheduler, clock = world
    run = Run(aws, gw, scheduler, clock)
    created = run.client.create_game(["Ada", "Grace"], {"flight": "A", "clock": CLOCK})
    game_id = created["game_id"]
    run.notify()
    scheduler.delete_schedule(Name=f"clock-{game_id}", GroupName=GROUP)  # lost
    clock.now += 2 * DAY
    with gw.operations.running(SWEEP):
        # The template's timeout for the sweep: a short one would defer every tick (functions/clock_runs.py).
        report = clock_sweep.lambda_handler({}, LambdaContext(function_name="ClockSweepFunction",
                                                              timeout_seconds=SWEEP_TIMEOUT))
    assert report == {"found": 1, "ticked": 1, "failed": 0, "deferred": 0}
    run.notify()
    assert "seat_timed_out" in history_types(run.client, game_id, run.client.tokens(created)[0])
    assert run.schedule(game_id) is not None, "the sweep's tick set the game's next schedule"
    assert_within_policies(gw.operations)


def test_the_sweep_starts_no_tick_it_has_no_time_to_finish(aws: AwsWorld,
                                                            world: tuple[Gateway, Any, FakeClock]) -> None:
    gw, scheduler, clock = world
    run = Run(aws, gw, scheduler, clock)
    run.client.create_game(["Ada", "Grace"], {"flight": "A", "clock": CLOCK})
    run.notify()
    clock.now += 2 * DAY
    report = clock_sweep.lambda_handler({}, LambdaContext(function_name="ClockSweepFunction", timeout_seconds=10))
    assert report == {"found": 1, "ticked": 0, "failed": 0, "deferred": 1}


def test_a_game_without_a_clock_schedules_and_indexes_nothing(aws: AwsWorld,
                                                               world: tuple[Gateway, Any, FakeClock]) -> None:
    gw, scheduler, clock = world
    run = Run(aws, gw, scheduler, clock)
    created = run.client.create_game(["Ada", "Grace"], {"flight": "A"})
    play(run.client, created["game_id"], dict(enumerate(run.client.tokens(created))), random.Random(2),
         max_commands=10)
    run.notify()
    assert scheduler.list_schedules(GroupName=GROUP)["Schedules"] == []
    found = aws.dynamodb.scan(TableName="games-service-test", FilterExpression="begins_with(pk, :c)",
                              ExpressionAttributeValues={":c": {"S": "CLOCK#"}})
    assert found["Items"] == []
