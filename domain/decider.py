"""decide: the one place where rules accept or refuse a command and say what happened. The current phase's
moves answer a command (domain.rules); the flow then takes the automatic steps that follow."""

from __future__ import annotations

from domain import commands as c
from domain.commands import Command
from domain.decision import Decision
from domain.errors import RuleViolation, require
from domain.events import Event
from domain.flow import advance
from domain.phases import setup
from domain.rng import NoRandomness, Rng
from domain.rules import APPLIERS, move_for
from domain.state import GameState
from domain.take_back import marker, undo_after

_ANSWERS = (c.ClaimGoal, c.DeclineGoals, c.Resign)  # the commands a solo player may send while goals are offered


def decide(state: GameState, command: Command, rng: Rng | None = None) -> list[Event]:
    """The events that follow from `command`, or a RuleViolation. Never changes `state`."""
    return execute(state, command, rng)[0]


def execute(state: GameState, command: Command, rng: Rng | None = None) -> tuple[list[Event], GameState]:
    """`decide` plus the state after its events, built once (callers that keep both save a fold)."""
    chance = rng if rng is not None else NoRandomness()
    if isinstance(command, c.CreateGame):
        require(state.phase == "new", "game_exists", "This game has already been created.")
        created = setup.create_game(command, chance)
        return created, _folded(created)
    require(state.phase != "new", "no_game", "Create the game first.")
    require(state.phase != "finished", "game_over", "The game is over.")
    require(command.seat not in state.resigned, "resigned", "You have resigned from this game.")
    move = move_for(state, command)
    if move is None:
        raise RuleViolation("unknown_command", f"Unknown command {type(command).__name__}.")
    if state.solo is not None and state.solo.offered and not isinstance(command, _ANSWERS):
        raise RuleViolation("goals_offered", "Claim one of the goals offered, or decline them, first.")
    ctx = Decision(state, chance, APPLIERS)
    move(ctx, command)
    advance(ctx)
    mark = marker(state, command, ctx.events)
    if mark is None:
        return ctx.events, ctx.state
    # The commit starts with the mark; no applier of the other events reads the undo point, so the state is the
    # one folding [mark, *events] gives, without a second fold.
    ctx.state.undo = undo_after(mark, state)
    return [mark, *ctx.events], ctx.state


def _folded(events: list[Event], state: GameState | None = None) -> GameState:
    ctx = Decision(state if state is not None else GameState(), NoRandomness(), APPLIERS)
    for e in events:
        ctx.emit(e)
    return ctx.state
