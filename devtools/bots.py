"""Bots: a uniform random player and a greedy one. Both pick from legal_actions and own their RNG; neither ever
resigns or takes a move back (commands.ANYTIME), or a simulation would never finish."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain import GameState
from domain.card_rules import valid_washback
from domain.catalogue import CARDS, DISTILLERS, GOALS, RECIPES
from domain.catalogue.model import Kind
from domain.commands import Distill, OpenDistill
from domain.legal import game_actions
from domain.sale import sale_value
from domain.scoring import METRICS

Bot = Callable[[GameState, int, random.Random], Any]


def random_washback(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """A uniformly drawn sub-multiset that makes a valid washback (the open choice of Distill)."""
    pool = list(cards)
    for _ in range(64):
        rng.shuffle(pool)
        pick = pool[: rng.randint(3, len(pool))]
        if valid_washback(pick):
            return tuple(pick)
    return tuple(pool)  # the whole pantry is valid whenever OpenDistill is offered


def concrete(action: Any, rng: random.Random, greedy: bool = False) -> Any:
    if isinstance(action, OpenDistill):
        if greedy:  # every card in, and as much alcohol as the upgrades allow
            return Distill(seat=action.seat, washback=action.cards, extra_alcohol=max(action.extra_alcohol))
        return Distill(seat=action.seat, washback=random_washback(action.cards, rng),
                       extra_alcohol=rng.choice(action.extra_alcohol), top_only=rng.choice(action.top_only))
    return action


def random_bot(state: GameState, seat: int, rng: random.Random) -> Any:
    return concrete(rng.choice(game_actions(state, seat)), rng)


def _value(state: GameState, seat: int, a: Any) -> float:
    """A rough worth of one action for a player who likes SP now and money soon."""
    p = state.players[seat]
    t = a.type
    if t == "choose_distiller":
        d = DISTILLERS[a.distiller]
        return d.money + d.yeast + d.water
    if t == "buy":
        if a.source == "cube":
            return RECIPES[a.recipe].sp / 2 - (2 if RECIPES[a.recipe].aged and state.round >= 6 else 0)
        c = CARDS[a.card]
        have = sum(1 for x in p.pantry if CARDS[x].kind is c.kind)
        if c.kind is Kind.SUGAR:
            return 3 + c.sp + c.money - (c.cost or 0) * 0.5
        if c.kind in (Kind.YEAST, Kind.WATER):
            return 4 if have == 0 else (1 if a.card == "yeast" else 0.5)
        if c.kind is Kind.BOTTLE:
            return c.sp + 1.5 - (c.cost or 0) * 0.3
        return c.sp - (c.cost or 0) * 0.3
    if t == "name_spirit":
        r = RECIPES[a.recipe]
        return r.sp + r.money - (1 if r.aged and state.round == 7 else 0)
    if t == "sell":
        spirit = p.spirit(a.spirit)
        assert spirit is not None
        money, sp, _ = sale_value(p, spirit, a.bottle)
        if spirit.warehouse and len(spirit.flavors) < 2 and state.round < 7:
            sp -= 6
        return sp + money / 3
    if t == "place_label":
        return {0: 3.0, 1: 4.0, 4: 3.5}.get(a.space, 2.0) + (0 if a.take_sp else 0.5)
    if t == "discard_goal":
        return -METRICS[GOALS[a.goal].metric](p)
    if t in ("distill", "age", "claim_goal"):
        return 10
    if t in ("decline_goals", "swap_goals"):
        return -1
    if t == "taste":
        return -a.sp
    return 0


def greedy_bot(state: GameState, seat: int, rng: random.Random) -> Any:
    actions = game_actions(state, seat)
    best = max(actions, key=lambda a: (_value(state, seat, a), rng.random()))
    return concrete(best, rng, greedy=True)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
