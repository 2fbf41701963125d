"""The live socket's routes and the broadcaster, over moto (and memory): connections kept under their game,
both items removed on disconnect, "moved" posted to each watcher, gone connections forgotten."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from botocore.exceptions import ClientError

from domain import legal_actions, to_act
from domain.options import SeatSpec
from functions import container
from functions.live import broadcaster, connect, default, disconnect
from functions.live.routes import now
from infra.connections import CONNECTION_TTL, InMemoryConnectionStore
from service.games import pipeline
from tests.service.gateway import FakeContext
from tests.service.iam import OperationLog, assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import AwsWorld, MemoryWorld, give


class FakeManagement:
    """The management API: what was posted to whom; `gone` connections answer GoneException, `broken` ones
    another error."""

    def __init__(self, gone: set[str] = frozenset(), broken: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.gone, self.broken = set(gone), set(broken)
        self.posted: list[tuple[str, dict[str, Any]]] = []

    def post_to_connection(self, *, ConnectionId: str, Data: bytes) -> None:
        for ids, code, status in ((self.gone, "GoneException", 410), (self.broken, "LimitExceededException", 429)):
            if ConnectionId in ids:
                raise ClientError({"Error": {"Code": code, "Message": "no"},
                                   "ResponseMetadata": {"HTTPStatusCode": status}}, "PostToConnection")
        self.posted.append((ConnectionId, json.loads(Data)))


@pytest.fixture(params=["memory", "aws"])
def world(request: pytest.FixtureRequest) -> Iterator[MemoryWorld | AwsWorld]:
    found = request.getfixturevalue(request.param)
    if request.param == "memory":
        give(connections=InMemoryConnectionStore())
    yield found


def socket_event(route: str, connection_id: str, **fields: Any) -> dict[str, Any]:
    event_type = {"$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route, "MESSAGE")
    return {"requestContext": {"routeKey": route, "eventType": event_type, "connectionId": connection_id,
                               "domainName": "abc.execute-api.eu-west-1.amazonaws.com", "stage": "live"},
            "isBase64Encoded": False, **fields}


def new_game() -> str:
    created = pipeline.create_game(container.store(), [SeatSpec(name="A"), SeatSpec(name="B")],
                                   rng=random.Random(1))
    return created.aggregate.game_id


def open_socket(connection_id: str, game_id: str) -> dict[str, Any]:
    reply: dict[str, Any] = connect.lambda_handler(
        socket_event("$connect", connection_id, queryStringParameters={"game_id": game_id}), FakeContext())
    return reply


def test_a_connection_is_kept_under_its_game_until_it_disconnects(world: MemoryWorld | AwsWorld) -> None:
    game_id = new_game()
    assert open_socket("c1=", game_id) == {"statusCode": 200}
    assert open_socket("c2=", game_id)["statusCode"] == 200
    store = container.reactions().connections
    assert store.watching(game_id, now()) == ["c1=", "c2="]
    kept = store.find("c1=", now())
    assert kept is not None and kept.game_id == game_id
    assert now() + CONNECTION_TTL - 60 <= kept.expires_at <= now() + CONNECTION_TTL
    assert disconnect.lambda_handler(socket_event("$disconnect", "c1="), FakeContext()) == {"statusCode": 200}
    assert store.watching(game_id, now()) == ["c2="] and store.find("c1=", now()) is None
    # A disconnect of an unknown connection (its $connect was refused, or it already expired) is no error.
    assert disconnect.lambda_handler(socket_event("$disconnect", "c9="), FakeContext())["statusCode"] == 200


@pytest.mark.parametrize(("query", "status"), [(None, 400), ({"game_id": ""}, 400), ({"game_id": "a/b"}, 400),
                                               ({"game_id": "x" * 65}, 400), ({"game_id": "nosuchgame"}, 404)])
def test_a_connection_to_no_game_is_refused_and_writes_nothing(
        world: MemoryWorld | AwsWorld, query: dict[str, str] | None, status: int) -> None:
    game_id = new_game()
    event = socket_event("$connect", "c1=", **({"queryStringParameters": query} if query is not None else {}))
    reply = connect.lambda_handler(event, FakeContext())
    assert reply["statusCode"] == status and json.loads(reply["body"])["error"]["code"]
    assert container.reactions().connections.find("c1=", now()) is None
    assert container.reactions().connections.watching(game_id, now()) == []


@pytest.mark.parametrize(("body", "answer"), [
    ('{"action": "ping"}', "pong"), ('{"action": "other"}', "error"), ("not json", "error"), (None, "error"),
    ('{"action": "ping", "pad": "' + "x" * 2000 + '"}', "error"), ('["ping"]', "error"), ("[" * 1000, "error"),
])
def test_the_default_route_answers_a_ping(body: str | None, answer: str) -> None:
    reply = default.lambda_handler(socket_event("$default", "c1=", body=body), FakeContext())
    assert reply["statusCode"] == 200 and json.loads(reply["body"])["type"] == answer


def test_each_watcher_is_told_the_newest_version_and_gone_ones_are_forgotten(aws: AwsWorld) -> None:
    management = FakeManagement(gone={"gone"})
    give(management=management)
    log = OperationLog()
    log.watch(container.dynamodb())
    stream = StreamReader(aws.dynamodb)
    game_id, other = new_game(), new_game()
    for connection_id, game in (("a1=", game_id), ("b2=", game_id), ("gone", game_id), ("o1=", other)):
        with log.running("functions/live/connect.lambda_handler"):
            assert open_socket(connection_id, game)["statusCode"] == 200
    # Two commits of one game in a batch (and connection items, which the real mapping filters out).
    aggregate = container.games().load(game_id)
    seat = to_act(aggregate.state)[0]
    pipeline.handle(container.store(), game_id, seat, legal_actions(aggregate.state, seat)[0], command_id="m1")
    records = stream.read()
    with log.running("functions/live/broadcaster.lambda_handler"):
        assert broadcaster.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}
    assert sorted(management.posted, key=lambda p: p[0]) == [
        ("a1=", {"type": "moved", "game_id": game_id, "version": 2}),
        ("b2=", {"type": "moved", "game_id": game_id, "version": 2}),
        ("o1=", {"type": "moved", "game_id": other, "version": 1}),
    ]
    store = container.reactions().connections
    assert store.watching(game_id, now()) == ["a1=", "b2="] and store.find("gone", now()) is None
    with log.running("functions/live/disconnect.lambda_handler"):
        disconnect.lambda_handler(socket_event("$disconnect", "a1="), FakeContext())
    assert_within_policies(log)
    assert {c.action for c in log.used["functions/live/broadcaster.lambda_handler"]} == {
        "dynamodb:Query", "dynamodb:DeleteItem"}


def test_a_failed_post_fails_that_record_alone(aws: AwsWorld) -> None:
    stream = StreamReader(aws.dynamodb)
    told, broken = new_game(), new_game()
    assert open_socket("ok1", told)["statusCode"] == open_socket("bad1", broken)["statusCode"] == 200
    records = [r for r in stream.read() if r["dynamodb"]["NewImage"]["kind"]["S"] == "commit"]
    management = FakeManagement(broken={"bad1"})
    give(management=management)
    reply = broadcaster.lambda_handler({"Records": records}, FakeContext())
    failed = [r["dynamodb"]["SequenceNumber"] for r in records
              if r["dynamodb"]["NewImage"]["pk"]["S"] == f"GAME#{broken}"]
    assert reply == {"batchItemFailures": [{"itemIdentifier": n} for n in failed]}
    assert management.posted == [("ok1", {"type": "moved", "game_id": told, "version": 1})]
    assert container.reactions().connections.find("bad1", now()) is not None  # not gone: kept
