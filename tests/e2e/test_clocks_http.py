"""Turn clocks on the real local server, driven by its test clock (`POST /_local/clock`): a 3-player game with a
24 h clock in which one player disappears after round 1 reaches its final scores through timeouts, with the
seat reminded (the local outbox) and the timeouts in the history; a timeout racing a real move never applies
both; a game without a clock schedules nothing. Every wait is on a condition, never on a sleep's length."""

from __future__ import annotations

import json
import random
import threading
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client.bots import play
from tests.local.process import WAIT_LIMIT, ServerProcess, eventually, limit, running_server

CLOCK = {"mode": "per_move", "per_move_hours": 24}
HOUR = 3600.0
MAX_WAKES = 120


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def clock(server: ServerProcess, advance: float | None = None) -> dict[str, Any]:
    if advance is None:
        answer: dict[str, Any] = server.get("/_local/clock")
        return answer
    request = urllib.request.Request(server.url + "/_local/clock", method="POST",
                                     data=json.dumps({"advance_seconds": advance}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=limit(WAIT_LIMIT)) as response:
        moved: dict[str, Any] = json.loads(response.read())
        return moved


def wake_of(server: ServerProcess, game_id: str) -> float | None:
    found = [s["at"] for s in clock(server)["schedules"] if s["name"] == f"clock-{game_id}"]
    return found[0] if found else None


def history(client: ApiClient, game_id: str, token: str) -> list[dict[str, Any]]:
    return [e for c in client.events(game_id, token)["commits"] for e in c["events"]]


def reminders(server: ServerProcess, game_id: str, seat: int) -> list[dict[str, Any]]:
    return [e for e in server.outbox() if isinstance(e.get("message"), dict)
            and e["message"].get("game_id") == game_id and e["message"].get("seat") == seat
            and e["message"].get("kind") == "reminder"]


def next_wake(server: ServerProcess, client: ApiClient, game_id: str, token: str) -> float | None:
    """The game's schedule, once the notifier has set it for the game's newest version (None: finished)."""
    def settled() -> tuple[bool, float | None]:
        view = client.game(game_id, token)["view"]
        at = wake_of(server, game_id)
        return (view["phase"] == "finished" or (at is not None and at > clock(server)["now"])), at

    done = eventually(lambda: (found := settled())[0] and found)
    assert done, "the game's schedule was never set after its move"
    return done[1]


def test_a_silent_seat_times_out_and_the_game_reaches_its_final_scores(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.create_game(["Ada", "Grace", "Linus"], {"flight": "A", "clock": CLOCK})
    game_id, tokens = created["game_id"], dict(enumerate(client.tokens(created)))
    rng = random.Random(11)
    while client.game(game_id, tokens[0])["view"]["round"] <= 1:  # round 1: everyone plays
        assert play(client, game_id, tokens, rng, max_commands=3).commands
    for _ in range(MAX_WAKES):  # Linus is gone: the others play whenever they can, his clock runs out
        if play(client, game_id, {0: tokens[0], 1: tokens[1]}, rng).finished:
            break
        at = next_wake(server, client, game_id, tokens[0])
        if at is None:
            break
        version = client.game(game_id, tokens[0])["version"]
        clock(server, max(0.0, at - clock(server)["now"]) + 1)
        assert eventually(lambda v=version: client.game(game_id, tokens[0])["version"] > v), \
            "the clock passed the schedule and the game did not move"
    view = client.game(game_id, tokens[0])["view"]
    assert view["phase"] == "finished", "the game did not end through timeouts"
    assert all(isinstance(p.get("sp"), int) for p in view["players"])
    events = history(client, game_id, tokens[0])
    timeouts = [e for e in events if e["type"] == "seat_timed_out"]
    assert timeouts and {e["seat"] for e in timeouts} == {2}
    reminded = [e for e in events if e["type"] == "reminder_due" and e["seat"] == 2]
    told = eventually(lambda: reminders(server, game_id, 2))
    assert told, "no reminder reached Linus's channel"
    assert len(told) <= len(reminded), "a reminder was told twice"
    assert not reminders(server, game_id, 0) or [e for e in events if e["type"] == "reminder_due" and e["seat"] == 0]
    # The stream's pass over the last commit clears the schedule: after the answer, not before it.
    assert eventually(lambda: wake_of(server, game_id) is None), "a finished game still has a schedule"


def test_a_timeout_racing_a_real_move_applies_one_of_them(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.create_game(["Ada", "Grace"], {"flight": "A", "clock": CLOCK})
    game_id, tokens = created["game_id"], dict(enumerate(client.tokens(created)))
    start = client.game(game_id, tokens[0])
    seat = start["view"]["to_act"][0]
    mine = client.game(game_id, tokens[seat])
    from devtools.client.actions import concrete, playing

    route, body = concrete(playing(mine["view"]["legal_actions"])[0], random.Random(1))
    answers: list[Any] = []

    def move() -> None:
        try:
            answers.append(client.command(game_id, tokens[seat], route, body, expected_version=mine["version"]))
        except ApiError as error:
            answers.append(error)

    racer = threading.Thread(target=move)
    clock(server, 24 * HOUR + 1)  # the deadline passes: the scheduler's tick and the move race
    racer.start()
    racer.join(timeout=limit(WAIT_LIMIT))
    assert answers, "the move never answered"
    assert eventually(lambda: client.game(game_id, tokens[0])["version"] > mine["version"])
    next_wake(server, client, game_id, tokens[0])
    events = history(client, game_id, tokens[0])
    timed_out = [e for e in events if e["type"] == "seat_timed_out" and e["seat"] == seat]
    answer = answers[0]
    if isinstance(answer, ApiError):
        assert 400 <= answer.status < 500 and answer.code, answer.line()
        assert len(timed_out) == 1, "the move lost, yet no timeout applied"
    else:
        assert not timed_out, "both the move and the timeout applied"


def test_a_game_without_a_clock_schedules_nothing(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.create_game(["Ada", "Grace"], {"flight": "A"})
    game_id, tokens = created["game_id"], dict(enumerate(client.tokens(created)))
    play(client, game_id, tokens, random.Random(4), max_commands=6)
    fired = clock(server)["fired"]
    clock(server, 30 * 24 * HOUR)
    assert eventually(lambda: clock(server)["passes"] > 0)
    assert wake_of(server, game_id) is None
    assert not [e for e in history(client, game_id, tokens[0]) if e["type"].startswith(("clock", "seat_timed"))]
    assert clock(server)["fired"] >= fired  # the sweep may run; it finds nothing of this game
