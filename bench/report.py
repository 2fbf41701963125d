"""Printing and timing helpers shared by the benchmarks."""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable
from typing import Any


def emit(name: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit, **extra}), flush=True)


def cpu_samples(fn: Callable[[], object], repeat: int = 7, number: int = 5) -> list[float]:
    """CPU seconds per call (this thread's: a shared machine's other work does not count), one sample per batch
    of `number` calls, `repeat` batches."""
    samples = []
    for _ in range(repeat):
        start = time.thread_time()
        for _ in range(number):
            fn()
        samples.append((time.thread_time() - start) / number)
    return samples


def paired_cpu_samples(first: Callable[[], object], second: Callable[[], object], repeat: int = 7,
                       number: int = 5) -> tuple[list[float], list[float]]:
    """`cpu_samples` of two functions, their batches alternating: on a shared machine a slow spell then slows
    both sides of a ratio alike, rather than whichever was running. The garbage of the set-up is collected
    first, so that neither side pays for it."""
    gc.collect()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, found in zip((first, second), samples, strict=True):
            found.extend(cpu_samples(fn, repeat=1, number=number))
    return samples


def best_of(fn: Callable[[], object], repeat: int = 7, number: int = 5) -> float:
    """Median CPU seconds per call over `repeat` batches of `number` calls (median resists noise)."""
    return statistics.median(cpu_samples(fn, repeat, number))


def spread(samples: list[float], scale: float = 1.0, digits: int = 3) -> dict[str, float]:
    """Median with min and max, for a figure's line."""
    return {"median": round(statistics.median(samples) * scale, digits), "min": round(min(samples) * scale, digits),
            "max": round(max(samples) * scale, digits)}
