"""evolve: apply one event to a state. No checks, no rules, no chance: only bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.rules import APPLIERS
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
