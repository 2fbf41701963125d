"""Every 15 minutes (template.yaml): the notices quiet hours held whose window has ended, sent if still relevant
(service/notices/held.py), through the same e-mail and push planners as the notifier's, markers included.

A run takes at most BATCH due items and stops while it still has time to answer (infra/budget.py); what it
leaves, the next run takes. A failing item fails the run after the others were tried (the alarm on the
function's errors tells), and stays held for the next run.
"""

from __future__ import annotations

import os
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.observability import logger, metrics

BATCH = 200


def channels() -> dict[str, Any]:
    from functions.push_notices import hold, pusher
    from service.notices.email.plan import EMAIL
    from service.notices.push.plan import PUSH

    found: dict[str, Any] = {}
    held = hold()
    base = os.environ.get("PAGE_BASE_URL", "").strip()
    if base and os.environ.get("EMAIL_FROM"):
        from functions.notifier import build_mailer

        found[EMAIL] = build_mailer(base, held).deliver
    push = pusher(held)
    if push is not None:
        found[PUSH] = push.deliver
    return found


def run() -> dict[str, int]:
    from functions.push_notices import hold
    from infra.budget import can_start
    from service.notices.held import iso_utc, release

    held = hold()
    due = held.held.due(iso_utc(held.now()), BATCH)
    if not due:
        return {"due": 0, "sent": 0, "dropped": 0, "still_quiet": 0}
    done = release(due, held, container.games().load, container.store().commits, channels(),
                   lambda: can_start(container.time_left))
    return {"due": len(due), "sent": done.sent, "dropped": done.dropped, "still_quiet": done.still_quiet}


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, int]:
    with container.invocation(context):
        figures = run()
    metrics.add_metric(name="HeldReleased", unit=MetricUnit.Count, value=figures["sent"])
    metrics.add_metric(name="HeldDropped", unit=MetricUnit.Count, value=figures["dropped"])
    logger.info("held notices released", extra=figures)
    return figures


container.initialized()
