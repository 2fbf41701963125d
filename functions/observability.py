"""Logger and Metrics: one of each per process, configured from POWERTOOLS_* variables.

No Tracer: traces come from Lambda's active tracing (template.yaml), without the X-Ray SDK and the botocore it
imports at cold start (docs/adr/0007-tracing.md).
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

logger = Logger()
metrics = Metrics()


def count(name: str, **dimensions: str) -> None:
    """One count; with dimensions it goes out on its own, so they do not stick to the request's metrics."""
    if not dimensions:
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=1)
        return
    with single_metric(name=name, unit=MetricUnit.Count, value=1, namespace=metrics.namespace) as metric:
        for key, value in dimensions.items():
            metric.add_dimension(name=key, value=value)
