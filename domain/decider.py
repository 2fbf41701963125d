"""decide: the one place where rules accept or refuse a command and say what happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import commands as c
from domain import solo
from domain.context import Ctx
from domain.errors import RuleViolation, require
from domain.flow import advance
from domain.phases import age, distill, distill_naming, market, round_end, round_start, sell, sell_labels, setup
from domain.powers import flavors
from domain.rng import NoRandomness, Rng
from domain.state import GameState

Handler = Callable[[Ctx, Any], None]


def _pass(ctx: Ctx, cmd: c.PassTurn) -> None:
    if ctx.state.phase == "sell":
        sell.pass_sell(ctx, cmd)
    else:
        market.pass_market(ctx, cmd)


def _buy(ctx: Ctx, cmd: c.Buy) -> None:
    if cmd.source in ("looked", "truck"):
        round_start.buy(ctx, cmd)
    else:
        market.buy(ctx, cmd)


def _decline(ctx: Ctx, cmd: c.Decline) -> None:
    if ctx.state.phase == "round_start":
        round_start.decline(ctx, cmd)
    else:
        market.decline(ctx, cmd)


HANDLERS: dict[type, Handler] = {
    c.ChooseDistiller: setup.choose_distiller,
    c.Gain: round_start.gain,
    c.Look: round_start.look,
    c.Buy: _buy,
    c.Reveal: market.reveal,
    c.Decline: _decline,
    c.PassTurn: _pass,
    c.Trade: distill.trade,
    c.Distill: distill.distill,
    c.Redistill: distill.redistill,
    c.NameSpirit: distill_naming.name_spirit,
    c.KeepFlavor: flavors.keep,
    c.SkipDistill: distill.skip,
    c.Sell: sell.sell,
    c.DoubleFlavor: sell.double_flavor,
    c.PlaceLabel: sell_labels.place_label,
    c.Age: age.age,
    c.Taste: round_end.taste,
    c.DiscardGoal: round_end.discard_goal,
    c.ClaimGoal: solo.claim,
    c.DeclineGoals: solo.decline,
    c.SwapGoals: solo.swap,
}


def decide(state: GameState, command: Any, rng: Rng | None = None) -> list[Any]:
    """The events that follow from `command`, or a RuleViolation. Never changes `state`."""
    return execute(state, command, rng)[0]


def execute(state: GameState, command: Any, rng: Rng | None = None) -> tuple[list[Any], GameState]:
    """`decide` plus the state after its events, built once (callers that keep both save a fold)."""
    chance = rng if rng is not None else NoRandomness()
    if isinstance(command, c.CreateGame):
        require(state.phase == "new", "game_exists", "This game has already been created.")
        created = setup.create_game(command, chance)
        return created, _folded(created)
    require(state.phase != "new", "no_game", "Create the game first.")
    require(state.phase != "finished", "game_over", "The game is over.")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation("unknown_command", f"Unknown command {type(command).__name__}.")
    if state.solo is not None and state.solo.offered and not isinstance(command, c.ClaimGoal | c.DeclineGoals):
        raise RuleViolation("goals_offered", "Claim one of the goals offered, or decline them, first.")
    ctx = Ctx(state, chance)
    handler(ctx, command)
    advance(ctx)
    return ctx.events, ctx.state


def _folded(events: list[Any]) -> GameState:
    ctx = Ctx(GameState(), NoRandomness())
    for e in events:
        ctx.emit(e)
    return ctx.state
