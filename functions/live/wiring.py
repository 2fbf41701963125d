"""What the live functions use, built on first use, never at import: the connection store and the API Gateway
management client. Tests (and the local server) hand theirs in with `override`."""

from __future__ import annotations

import os
import time
from typing import Any

from functions import container
from infra.connections import CONNECTION_TTL, Connection, ConnectionStore

_given: dict[str, Any] = {}  # what `override` handed in
_built: dict[str, tuple[object, Any]] = {}  # name -> (the container's services it was built from, the thing)


def _once(name: str, build: Any) -> Any:
    """Built once per container services: a `container.reset()` (a test's new moto) rebuilds it too."""
    if name in _given:
        return _given[name]
    services = container.services()
    found = _built.get(name)
    if found is None or found[0] is not services:
        found = _built[name] = (services, build(services))
    return found[1]


def connections() -> ConnectionStore:
    def build(services: Any) -> ConnectionStore:
        from infra.connections.dynamodb import DynamoConnectionStore

        return DynamoConnectionStore.from_env(services.dynamodb)

    store: ConnectionStore = _once("connections", build)
    return store


def management() -> Any:
    """The management API of the stage the connections are on (LIVE_ENDPOINT: its https URL; locally the
    local server's emulation), bounded by the invocation's time like the other clients."""

    def build(_: Any) -> Any:
        import boto3

        from infra.budget import CLIENT_CONFIG, bound

        endpoint = os.environ.get("LIVE_ENDPOINT")
        if not endpoint:
            raise RuntimeError("LIVE_ENDPOINT is not set")
        client = boto3.client("apigatewaymanagementapi", endpoint_url=endpoint, config=CLIENT_CONFIG)
        return bound(client, container.time_left)

    return _once("management", build)


def override(*, connections: ConnectionStore | None = None, management: Any = None) -> None:
    """Use these (tests); what is not given is built from the environment."""
    _given.clear()
    _given.update({k: v for k, v in (("connections", connections), ("management", management)) if v is not None})


def now() -> int:
    return int(time.time())


def new_connection(connection_id: str, game_id: str) -> Connection:
    return Connection(connection_id, game_id, now() + CONNECTION_TTL)


def game_exists(game_id: str) -> bool:
    """One projected GetItem of the game's first commit (every game has one), not a load of its history."""
    from infra.store.dynamodb import DynamoEventStore, commit_key, partition  # with boto3: on first use

    store = container.store()
    if isinstance(store, DynamoEventStore):
        found = store.client.get_item(
            TableName=store.table, Key={"pk": {"S": partition(game_id)}, "sk": {"S": commit_key(1)}},
            ProjectionExpression="pk", ConsistentRead=True,
        )
        return "Item" in found
    return bool(store.commits(game_id))  # the in-memory store of tests: no cost to speak of
