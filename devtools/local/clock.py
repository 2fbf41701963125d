"""The local server's clock: real time plus an offset that `POST /_local/clock` moves (tests, demos).

Installed as the service clock (service.clock.use_clock), so what commands record, the deadlines the clocks
compute and the local scheduler's "due" all read the same time. Only forward: time that went back would make
recorded times disagree with the order of the commits.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from devtools.local.apigw import HttpResponse, error_response

MAX_ADVANCE_SECONDS = 366 * 86400.0


class LocalClock:
    def __init__(self, base: Callable[[], float] = time.time) -> None:
        self.base = base
        self.offset = 0.0
        self._lock = threading.Lock()
        self.moved: list[Callable[[], None]] = []  # called after each advance (the scheduler wakes)

    def now(self) -> float:
        return self.base() + self.offset

    def advance(self, seconds: float) -> float:
        with self._lock:
            self.offset += seconds
        for listener in self.moved:
            listener()
        return self.now()


def clock_page(clock: LocalClock, method: str, body: bytes, extra: Callable[[], dict[str, Any]]) -> HttpResponse:
    """GET: the time (and what `extra` adds: the schedules); POST {"advance_seconds": N}: move it forward."""
    if method == "POST":
        try:
            asked = json.loads(body or b"{}")
        except ValueError:
            return error_response(400, "bad_json", "The body is not JSON.")
        seconds = asked.get("advance_seconds") if isinstance(asked, dict) else None
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) \
                or not 0 <= seconds <= MAX_ADVANCE_SECONDS:
            return error_response(400, "bad_advance",
                                  f"advance_seconds must be a number from 0 to {MAX_ADVANCE_SECONDS:.0f}.")
        clock.advance(float(seconds))
    elif method != "GET":
        return error_response(405, "method_not_allowed", "GET or POST /_local/clock")
    answer = {"now": clock.now(), "offset_seconds": clock.offset, **extra()}
    return HttpResponse(200, [("content-type", "application/json")], json.dumps(answer).encode())
