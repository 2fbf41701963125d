"""The turn clocks' events in words (service/texts/history.py's forms, as web/static/js/history.js says them).

An e-mail or a terminal does not know its reader's time zone as the page does: their times are in UTC, and say
so. That is the one way these sentences differ from the page's."""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from service.texts.words import Seats, Texts
from service.times import utc_minutes


def tenths(value: float) -> str:
    """`value` with one decimal as JavaScript's toFixed(1) writes it: an exact tie (0.25) rounds up, where
    Python's format rounds it to even (0.2). Decimal(float) is the float's exact value, as toFixed reads it."""
    return str(Decimal(value).quantize(Decimal("0.1"), ROUND_HALF_UP))


def _hours(w: Texts, seconds: Any) -> str:
    return w.t("event_bits.hours", hours=tenths(float(seconds or 0) / 3600))


ClockForm = Callable[[Texts, dict[str, Any], Seats], tuple[str, dict[str, Any]]]
CLOCK_FORMS: dict[str, ClockForm] = {
    "clock_started": lambda w, e, _: ("clock_started", {"deadline": utc_minutes(e.get("deadline"))}),
    "clock_stopped": lambda w, e, _: ("clock_stopped", {"used": _hours(w, e.get("used"))}),
    "reminder_due": lambda w, e, _: ("reminder_due", {"deadline": utc_minutes(e.get("deadline"))}),
    "seat_timed_out": lambda w, e, _: ("seat_timed_out", {"count": e.get("count")}),
    "seat_replaced": lambda w, e, _: ("seat_replaced_resign" if e.get("by") == "resign" else "seat_replaced", {}),
    "clock_paused": lambda w, e, _: ("clock_paused", {"until": utc_minutes(e.get("until")),
                                                      "deadline": utc_minutes(e.get("deadline"))}),
}
