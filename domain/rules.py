"""The applier of the event every phase shares: a phase starts."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import applies
from domain.state import GameState, Opening


@applies(ev.PhaseStarted)
def _phase(s: GameState, e: ev.PhaseStarted) -> None:
    s.phase, s.turn = e.phase, e.turn
    s.opening = None
    if e.phase == "distill" and s.options.distill_order == "simultaneous":
        solo = s.solo.clone() if s.solo is not None else None
        s.opening = Opening([p.clone() for p in s.players], list(s.truck), len(s.flavor_deck),
                            list(s.flavor_discard), len(s.flavor_discard_down), solo)
    for p in s.players:
        p.passed = False
        p.tasting_due = p.seat in e.tasting
        p.discard_due = p.seat in e.discard
