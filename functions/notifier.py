"""The table's stream -> its reactions, through one table: each record's item is parsed once, by its kind, and
handed to the reactions of that kind (functions/reactions.py):

| item           | reactions                                                                        |
|----------------|----------------------------------------------------------------------------------|
| outbox message | relay (functions/outbox.py): published, or sent as e-mail                        |
| lobby          | "my games" entries of its seats                                                  |
| commit         | notices (every channel), "my games", the clock's schedule, the acting seat's look |

Anything else (snapshots, markers) is skipped. Each reaction runs on its own: one that fails does not stop
the others, and fails the record (partial batch failure), which Lambda retries, bisecting, a bounded number of
times, and then hands to the dead-letter queue. Every reaction is idempotent (markers, writes conditional on
the game's version), so a retry repeats nothing; and the reactions a failed record had finished are remembered
by this container, so that its retry runs only the ones that failed (docs/adr/0024-the-reaction-side.md).

Time: a record is taken only while there is time for an AWS call and the answer after it (infra/budget.py);
the rest of the batch is reported as failed without being tried, so the stream delivers it again, and the
function answers before its timeout.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container, reactions
from functions.my_games_feed import lobby_item
from functions.observability import count, logger, metrics
from functions.outbox import outbox_item, relay
from functions.stream_records import new_commit
from infra.budget import can_start

# A batch cut short by the clock may leave every record to the stream: that is a partial response like any
# other, not a function error (and the stream's retries behave the same either way).
processor = BatchProcessor(event_type=EventType.DynamoDBStreams, raise_on_entire_batch_failure=False)

Reaction = Callable[[Any], object]  # what it answers is not looked at


def _commit(batch: reactions.Batch, target: tuple[str, int]) -> dict[str, Reaction]:
    game_id, version = target
    return {"notices": lambda _: reactions.notices(batch, game_id, version),
            "my_games": lambda _: reactions.my_games(batch, game_id, version),
            "clock": lambda _: reactions.clock(batch, game_id, version),
            "seen": lambda _: reactions.seen(batch, game_id, version)}


def parse(record: DynamoDBRecord, batch: reactions.Batch) -> tuple[str, Any, dict[str, Reaction]] | None:
    """The record's kind, what it carries and its reactions, by the one table; None: nothing reacts to it."""
    if (outbox := outbox_item(record)) is not None:
        return "outbox", outbox, {"relay": relay}
    if (lobby := lobby_item(record)) is not None:
        return "lobby", lobby, {"my_games": lambda found: reactions.lobby(found)}
    if (target := new_commit(record)) is not None:
        return "commit", target, _commit(batch, target)
    return None


class Deferred(Exception):
    """Not tried: too little of the invocation was left. The stream delivers the record again."""


# The reactions a failed record had finished, by its stream event id, so that its retry runs only the others
# (bounded: a retry comes within minutes; a container that is gone has forgotten, and idempotency holds then).
_finished: OrderedDict[str, set[str]] = OrderedDict()
FINISHED_KEPT = 1024
_batch = reactions.Batch()


def record_handler(record: DynamoDBRecord) -> int:
    parsed = parse(record, _batch)
    if parsed is None:
        return 0
    kind, item, table = parsed
    if not can_start(container.time_left):
        _batch.deferred += 1
        raise Deferred()
    event_id = str(record.event_id or "")
    done = _finished.pop(event_id, set())
    failed: list[tuple[str, Exception]] = []
    for name, react in table.items():
        if name in done:
            continue
        try:
            react(item)
            done.add(name)
        except Exception as error:
            failed.append((name, error))
            _log_failure(kind, name, item)
    if failed:
        count("NotificationFailures" if kind == "commit" else "ReactionFailures")  # once per failed record
        if event_id:
            _finished[event_id] = done
            while len(_finished) > FINISHED_KEPT:
                _finished.popitem(last=False)
        raise failed[0][1]
    return len(done)


def _log_failure(kind: str, reaction: str, item: Any) -> None:
    if kind == "commit":
        game_id, version = item
        logger.exception(f"{reaction} failed", extra={"game_id": game_id, "version": version, "reaction": reaction})
    else:
        logger.exception(f"{reaction} failed", extra={"kind": kind, "reaction": reaction})


def wanted(records: list[dict[str, Any]]) -> dict[str, set[int]]:
    versions: dict[str, set[int]] = defaultdict(set)
    for raw in records:
        target = new_commit(DynamoDBRecord(raw))
        if target is not None:
            versions[target[0]].add(target[1])
    return dict(versions)


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    global _batch
    records = event.get("Records") or []
    metrics.add_metric(name="StreamRecords", unit=MetricUnit.Count, value=len(records))
    _batch = reactions.Batch(wanted(records))
    try:
        with container.invocation(context):
            response = process_partial_response(
                event=event, record_handler=record_handler, processor=processor, context=context
            )
        if _batch.deferred:
            metrics.add_metric(name="NotificationsDeferred", unit=MetricUnit.Count, value=_batch.deferred)
            logger.warning("batch cut short by the function's timeout: the stream delivers the rest again",
                           extra={"deferred": _batch.deferred, "records": len(records)})
        return response
    finally:
        _batch = reactions.Batch()


container.initialized()  # the end of the init phase: see functions/container.py
