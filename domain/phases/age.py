"""The Age phase (RULES §3.7): new aged spirits into the warehouse, then a face-down flavor for each."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import applies
from domain.catalogue import RECIPES
from domain.commands import Age
from domain.context import Ctx
from domain.errors import require
from domain.state import GameState, Player, Spirit


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


@applies(ev.SpiritStored)
def _stored(s: GameState, e: ev.SpiritStored) -> None:
    spirit = s.players[e.seat].spirit(e.spirit_id)
    assert spirit is not None
    spirit.warehouse = e.warehouse


@applies(ev.FlavorAdded)
def _flavored(s: GameState, e: ev.FlavorAdded) -> None:
    by_id = {x.id: x for p in s.players for x in p.spirits}
    for sid in e.spirit_ids:
        by_id[sid].flavors.append(s.flavor_deck.pop())
    for sid in set(e.aged or e.spirit_ids):
        by_id[sid].times_aged += 1
    s.aged_round = s.round
    for seat, money in e.money.items():
        s.players[seat].money += money
