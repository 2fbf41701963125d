"""The table's stream -> "moved" messages on the live sockets watching each game.

Only new commit items come (the mapping's filter). A batch may hold several commits of one game: only its
newest is told (the clients read their view anyway), so each game costs one Query of its connections and one
post per connection. A connection API Gateway reports gone (GoneException) is forgotten. Any other failure
fails that record (partial batch failure): the stream delivers it again a bounded number of times, and a
message that stays late is worth little (the mapping drops records older than a minute).
"""

from __future__ import annotations

import json
import time
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import count, logger, metrics
from functions.stream_records import new_commit
from infra.connections import Connection

GONE = "GoneException"  # API Gateway: the connection is closed (HTTP 410)
processor = BatchProcessor(event_type=EventType.DynamoDBStreams, raise_on_entire_batch_failure=False)
_newest: dict[str, int] = {}  # each game's newest commit version in the running batch


class Deferred(Exception):
    """Not tried: too little of the invocation was left. The stream delivers the record again."""


class NotDelivered(Exception):
    """Some connection could not be told, for a reason other than being gone."""



def moved(game_id: str, version: int) -> bytes:
    """All a socket is ever told: no seat, no event, nothing a spectator could not read."""
    return json.dumps({"type": "moved", "game_id": game_id, "version": version}).encode()


def broadcast(game_id: str, version: int) -> int:
    """Posts to every connection watching the game; how many were told."""
    from botocore.exceptions import BotoCoreError, ClientError  # with the client: on first use (cold start)

    from infra.table import error_code

    store, client = container.reactions().connections, container.reactions().management
    data, told, failed = moved(game_id, version), 0, 0
    for connection_id in store.watching(game_id, int(time.time())):
        try:
            client.post_to_connection(ConnectionId=connection_id, Data=data)
            told += 1
        except ClientError as error:
            if error_code(error) != GONE:
                failed += 1
                logger.warning("live message not posted", extra={"game_id": game_id, "code": error_code(error)})
                continue
            store.remove(Connection(connection_id, game_id, 0))
            count("LiveConnectionsGone")
        except BotoCoreError:  # a timeout, a connection refused, no time left
            failed += 1
            logger.exception("live message not posted", extra={"game_id": game_id})
    if failed:
        raise NotDelivered(f"{failed} connection(s) of game {game_id} not told")
    return told


def record_handler(record: DynamoDBRecord) -> int:
    target = new_commit(record)
    if target is None or _newest.get(target[0], 0) > target[1]:
        return 0  # not a commit, or a newer commit of the game in this batch tells it
    from infra.budget import can_start

    if not can_start(container.time_left):
        raise Deferred()
    told = broadcast(*target)
    if told:
        metrics.add_metric(name="LiveMessagesSent", unit=MetricUnit.Count, value=told)
    return told


def newest(records: list[dict[str, Any]]) -> dict[str, int]:
    found: dict[str, int] = {}
    for raw in records:
        target = new_commit(DynamoDBRecord(raw))
        if target is not None:
            found[target[0]] = max(found.get(target[0], 0), target[1])
    return found


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    global _newest
    records = event.get("Records") or []
    metrics.add_metric(name="LiveStreamRecords", unit=MetricUnit.Count, value=len(records))
    _newest = newest(records)
    try:
        with container.invocation(context):
            return process_partial_response(event=event, record_handler=record_handler, processor=processor,
                                            context=context)
    finally:
        _newest = {}


# The end of the init phase (functions/container.py); the AWS side is imported by the first invocation.
container.initialized("infra.budget", "infra.table", "infra.connections.dynamodb")
