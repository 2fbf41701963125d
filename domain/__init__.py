"""The Distilled rules as a pure decider: decide, evolve, fold, initial_state, legal_actions, view."""

from __future__ import annotations

from domain.commands import Command, CreateGame, OpenDistill
from domain.decider import decide, execute
from domain.errors import RuleViolation
from domain.events import GameCreated, Setup
from domain.evolve import apply, evolve, fold
from domain.legal import legal_actions, to_act
from domain.options import Options
from domain.state import GameState
from domain.view import view


def initial_state(options: Options, outcomes: Setup) -> GameState:
    """The state right after setup, from the options and every setup outcome (RULES D4)."""
    return fold([GameCreated(options=options, setup=outcomes)])


__all__ = [
    "Command", "CreateGame", "GameState", "OpenDistill", "Options", "RuleViolation", "apply", "decide",
    "evolve", "execute", "fold", "initial_state", "legal_actions", "to_act", "view",
]
