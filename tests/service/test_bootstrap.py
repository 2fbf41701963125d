"""The composition root builds the application service from fakes without touching AWS, and builds each adapter
once."""

from __future__ import annotations

import random

from domain import legal_actions
from domain.options import Options, SeatSpec
from infra.store import InMemoryEventStore
from service.bootstrap import Given, Services


def test_a_service_built_from_fakes_plays_and_builds_each_adapter_once() -> None:
    conflicts: list[int] = []
    services = Services(Given(store=InMemoryEventStore(), rng=random.Random(3)),
                        on_conflict=lambda: conflicts.append(1))
    games = services.games
    assert games is services.games and games.store is services.store and games.recent is services.recent
    created = games.create([SeatSpec(name="Ann"), SeatSpec(name="Bob")], Options(), [None, None])
    game_id = created.aggregate.game_id
    action = legal_actions(created.aggregate.state, 0)[0]
    outcome = games.handle(game_id, 0, action, None, command_id="c1")
    assert outcome.version == 2 and games.load(game_id).version == 2
    assert [c.version for c in games.history(outcome.aggregate, 0)] == [1, 2]
    assert "dynamodb" not in vars(services) and "sns" not in vars(services)  # no AWS client was ever built
