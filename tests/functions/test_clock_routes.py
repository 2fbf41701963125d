"""Turn clocks over HTTP: POST /games takes options.clock (strictly), every view shows the seats' clocks, and a
move overtaken by its seat's timeout is answered 409 timed_out, writing nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.clock import use_clock
from service.clocks.tick import tick
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld

T0 = 1_800_000_000.0
DAY = 86400.0


@pytest.fixture
def fixed_time() -> Iterator[None]:
    use_clock(lambda: T0)
    yield
    use_clock(None)


def test_a_clocked_game_over_http_and_the_late_move(memory: MemoryWorld, fixed_time: None) -> None:
    gw = Gateway()
    created = gw.post("/games", {"seats": [{"name": "Ann"}, {"name": "Bob"}],
                                 "options": {"clock": {"mode": "per_move", "per_move_hours": 24}}})
    assert created.status == 201, created.text
    game, tokens = created.body["game_id"], [s["token"] for s in created.body["seats"]]
    shown = gw.get(f"/games/{game}", token=tokens[0]).body["view"]
    assert [c["deadline"] for c in shown["clocks"]] == [T0 + DAY, T0 + DAY]
    assert shown["options"]["clock"]["per_move_hours"] == 24
    move = shown["legal_actions"][0]
    tick(memory.store, game, T0 + DAY)
    commits = memory.commit_count()
    late = gw.post(f"/games/{game}/{move['type']}", {**move, "command_id": "late"}, token=tokens[0])
    assert (late.status, late.code) == (409, "timed_out"), late.text
    assert late.body["error"]["details"]["deadline"] == "2027-01-16T08:00:00.000Z"
    assert memory.commit_count() == commits


@pytest.mark.parametrize("clock", [{"per_move_hours": "24"}, {"per_move_hours": 0}, {"per_move_hours": 721},
                                   {"reminders": [1.5]}, {"mode": "hourglass"},
                                   {"timeouts_to_replace": 0}, {"surprise": 1}])
def test_a_clock_out_of_bounds_is_refused_and_writes_nothing(memory: MemoryWorld, clock: dict[str, object]) -> None:
    reply = Gateway().post("/games", {"seats": [{"name": "Ann"}], "options": {"clock": clock}})
    assert (reply.status, reply.code) == (422, "invalid_request"), reply.text
    assert memory.commit_count() == 0
