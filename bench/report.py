"""Printing and timing helpers shared by the benchmarks."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any


def emit(name: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit, **extra}), flush=True)


def best_of(fn: Callable[[], object], repeat: int = 7, number: int = 5) -> float:
    """Median seconds per call over `repeat` batches of `number` calls (median resists noise)."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples)
