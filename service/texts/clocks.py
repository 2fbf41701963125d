"""The turn clocks' events in words (service/texts/words.py's forms, as web/static/js/history.js says them).

An e-mail does not know its reader's time zone as the page does: its times are in UTC, and say so."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def utc(epoch: Any) -> str:
    if not isinstance(epoch, int | float):
        return "?"
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _hours(w: Any, seconds: Any) -> str:
    return str(w.t("event_bits.hours", hours=f"{float(seconds or 0) / 3600:.1f}"))


# Each takes (Texts, event, Seats) like the other forms; typed loosely to keep this module free of theirs.
CLOCK_FORMS: dict[str, Any] = {
    "clock_started": lambda w, e, _: ("clock_started", {"deadline": utc(e.get("deadline"))}),
    "clock_stopped": lambda w, e, _: ("clock_stopped", {"used": _hours(w, e.get("used"))}),
    "reminder_due": lambda w, e, _: ("reminder_due", {"deadline": utc(e.get("deadline"))}),
    "seat_timed_out": lambda w, e, _: ("seat_timed_out", {"count": e.get("count")}),
    "seat_replaced": lambda w, e, _: ("seat_replaced_resign" if e.get("by") == "resign" else "seat_replaced", {}),
    "clock_paused": lambda w, e, _: ("clock_paused", {"until": utc(e.get("until")),
                                                      "deadline": utc(e.get("deadline"))}),
}
