"""The WebSocket API's three routes. API Gateway sends them its WebSocket event (requestContext.routeKey,
connectionId, eventType); `$connect` refuses a connection by answering a non-2xx status."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from functions import container
from functions.api.models import GAME_ID_PATTERN
from functions.observability import count, logger
from infra.connections import CONNECTION_TTL, Connection

_GAME_ID = re.compile(GAME_ID_PATTERN)
MAX_PING_BYTES = 1024  # a ping is {"action": "ping"}: anything much longer is not one


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


def refused(status: int, code: str, message: str) -> dict[str, Any]:
    return {"statusCode": status, "body": json.dumps({"error": {"code": code, "message": message, "details": {}}})}


def connection_id(event: dict[str, Any]) -> str:
    return str((event.get("requestContext") or {}).get("connectionId") or "")


def connect(event: dict[str, Any]) -> dict[str, Any]:
    """`?game_id=` names the game to watch; it must exist. The connection is kept under that game."""
    game_id = str((event.get("queryStringParameters") or {}).get("game_id") or "")
    if not _GAME_ID.fullmatch(game_id):
        return refused(400, "invalid_request", "Connect with ?game_id=<the game's id>.")
    if not game_exists(game_id):
        return refused(404, "not_found", "No such game.")
    try:
        container.reactions().connections.add(new_connection(connection_id(event), game_id))
    except ValueError:  # not API Gateway's connection id: nothing else sends these events
        return refused(400, "invalid_request", "Not a connection this API knows.")
    logger.append_keys(game_id=game_id)
    logger.info("live connection opened")
    count("LiveConnections")
    return {"statusCode": 200}


def disconnect(event: dict[str, Any]) -> dict[str, Any]:
    """Both items of the connection go (API Gateway does not wait for the answer: best effort, TTL after it)."""
    store = container.reactions().connections
    found = store.find(connection_id(event), now())
    if found is not None:
        store.remove(found)
    return {"statusCode": 200}


def default(event: dict[str, Any]) -> dict[str, Any]:
    """`{"action": "ping"}` answers `{"type": "pong"}`: a client pings to keep API Gateway's 10-minute idle
    timeout away. Anything else answers an error message on the socket, and the connection stays."""
    body = event.get("body")
    try:
        message = json.loads(body) if isinstance(body, str) and len(body) <= MAX_PING_BYTES else None
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        message = None
    if isinstance(message, dict) and message.get("action") == "ping":
        return {"statusCode": 200, "body": json.dumps({"type": "pong"})}
    return {"statusCode": 200, "body": json.dumps({"type": "error", "error": {
        "code": "unknown_action", "message": 'The only message is {"action": "ping"}.', "details": {}}})}
