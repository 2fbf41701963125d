"""One contract, two webhook failure counters (infra/channels/webhook_state.py), on memory and moto: counted,
disabled at the limit, reset by a success, each write only for the URL's generation it was about, and each
moving the record's revision on (so a profile edit based on the older record re-reads instead of undoing it)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pytest

from infra.channels.webhook_state import DynamoWebhookState, MemoryWebhookState, WebhookState
from infra.players import InMemoryPlayerStore, PlayerRecord, PlayerStore, RevisionConflict
from infra.players.dynamodb import DynamoPlayerStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

PLAYER = "p" + "A" * 16
NOW = "2026-12-02T04:00:00Z"


@dataclass
class Backend:
    players: PlayerStore
    state: WebhookState


@pytest.fixture(params=["memory", "dynamodb"])
def backend(request: pytest.FixtureRequest, table_name: str) -> Backend:
    if request.param == "memory":
        store = InMemoryPlayerStore()
        found = Backend(store, MemoryWebhookState(store))
    else:
        client: DynamoDBClient = request.getfixturevalue("dynamodb")
        found = Backend(DynamoPlayerStore(table_name, client), DynamoWebhookState(table_name, client))
    found.players.create(PlayerRecord(PLAYER, "a" * 64, "Ada", "UTC", NOW, NOW))
    record = found.players.get(PLAYER)
    assert record is not None
    found.players.replace(replace(record, revision=2, webhook_url="https://hooks.example.org/a",
                                  webhook_secret="wh~" + "s" * 43, webhook_since=NOW, webhook_generation=2))
    return found


def current(backend: Backend) -> PlayerRecord:
    record = backend.players.get(PLAYER)
    assert record is not None
    return record


def test_failures_count_up_to_the_limit_and_disable(backend: Backend) -> None:
    assert [backend.state.failed(PLAYER, 2, 3, NOW) for _ in range(3)] == [False, False, True]
    record = current(backend)
    assert (record.webhook_failures, record.webhook_disabled_at) == (3, NOW)
    assert record.webhook_secret == "wh~" + "s" * 43  # the rest of the record untouched
    assert backend.state.failed(PLAYER, 2, 3, NOW) is False and current(backend).webhook_failures == 3


def test_a_success_resets_the_count(backend: Backend) -> None:
    backend.state.failed(PLAYER, 2, 5, NOW)
    backend.state.failed(PLAYER, 2, 5, NOW)
    backend.state.succeeded(PLAYER, 2)
    assert current(backend).webhook_failures is None
    revision = current(backend).revision
    backend.state.succeeded(PLAYER, 2)  # nothing to reset: nothing written
    assert current(backend).revision == revision


def test_writes_about_another_generation_change_nothing(backend: Backend) -> None:
    before = current(backend)
    assert backend.state.failed(PLAYER, 1, 1, NOW) is False
    backend.state.succeeded(PLAYER, 1)
    assert current(backend) == before


def test_each_write_moves_the_revision_so_an_older_profile_edit_re_reads(backend: Backend) -> None:
    read = current(backend)
    backend.state.failed(PLAYER, 2, 5, NOW)
    assert current(backend).revision == read.revision + 1
    with pytest.raises(RevisionConflict):
        backend.players.replace(replace(read, name="Ada L.", revision=read.revision + 1))
    assert current(backend).webhook_failures == 1
