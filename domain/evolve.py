"""evolve: apply one event to a state. No checks, no rules, no chance: only bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable

from domain.events import Event
from domain.rules import APPLIERS
from domain.state import GameState


def apply(state: GameState, event: Event) -> GameState:
    """Mutates `state` in place: only ever called on a private working copy."""
    APPLIERS[event.type](state, event)
    return state


def evolve(state: GameState, event: Event) -> GameState:
    return apply(state.clone(), event)


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    working = state.clone() if state is not None else GameState()
    for e in events:
        APPLIERS[e.type](working, e)
    return working
