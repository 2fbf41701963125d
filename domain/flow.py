"""Automatic steps between player decisions: the current phase takes its step until a player must act; a phase
that is over hands on to the next one, which opens itself."""

from __future__ import annotations

from domain.decision import Decision
from domain.rules import PHASES
from domain.stand_in import stand_in

MAX_STEPS = 256  # a stand-in's moves are steps too (D15)


def advance(ctx: Decision) -> None:
    for _ in range(MAX_STEPS):
        s = ctx.state
        if s.solo is not None and s.solo.offered:
            return  # the player answers the goals offered first
        if stand_in(ctx):
            continue  # a resigned seat's move, taken before the phase looks again
        phase = PHASES[s.phase]
        outcome = phase.step(ctx)
        if outcome == "wait":
            return
        if outcome == "done":
            assert phase.next is not None
            enter = PHASES[phase.next(s)].enter
            assert enter is not None
            enter(ctx)
    raise RuntimeError("the game flow did not settle")  # a bug, never a player's mistake
