"""The clocks' safety net (a rate schedule): tick every clocked game whose wake a schedule missed
(functions/clock_runs.py), as many as the invocation's time allows; the next run takes the rest."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from functions import container
from functions.clock_runs import sweep
from functions.observability import logger, metrics
from service.clock import now_epoch


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
@container.bounded
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    report = sweep(now_epoch())
    metrics.add_metric(name="ClockSweepTicked", unit=MetricUnit.Count, value=len(report.ticked))
    if report.deferred or report.failed:
        logger.warning("sweep left games for the next run",
                       extra={"deferred": report.deferred, "failed": report.failed})
    return {"found": report.found, "ticked": len(report.ticked), "failed": report.failed,
            "deferred": report.deferred}


container.initialized()
