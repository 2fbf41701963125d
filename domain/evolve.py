"""evolve: apply one event to a state. No checks, no rules, no chance: only bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import domain.evolve_market
import domain.evolve_powers
import domain.evolve_round
import domain.evolve_sell
import domain.evolve_solo  # noqa: F401  (each module registers its appliers)
from domain.appliers import APPLIERS
from domain.state import GameState


def apply(state: GameState, event: Any) -> GameState:
    """Mutates `state` in place: only ever called on a private working copy."""
    APPLIERS[event.type](state, event)
    return state


def evolve(state: GameState, event: Any) -> GameState:
    return apply(state.clone(), event)


def fold(events: Iterable[Any], state: GameState | None = None) -> GameState:
    working = state.clone() if state is not None else GameState()
    for e in events:
        APPLIERS[e.type](working, e)
    return working
