"""The one source of "now" for the service: the commits' recorded times and the turn clocks read it here, so a
test or the local server may put a controllable clock in its place (never in AWS: nothing there calls
`use_clock`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from service.times import iso_millis as iso

__all__ = ["iso", "now_epoch", "use_clock"]

_clock: Callable[[], float] = time.time


def now_epoch() -> float:
    """Seconds since the epoch, UTC."""
    return _clock()


def use_clock(fn: Callable[[], float] | None) -> None:
    """Read `fn` for the time from now on; None: the real clock again."""
    global _clock
    _clock = fn if fn is not None else time.time
