"""Positions reached by playing on with plain default moves (see builders.py for the given/when/then)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from domain import commands as c
from domain.legal import game_actions as legal_actions
from domain.phases.age import free_warehouses, waiting_to_age
from domain.phases.sell import must_sell, sellable
from domain.state import GameState, Player
from tests.domain.builders import (
    Cut,
    Game,
    add_spirit,
    after,
    assert_legal_agree,
    default_choice,
    play,
    when,
    with_player,
)

BASIC = ["mixed_grains", "yeast", "water"]
OLD: dict[str, Any] = {  # a labelled Whiskey that has aged once: for add_spirit / selling(aging=...)
    "recipe": "whiskey", "cards": ["mixed_grains", "mixed_grains", "alcohol"], "barrel": "wood_barrel",
    "flavors": ["flavor_oaky"]}


def _seat_default(s: GameState, p: Player) -> Any | None:
    """The default move of one seat in the phases where every seat acts."""
    if s.phase == "distill" and p.pending:
        return next(a for a in legal_actions(s, p.seat) if isinstance(a, c.NameSpirit))
    if s.phase == "distill" and not p.distilled and legal_actions(s, p.seat):
        return c.SkipDistill(seat=p.seat)
    if s.phase == "age" and waiting_to_age(p):
        return c.Age(seat=p.seat, warehouse=free_warehouses(p)[0])
    if s.phase == "round_end" and p.tasting_due:
        return c.Taste(seat=p.seat, sp=0)
    if s.phase == "round_end" and p.discard_due:
        return c.DiscardGoal(seat=p.seat, goal=p.goals[-1])
    return None


def autopilot(s: GameState) -> Any | None:
    """A plain default move for whoever must act: pass, skip, sell in the glass bottle, take 2 SP, decline the
    solo goals offered, and the builders' default answer to a power's choice."""
    if s.solo is not None and s.solo.offered:
        return c.DeclineGoals()
    choice = default_choice(s)
    if choice is not None:
        return choice
    if s.phase == "market" and s.turn is not None:
        p = s.players[s.turn]
        return c.Decline(seat=p.seat) if p.pending else c.PassTurn(seat=p.seat)
    for p in s.players:
        move = _seat_default(s, p)
        if move is not None:
            return move
    if s.phase == "sell" and s.turn is not None:
        p = s.players[s.turn]
        if p.pending:
            return next(a for a in legal_actions(s, p.seat) if a.take_sp or a.space is None)
        if must_sell(p):
            return c.Sell(seat=p.seat, spirit=sellable(s, p)[0].id, bottle="glass_bottle")
        return c.PassTurn(seat=p.seat)
    return None


def steps(state: GameState, check: bool = False) -> Iterator[tuple[list[Any], GameState]]:
    """Default moves one after another: the events of each and the state after them (`check`: legal_actions
    agrees with decide in every position on the way)."""
    for _ in range(400):
        if check:
            assert_legal_agree(state)
        command = autopilot(state)
        assert command is not None, f"nobody can act in {state.phase}"
        events = when(state, command)
        state = after(state, events)
        yield events, state
    raise AssertionError("the game went on too long")


def drive(state: GameState, until: Callable[[GameState], bool], check: bool = False) -> GameState:
    if until(state):
        return state
    return next(s for _, s in steps(state, check) if until(s))


def next_round(state: GameState) -> tuple[list[Any], GameState]:
    """Default moves until the next round starts: the events of the command that started it (RoundStarted,
    round-start powers) and the state then (its Market, or its round-start choices)."""
    start = state.round
    return next((events, s) for events, s in steps(state) if s.round == start + 1)


def at(phase: str, round: int | None = None) -> Callable[[GameState], bool]:
    return lambda s: s.phase == phase and (round is None or s.round == round)


def pass_market(state: GameState) -> GameState:
    """Everyone passes this Market; the flow moves on to Distill (further, even to the next round's Market,
    when nobody can distill or sell)."""
    start = state.round
    return drive(state, lambda s: s.phase != "market" or s.round != start)


def distilling(*pantries: list[str] | None, game: Game | None = None, start: GameState | None = None,
               **seat0: Any) -> GameState:
    """The Distill phase after `start` (a Market position; default: round 1 of `game`) with the given pantries
    (None keeps a seat's own); `seat0` edits seat 0's other fields too."""
    state = start if start is not None else (game or Game()).start()
    for seat, pantry in enumerate(pantries):
        if pantry is not None:
            state = with_player(state, seat, pantry=pantry)
    state = with_player(state, 0, **seat0)
    state = pass_market(state)
    assert state.phase == "distill"
    return state


def finish(state: GameState) -> tuple[list[Any], GameState]:
    """Play on with default moves: the events of the command that ended the game, and the final state."""
    return next((events, s) for events, s in steps(state) if s.phase == "finished")


def selling(fresh: str | None = None, aging: list[dict[str, Any]] | None = None, game: Game | None = None,
            **seat0: Any) -> GameState:
    """Round 1's Sell phase, seat 0 to act: `fresh` (vodka or whiskey) just distilled, `aging` in warehouses."""
    state = (game or Game()).start()
    for i, spirit in enumerate(aging or []):
        state = add_spirit(state, 0, warehouse=i + 1, **spirit)
    if fresh is None:
        state = pass_market(with_player(state, 0, **seat0))
    else:
        wood = {"cubes": ["whiskey"], "storeroom": ["metal_barrel", "glass_bottle", "wood_barrel"]}
        extra = wood if fresh == "whiskey" else {}
        pantry = ["mixed_grains", *BASIC] if fresh == "whiskey" else BASIC
        state = distilling(pantry, start=state, **{**extra, **seat0})
        state = play(state, c.Distill(seat=0, washback=tuple(pantry)), rng=Cut(top="yeast", bottom="water"))
        barrel = "wood_barrel" if fresh == "whiskey" else "metal_barrel"
        state = play(state, c.NameSpirit(seat=0, recipe=fresh, barrel=barrel))
    assert (state.phase, state.turn) == ("sell", 0)
    return state
