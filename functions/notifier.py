"""The table's stream -> "your turn" notices on SNS, one per seat that must now act.

Only new commit items matter (snapshots and notice markers are skipped). The batch's commits are
grouped by game, so each game is read once per invocation, when its first record comes up; each record is
then delivered on its own: a failure is reported for that record alone (partial batch failure), Lambda
retries it, bisecting, a bounded number of times, and then hands it to the dead-letter queue.

The same pass keeps the "my games" read model (functions/my_games_feed.py): a game's entries once per game per
batch, from the newest state folded for its notices, and a lobby's entries from each lobby item written.

E-mail (service/notices/email/plan.py): when PAGE_BASE_URL and the sender (EMAIL_FROM) are set, the same notices also
go by e-mail to the seats whose player confirmed an address (or whose seat was given one), coalesced to one per
seat per round, through SES (SES_CONFIGURATION_SET). SNS goes first: a failed e-mail fails its record, and the
retry finds the SNS notices marked, so only the e-mail is tried again. Push (service/notices/push/plan.py) comes last,
to the devices of the seats' players, when a platform application is configured; quiet hours hold e-mail and
push (service/notices/held.py). Webhooks (functions/webhook_notices.py)
are queued last, the same way, to WEBHOOK_QUEUE_URL.

Clocks (functions/clock_schedule.py): the same newest state moves a clocked game's one schedule to its next
reminder or deadline (or clears it), once per game per batch; a scheduler failure fails the record.

Time: a record is taken only while there is time for an AWS call and the answer after it
(infra/budget.py); the rest of the batch is reported as failed without being tried, so the stream delivers
it again, and the function answers before its timeout.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from domain.records import field, record
from functions import clock_schedule, container
from functions.my_games_feed import keep_game, keep_lobby, lobby_item
from functions.observability import count, logger, metrics
from functions.outbox import outbox_item, relay
from functions.push_notices import send_pushes
from functions.stream_records import new_commit
from functions.webhook_notices import send_webhooks
from infra.budget import can_start
from service.notices.plan import Notice, Planned, deliver

if TYPE_CHECKING:
    from infra.channels.email import EmailSender
    from service.notices.email.plan import Mailer
    from service.notices.held import Hold

# A batch cut short by the clock may leave every record to the stream: that is a partial response like any
# other, not a function error (and the stream's retries behave the same either way).
processor = BatchProcessor(event_type=EventType.DynamoDBStreams, raise_on_entire_batch_failure=False)
Plan = dict[tuple[str, int], list[Notice] | Exception]


class Deferred(Exception):
    """Not tried: too little of the invocation was left. The stream delivers the record again."""


@record
class Batch:
    wanted: dict[str, set[int]] = field(default_factory=dict)  # each game's commit versions in the batch
    planned: Plan = field(default_factory=dict)
    deferred: int = 0
    newest: dict[str, Planned] = field(default_factory=dict)  # each game's newest state, for "my games"
    kept: set[str] = field(default_factory=set)  # the games whose "my games" entries are written
    mailer: Mailer | None = None  # built on the batch's first e-mail (it keeps the games' commits it read)
    scheduled: set[str] = field(default_factory=set)  # the games whose clock schedule is set (clock_schedule.py)


_batch = Batch()
_email_sender: EmailSender | None = None


def use_email_sender(sender: EmailSender | None) -> None:
    """Send e-mails through `sender` (tests, the local server); None: through SES again, built on first use."""
    global _email_sender
    _email_sender = sender


def email_sender() -> EmailSender:
    global _email_sender
    if _email_sender is None:
        import boto3

        from infra.budget import CLIENT_CONFIG, bound
        from infra.channels.email import SesEmailSender

        client = bound(boto3.client("sesv2", config=CLIENT_CONFIG), container.time_left)
        _email_sender = SesEmailSender(client, os.environ["EMAIL_FROM"], os.environ.get("SES_CONFIGURATION_SET"))
    return _email_sender


def email_channel() -> EmailSender | None:
    """The e-mail sender when the channel is configured (the outbox's confirmation e-mails use it too)."""
    base = os.environ.get("PAGE_BASE_URL", "").strip()
    if not base or not (os.environ.get("EMAIL_FROM") or _email_sender is not None):
        return None
    return email_sender()


def mailer() -> Mailer | None:
    """The e-mail channel, when configured; None: SNS notices only."""
    base = os.environ.get("PAGE_BASE_URL", "").strip()
    if not base or not (os.environ.get("EMAIL_FROM") or _email_sender is not None):
        return None
    if _batch.mailer is None:
        from functions.push_notices import hold

        _batch.mailer = build_mailer(base, hold())
    return _batch.mailer


def build_mailer(base: str, held: Hold | None) -> Mailer:
    """The e-mail planner over this container's stores, as the notifier and the release of held notices use it."""
    from functions.mail import wiring
    from service.notices.email.plan import Mailer

    return Mailer(email_sender(), container.markers(), container.links(), container.store().commits, base,
                  container.services().player_store, hold=held, state=wiring.mail_state(),
                  unsubscribes=wiring.unsubscribes(), dead_letters=wiring.dead_letters())


def send_emails(game_id: str, planned: list[Notice]) -> int:
    mail = mailer()
    found = _batch.newest.get(game_id)
    if mail is None or not planned or found is None or found.newest is None:
        return 0
    sent = mail.deliver(planned, found.newest)
    if sent:
        metrics.add_metric(name="EmailsSent", unit=MetricUnit.Count, value=sent)
    return sent



def wanted(records: list[dict[str, Any]]) -> dict[str, set[int]]:
    versions: dict[str, set[int]] = defaultdict(set)
    for raw in records:
        target = new_commit(DynamoDBRecord(raw))
        if target is not None:
            versions[target[0]].add(target[1])
    return dict(versions)


def plan(game_id: str, versions: set[int]) -> Plan:
    """Every batched commit of one game and its notices, in one read. An unreadable game fails only its records."""
    try:
        found = container.games().plan(game_id, versions)
    except Exception as error:
        logger.exception("game not readable", extra={"game_id": game_id})
        return {(game_id, v): error for v in versions}
    _batch.newest[game_id] = found
    return {(game_id, version): planned for version, planned in found.notices.items()}


def keep_entries(game_id: str) -> None:
    """The game's "my games" entries, once per batch (a failure fails the record: the next one tries again)."""
    if game_id in _batch.kept or game_id not in _batch.newest:
        return
    found = _batch.newest[game_id]
    keep_game(found.newest, found.recorded_at)
    _batch.kept.add(game_id)


def keep_clock(game_id: str) -> None:
    """The game's clock schedule follows its newest state, once per batch (a failure fails the record)."""
    found = _batch.newest.get(game_id)
    if game_id in _batch.scheduled or found is None or found.newest is None:
        return
    clock_schedule.keep(found.newest)
    _batch.scheduled.add(game_id)


def on_lobby(record: DynamoDBRecord) -> int | None:
    """A lobby item's "my games" entries; None when the record is not a lobby's."""
    lobby = lobby_item(record)
    if lobby is None:
        return None
    if not can_start(container.time_left):
        _batch.deferred += 1
        raise Deferred()
    keep_lobby(lobby)
    return 0


def record_handler(record: DynamoDBRecord) -> int:
    if (outbox := outbox_item(record)) is not None:  # a message of the transactional outbox (functions/outbox.py)
        return relay(outbox)
    if (kept := on_lobby(record)) is not None:
        return kept
    target = new_commit(record)
    if target is None:
        return 0
    if not can_start(container.time_left):
        _batch.deferred += 1
        raise Deferred()
    if target not in _batch.planned:
        _batch.planned.update(plan(target[0], _batch.wanted.get(target[0], {target[1]})))
    planned = _batch.planned.get(target)
    try:
        if isinstance(planned, Exception):
            raise planned
        sent = deliver(planned or [], container.publisher(), container.markers())
        send_emails(target[0], planned or [])
        send_pushes(planned or [], _batch.newest[target[0]].newest if target[0] in _batch.newest else None)
        send_webhooks(planned or [], _batch.newest.get(target[0]))  # functions/webhook_notices.py
        keep_entries(target[0])
        keep_clock(target[0])
    except Exception:
        count("NotificationFailures")
        logger.exception("notices not delivered", extra={"game_id": target[0], "version": target[1]})
        raise
    if sent:
        metrics.add_metric(name="NotificationsSent", unit=MetricUnit.Count, value=sent)
    return sent


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    global _batch
    records = event.get("Records") or []
    metrics.add_metric(name="StreamRecords", unit=MetricUnit.Count, value=len(records))
    _batch = Batch(wanted(records))
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
        _batch = Batch()


container.initialized()  # the end of the init phase: see functions/container.py
