"""The Distill phase's commonest events as shared instances: events are frozen, so one instance per seat, card
and round serves every decision of every game (positional: a cache keyed by keywords costs three times as much)."""

from __future__ import annotations

from functools import cache, lru_cache

from domain import events as ev


@lru_cache(maxsize=4096)
def traded_event(seat: int, gave: str, took: str, round: int) -> ev.Traded:
    return ev.Traded(seat=seat, gave=gave, took=took, round=round)


@cache
def skipped_event(seat: int, round: int) -> ev.DistillSkipped:
    return ev.DistillSkipped(seat=seat, round=round)


@cache
def stuck_event(seat: int, round: int) -> ev.DistillSkipped:
    """A skip the rules take for a player who cannot distill."""
    return ev.DistillSkipped(seat=seat, automatic=True, round=round)
