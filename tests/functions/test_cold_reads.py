"""A command in a new container reads the game from where its expected_version says the newest snapshot is: the
snapshot and the commits after it, none before (DynamoDB bills every item a Query reads). Through the handlers,
under moto."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from devtools.client import ApiClient
from devtools.client.actions import concrete, playing
from devtools.client.bots import play
from devtools.client.http import ApiError
from functions import container
from service.games.repository import SNAPSHOT_EVERY
from tests.local.cli_gateway import transport
from tests.service.gateway import Gateway
from tests.service.support import AwsWorld


def _query_counts() -> list[int]:
    counts: list[int] = []

    def count(parsed: dict[str, Any], **_: Any) -> None:
        counts.append(int(parsed.get("Count", 0)))

    container.dynamodb().meta.events.register("after-call.dynamodb.Query", count)
    return counts


def _new_container() -> None:
    """What a cold start has: no cached game (the clients kept, moto's state is theirs)."""
    container.install(replace(container.given(), dynamodb=container.dynamodb(), sns=container.sns(),
                              rng=container.rng()))


def test_a_cold_command_reads_only_the_newest_snapshot_and_the_commits_after_it(aws: AwsWorld) -> None:
    gw, rng = Gateway(), random.Random(5)
    api = ApiClient("http://127.0.0.1", transport=transport(gw), retries=0)
    created = api.create_game(["A", "B", "C"])
    game_id, tokens = created["game_id"], dict(enumerate(api.tokens(created)))
    run = play(api, game_id, tokens, rng, max_commands=2 * SNAPSHOT_EVERY + 5)
    assert not run.finished and run.version > 2 * SNAPSHOT_EVERY
    seat = run.waiting_for[0]
    mine = api.game(game_id, tokens[seat])
    route, body = concrete(rng.choice(playing(mine["view"]["legal_actions"])), rng)
    _new_container()
    counts = _query_counts()
    answer = api.command(game_id, tokens[seat], route, body, expected_version=mine["version"])
    assert answer["command_version"] == mine["version"] + 1
    since_snapshot = mine["version"] % SNAPSHOT_EVERY
    assert counts == [since_snapshot + 1]  # the commits after the snapshot, and the snapshot


    seat = answer["to_act"][0]
    mine = api.game(game_id, tokens[seat])
    route, body = concrete(rng.choice(playing(mine["view"]["legal_actions"])), rng)
    _new_container()
    counts = _query_counts()
    with pytest.raises(ApiError) as refused:  # a version from the future: the hint finds nothing, the answer holds
        api.command(game_id, tokens[seat], route, body, expected_version=mine["version"] + 3 * SNAPSHOT_EVERY)
    assert refused.value.status == 409 and refused.value.code == "stale_version"
    assert counts[0] == 0 and len(counts) == 2  # the empty hinted read, then the read without a hint
