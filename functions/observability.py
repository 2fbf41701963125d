"""Logger, Metrics and Tracer: one of each per process, configured from POWERTOOLS_* variables."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit, single_metric

logger = Logger()
metrics = Metrics()
tracer = Tracer()


def count(name: str, **dimensions: str) -> None:
    """One count; with dimensions it goes out on its own, so they do not stick to the request's metrics."""
    if not dimensions:
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=1)
        return
    with single_metric(name=name, unit=MetricUnit.Count, value=1, namespace=metrics.namespace) as metric:
        for key, value in dimensions.items():
            metric.add_dimension(name=key, value=value)
