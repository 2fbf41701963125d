"""One seat's turn clock as the folded state holds it (docs/adr/0016-turn-clocks.md)."""

from __future__ import annotations

from domain.records import record


@record(frozen=True, slots=True)
class SeatClock:
    """Never changed in place (states share it): an applier replaces the record.

    Times are seconds since the epoch, taken from the clock events, never from a clock."""

    deadline: float | None = None  # None: the seat's clock is not running (the game does not wait for it)
    started: float | None = None  # when it started running
    allotted: float = 0.0  # seconds it was given then: reminders fall at fractions of it before the deadline
    bank_left: float | None = None  # bank clocks: seconds in the bank while not running
    reminded: int = 0  # reminders fired since it started
    timeouts: int = 0  # in the whole game
    timed_out: float | None = None  # the deadline of its last timeout, until the seat next moves itself
    paused_until: float | None = None  # the end of the vacation its last pause was for

    def reminder_at(self, fraction: float) -> float:
        assert self.deadline is not None
        return self.deadline - (1 - fraction) * self.allotted
