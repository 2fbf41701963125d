"""Quiet metrics: the EMF documents powertools prints even with metrics disabled never reach the terminal."""

from __future__ import annotations

import io
import sys
import threading

from aws_lambda_powertools.metrics import MetricUnit, single_metric

from devtools.local.quiet import WithoutMetrics


def test_emf_lines_are_dropped_and_everything_else_kept() -> None:
    out = io.StringIO()
    stream = WithoutMetrics(out)
    print("[outbox] seat 0 of game g: your turn", file=stream)
    print('{"_aws": {"Timestamp": 1, "CloudWatchMetrics": []}, "Rejected": [1.0]}', file=stream)
    print('{"level": "ERROR", "message": "unhandled error"}', file=stream)
    stream.write("partial")
    stream.flush()
    assert out.getvalue() == ('[outbox] seat 0 of game g: your turn\n'
                              '{"level": "ERROR", "message": "unhandled error"}\npartial')


def test_powertools_single_metric_prints_nothing_through_it() -> None:
    out = io.StringIO()
    real = sys.stdout
    sys.stdout = WithoutMetrics(out)
    try:
        with single_metric(name="Rejected", unit=MetricUnit.Count, value=1, namespace="Test") as metric:
            metric.add_dimension(name="code", value="not_your_turn")
        print("after")
    finally:
        sys.stdout = real
    assert out.getvalue() == "after\n"


def test_lines_of_threads_do_not_mix() -> None:
    out = io.StringIO()
    stream = WithoutMetrics(out)
    stream.write("first half ")
    other = threading.Thread(target=lambda: print('{"_aws": {}}', file=stream))
    other.start()
    other.join()
    stream.write("second half\n")
    assert out.getvalue() == "first half second half\n"
