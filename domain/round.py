"""Age phase and round-end decisions (RULES §3.7-§3.8)."""

from __future__ import annotations

from domain import events as ev
from domain.catalogue import RECIPES
from domain.commands import Age, DiscardGoal, Taste
from domain.context import Ctx
from domain.errors import require
from domain.state import Player, Spirit

MAX_TASTING = 4


def waiting_to_age(p: Player) -> Spirit | None:
    return next((s for s in p.spirits if not s.warehouse and RECIPES[s.recipe].aged), None)


def free_warehouses(p: Player) -> list[int]:
    used = {s.warehouse for s in p.spirits}
    return [w for w in (1, 2) if w not in used]


def age(ctx: Ctx, cmd: Age) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "age", "wrong_phase", "Spirits go into the warehouse in the Age phase.")
    spirit = waiting_to_age(p)
    require(spirit is not None, "nothing_to_age", "You have no new spirit to put in the warehouse.")
    assert spirit is not None
    require(cmd.warehouse in free_warehouses(p), "warehouse_full", "That warehouse space is taken.")
    ctx.emit(ev.SpiritStored(seat=cmd.seat, spirit_id=spirit.id, warehouse=cmd.warehouse))


def taste(ctx: Ctx, cmd: Taste) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.tasting_due, "no_tasting",
            "Only a player who sold nothing this round may hold a tasting, at round end.")
    require(cmd.sp <= p.sp, "not_enough_sp", f"You have only {p.sp} SP.")
    ctx.emit(ev.TastingHeld(seat=cmd.seat, sp=cmd.sp))


def discard_goal(ctx: Ctx, cmd: DiscardGoal) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.discard_due, "no_discard",
            "Goals are discarded once, at the end of round 3.")
    require(cmd.goal in p.goals, "unknown_goal", "That is not one of your goals.")
    ctx.emit(ev.GoalDiscarded(seat=cmd.seat, goal=cmd.goal))
