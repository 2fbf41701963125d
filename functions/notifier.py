"""The table's stream -> "your turn" notices on SNS, one per seat that must now act.

Only new commit items matter (snapshots and notice markers are skipped). The batch's commits are
grouped by game, so each game is read once per invocation; each record is then delivered on its own:
a failure is reported for that record alone (partial batch failure), Lambda retries it, bisecting, a
bounded number of times, and then hands it to the dead-letter queue.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
    DynamoDBRecordEventName,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import runtime
from functions.observability import count, logger, metrics, tracer
from infra.notify import Notice, deliver, notices

GAME_PREFIX = "GAME#"  # infra.store.dynamodb.partition
processor = BatchProcessor(event_type=EventType.DynamoDBStreams)
Plan = dict[tuple[str, int], list[Notice] | Exception]
_plan: Plan = {}


def new_commit(record: DynamoDBRecord) -> tuple[str, int] | None:
    """(game id, version) of a newly written commit item; None for anything else."""
    if record.event_name is not DynamoDBRecordEventName.INSERT or record.dynamodb is None:
        return None
    image = record.dynamodb.new_image
    pk = image.get("pk")
    if image.get("kind") != "commit" or not isinstance(pk, str) or not pk.startswith(GAME_PREFIX):
        return None
    return pk.removeprefix(GAME_PREFIX), int(image["version"])


def plan(records: list[dict[str, Any]]) -> Plan:
    """Every commit's notices, one read per game. A game that cannot be read fails only its own records."""
    versions: dict[str, set[int]] = defaultdict(set)
    for raw in records:
        target = new_commit(DynamoDBRecord(raw))
        if target is not None:
            versions[target[0]].add(target[1])
    planned: Plan = {}
    for game_id, wanted in versions.items():
        try:
            for version, found in notices(runtime.store(), game_id, wanted, runtime.recent_games()).items():
                planned[(game_id, version)] = found
        except Exception as error:
            logger.exception("game not readable", extra={"game_id": game_id})
            planned.update({(game_id, v): error for v in wanted})
    return planned


def record_handler(record: DynamoDBRecord) -> int:
    target = new_commit(record)
    if target is None:
        return 0
    planned = _plan.get(target)
    try:
        if isinstance(planned, Exception):
            raise planned
        sent = deliver(planned or [], runtime.publisher(), runtime.markers())
    except Exception:
        count("NotificationFailures")
        logger.exception("notices not delivered", extra={"game_id": target[0], "version": target[1]})
        raise
    if sent:
        metrics.add_metric(name="NotificationsSent", unit=MetricUnit.Count, value=sent)
    return sent


@logger.inject_lambda_context(clear_state=True)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    global _plan
    records = event.get("Records") or []
    metrics.add_metric(name="StreamRecords", unit=MetricUnit.Count, value=len(records))
    _plan = plan(records)
    try:
        return process_partial_response(
            event=event, record_handler=record_handler, processor=processor, context=context
        )
    finally:
        _plan = {}
