"""The game's tables, built explicitly from the phase records (no registration by import): the phases by name,
the moves that answer a command outside its phase, and the applier of every event type."""

from __future__ import annotations

from typing import cast

from pydantic import BaseModel

from domain import clock_appliers, resign, solo, take_back, zones
from domain import events as ev
from domain.commands import Command
from domain.decision import Applier
from domain.phases import age, distill, game_end, market, round_end, round_start, sell, setup
from domain.phases.record import Move, PhaseRules
from domain.state import GameState, Phase

PHASES: dict[Phase, PhaseRules] = {p.name: p for p in (
    setup.NEW, setup.PHASE, round_start.PHASE, market.PHASE, distill.PHASE, sell.PHASE, age.PHASE,
    round_end.PHASE, game_end.PHASE)}

# Where a command is answered when the current phase does not take it: the first phase here that does, whose
# own checks then say why not now (wrong_phase, not_your_turn, ...). The Market comes before the round start, so
# a Decline or PassTurn out of place is told it is a Market action, as it always was.
HOMES = (setup.PHASE, market.PHASE, round_start.PHASE, distill.PHASE, sell.PHASE, age.PHASE, round_end.PHASE)

# Moves of no phase: the solo goals, and those a seat may send in any phase (resign, take back).
ANY_PHASE: dict[type[BaseModel], Move] = {**solo.MOVES, **resign.MOVES, **take_back.MOVES}


def move_for(state: GameState, command: Command) -> Move | None:
    """The handler for `command`: the current phase's, else its home phase's; None for an unknown command."""
    here = PHASES[state.phase].move_for(command)
    if here is not None:
        return here
    homes = (m for home in HOMES if (m := home.move_for(command)) is not None)
    return next(homes, ANY_PHASE.get(type(command)))


def _phase_started(s: GameState, e: ev.PhaseStarted) -> None:
    s.phase, s.turn = cast(Phase, e.phase), e.turn  # the event keeps its stored shape: a plain string
    s.opening = None
    opened = PHASES[s.phase].opened
    if opened is not None:
        opened(s)
    for p in s.players:
        p.passed = False
        p.tasting_due = p.seat in e.tasting
        p.discard_due = p.seat in e.discard


def _appliers() -> dict[str, Applier]:
    """Event type -> applier; a phase may share another's applier (PlayerPassed), never disagree with it."""
    table: dict[type[BaseModel], Applier] = {ev.PhaseStarted: _phase_started, ev.DeckReshuffled: zones.reshuffled}
    for source in [*(p.appliers for p in PHASES.values()), solo.APPLIERS, resign.APPLIERS, take_back.APPLIERS,
                   clock_appliers.APPLIERS]:
        for event, fn in source.items():
            assert table.setdefault(event, fn) is fn, f"two appliers for {event.__name__}"
    return {event.model_fields["type"].default: fn for event, fn in table.items()}


APPLIERS = _appliers()
