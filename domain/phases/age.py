"""The Age phase (RULES §3.7): new aged spirits into the warehouse, then a face-down flavor for each."""

from __future__ import annotations

from functools import cache

from domain import events as ev
from domain.catalogue import RECIPES
from domain.commands import Action, Age, KeepFlavor
from domain.decision import Decision
from domain.errors import require
from domain.phases.record import PhaseRules, Step
from domain.powers.choices import flavor_choices
from domain.powers.flavors import FLAVOR_APPLIERS, age_all, age_choices, keep
from domain.state import GameState, Player, Spirit


def waiting_to_age(p: Player) -> Spirit | None:
    return next((s for s in p.spirits if not s.warehouse and RECIPES[s.recipe].aged), None)


def free_warehouses(p: Player) -> list[int]:
    used = {s.warehouse for s in p.spirits}
    return [w for w in (1, 2) if w not in used]


def age(ctx: Decision, cmd: Age) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "age", "wrong_phase", "Spirits go into the warehouse in the Age phase.")
    spirit = waiting_to_age(p)
    require(spirit is not None, "nothing_to_age", "You have no new spirit to put in the warehouse.")
    assert spirit is not None
    require(cmd.warehouse in free_warehouses(p), "warehouse_full", "That warehouse space is taken.")
    ctx.emit(ev.SpiritStored(seat=cmd.seat, spirit_id=spirit.id, warehouse=cmd.warehouse))


def _stored(s: GameState, e: ev.SpiritStored) -> None:
    spirit = s.players[e.seat].spirit(e.spirit_id)
    assert spirit is not None
    spirit.warehouse = e.warehouse


def _flavored(s: GameState, e: ev.FlavorAdded) -> None:
    by_id = {x.id: x for p in s.players for x in p.spirits}
    for sid in e.spirit_ids:
        by_id[sid].flavors.append(s.flavor_deck.pop())
    for sid in set(e.aged or e.spirit_ids):
        by_id[sid].times_aged += 1
    s.aged_round = s.round
    for seat, money in e.money.items():
        s.players[seat].money += money


@cache  # frozen: one instance serves every round; made on first use, as the events' validators are
def _started() -> ev.PhaseStarted:
    return ev.PhaseStarted(phase="age")


def enter(ctx: Decision) -> None:
    ctx.emit(_started())


def step(ctx: Decision) -> Step:
    """Once the new spirits are in the warehouse: the face-down flavors, then the draws that ask a choice."""
    s = ctx.state
    if aging(s):
        return "wait"
    if s.aged_round != s.round:
        age_all(ctx)
    return "moved" if age_choices(ctx) else "done"


def aging(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.pending is not None or waiting_to_age(p)]


def actions(s: GameState, p: Player) -> list[Action]:
    if p.pending is not None:
        return flavor_choices(p)
    return [Age(seat=p.seat, warehouse=w) for w in free_warehouses(p)] if waiting_to_age(p) else []


PHASE = PhaseRules(
    "age", moves={Age: age, KeepFlavor: keep}, appliers={ev.SpiritStored: _stored, ev.FlavorAdded: _flavored,
                                                          **FLAVOR_APPLIERS},
    legal=actions, to_act=aging, step=step, next=lambda s: "round_end", enter=enter,
)
