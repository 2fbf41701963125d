"""legal_actions: every command a seat may send now, ready to post (one open entry for the washback)."""

from __future__ import annotations

from typing import Any

from domain import commands as c
from domain import solo
from domain.phases import distill, market, round_start, sell
from domain.phases.age import free_warehouses, waiting_to_age
from domain.phases.distill import may_distill_now
from domain.powers.choices import flavor_choices
from domain.state import GameState


def legal_actions(state: GameState, seat: int) -> list[Any]:
    """Commands `seat` may send now; `decide` accepts each one (a property test holds them together)."""
    s = state
    if not 0 <= seat < s.n:
        return []
    if s.solo is not None and s.phase not in ("setup", "finished"):
        return solo.actions(s, _base(s, seat))
    return _base(s, seat)


def _base(s: GameState, seat: int) -> list[Any]:
    p = s.players[seat]
    if s.phase == "setup":
        return [] if p.distiller else [c.ChooseDistiller(seat=seat, distiller=d) for d in p.dealt]
    if s.phase == "round_start":
        return round_start.actions(s, p)
    if s.phase == "market":
        return market.actions(s, p) if s.turn == seat else []
    if s.phase == "distill":
        return distill.actions(s, p)
    if s.phase == "sell":
        return sell.actions(s, p) if s.turn == seat else []
    if s.phase == "age":
        if p.pending is not None:
            return flavor_choices(p)
        return [c.Age(seat=seat, warehouse=w) for w in free_warehouses(p)] if waiting_to_age(p) else []
    if s.phase == "round_end":
        out: list[Any] = []
        if p.tasting_due:
            out += [c.Taste(seat=seat, sp=k) for k in range(min(4, p.sp) + 1)]
        if p.discard_due:
            out += [c.DiscardGoal(seat=seat, goal=g) for g in p.goals]
        return out
    return []


def to_act(state: GameState) -> list[int]:
    """Seats that must act before the game can move on (exactly those with legal actions)."""
    s = state
    if s.solo is not None and s.solo.offered:
        return [0]
    if s.phase in ("market", "sell"):
        return [s.turn] if s.turn is not None else []
    if s.phase == "setup":
        return [p.seat for p in s.players if p.distiller is None]
    if s.phase == "round_start":
        return [p.seat for p in s.players if p.pending is not None]
    if s.phase == "distill":
        return [p.seat for p in s.players if p.pending is not None or may_distill_now(s, p)]
    if s.phase == "age":
        return [p.seat for p in s.players if p.pending is not None or waiting_to_age(p)]
    if s.phase == "round_end":
        return [p.seat for p in s.players if p.tasting_due or p.discard_due]
    return []
