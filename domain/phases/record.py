"""The Phase record: one phase's rules as plain data, in the spirit of boardgame.io's `phases: {name: {moves,
endIf, next}}`. domain.rules builds the game's tables from these records; flow, legal and the decider ask them.
"""

# No `from __future__ import annotations`: NamedTuple would compile each field's annotation from its text.
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel

from domain.commands import Action, Command
from domain.decision import Applier, Decision
from domain.state import GameState, Phase, Player

# Tables of these pair each command class with the function that takes it, hence Any.
Move = Callable[[Decision, Any], None]
Step = Literal["wait", "moved", "done"]  # a player must act / events were emitted, look again / the phase is over


def nothing(state: GameState, p: Player) -> list[Action]:
    return []


def nobody(state: GameState) -> list[int]:
    return []


def wait(ctx: Decision) -> Step:
    return "wait"


def every(command: Command) -> bool:
    return True


_NONE: Mapping[type[BaseModel], Any] = MappingProxyType({})


class PhaseRules(NamedTuple):  # a named tuple: made in a third of a frozen dataclass's time at a cold start
    name: Phase
    moves: Mapping[type[BaseModel], Move] = _NONE  # command type -> handler
    appliers: Mapping[type[BaseModel], Applier] = _NONE  # event type -> applier
    legal: Callable[[GameState, Player], list[Action]] = nothing  # what one seat may send now
    to_act: Callable[[GameState], list[int]] = nobody  # the seats the game waits for
    step: Callable[[Decision], Step] = wait  # the automatic step taken when no player must act
    next: Callable[[GameState], Phase] | None = None  # the phase that follows once `step` says "done"
    enter: Callable[[Decision], None] | None = None  # the events that open this phase
    opened: Callable[[GameState], None] | None = None  # bookkeeping when its PhaseStarted is applied
    takes: Callable[[Command], bool] = every  # narrows a move to some commands of its type (Buy's sources)

    def move_for(self, command: Command) -> Move | None:
        """This phase's handler for `command`, if the phase takes it."""
        move = self.moves.get(type(command))
        return move if move is not None and self.takes(command) else None
