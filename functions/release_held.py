"""Every 5 minutes (template.yaml): the notices quiet hours held whose window has ended, sent if still relevant
(service/notices/held.py), through the same channels and delivery loop as the notifier's, markers included; and
the answers to replies held for a seat's next e-mail that no e-mail took in time, sent alone
(service/replies/fold.py).

A run takes at most BATCH due items and stops while it still has time to answer (infra/budget.py); what it
leaves, the next run takes. A failing item fails the run after the others were tried (the alarm on the
function's errors tells), and stays held for the next run.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import logger, metrics

BATCH = 200


def run() -> dict[str, int]:
    from infra.budget import can_start
    from service.notices.email.channel import EMAIL
    from service.notices.held import release
    from service.notices.push.channel import PUSH
    from service.times import iso_utc

    reactions = container.reactions()
    held = reactions.hold
    answered = answers(iso_utc(held.now()))
    due = held.held.due(iso_utc(held.now()), BATCH)
    if not due:
        return {"due": 0, "sent": 0, "dropped": 0, "still_quiet": 0, "answers": answered}
    channels = reactions.channels
    sent_now = {name for name in channels.by_name if name in (EMAIL, PUSH)}  # the channels quiet hours hold

    def send(channel: str, notices: list[Any], newest: Any) -> int:
        return channels.deliver(notices, channels.table(newest), only=[channel]).get(channel, 0)

    done = release(due, held, container.games().load, container.store().commits, send, sent_now,
                   lambda: can_start(container.time_left))
    return {"due": len(due), "sent": done.sent, "dropped": done.dropped, "still_quiet": done.still_quiet,
            "answers": answered}


def answers(now: str) -> int:
    """The held answers due by `now` sent alone: how many went (none without replies by e-mail)."""
    from infra.budget import can_start
    from service.replies.fold import release_due

    reactions = container.reactions()
    inbound = reactions.inbound
    if inbound is None:
        return 0
    return release_due(reactions.held_answers, inbound.send_alone, now, BATCH,
                       lambda: can_start(container.time_left))


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, int]:
    with container.invocation(context):
        figures = run()
    metrics.add_metric(name="HeldReleased", unit=MetricUnit.Count, value=figures["sent"])
    metrics.add_metric(name="HeldDropped", unit=MetricUnit.Count, value=figures["dropped"])
    metrics.add_metric(name="HeldAnswersSent", unit=MetricUnit.Count, value=figures["answers"])
    logger.info("held notices released", extra=figures)
    return figures


container.initialized()
