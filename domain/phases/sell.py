"""The Sell phase (RULES §3.5, D6): sales, Warehouse Manager's doubled flavor, passing (the label spaces:
domain.phases.sell_labels)."""

from __future__ import annotations

from dataclasses import replace

from domain import commands as c
from domain import events as ev
from domain.card_rules import REUSABLE, bottles
from domain.catalogue import CARDS, RECIPES
from domain.commands import Action, DoubleFlavor, PassTurn, PlaceLabel, Sell
from domain.decision import Decision
from domain.errors import require
from domain.phases.record import PhaseRules, Step
from domain.phases.sell_labels import actions as label_actions
from domain.phases.sell_labels import apply_label_placed, place_label
from domain.powers.choices import flavor_choices
from domain.powers.sale import BEST, double_candidates
from domain.sale import sale_record, sale_value
from domain.solo import offer_sale
from domain.state import GameState, Pending, Player, Spirit
from domain.zones import advance_turn, discard, passed, passing, sell_pass, turn_phase

WAREHOUSE_SPACES = 2


def sellable(state: GameState, p: Player) -> list[Spirit]:
    """Warehouse spirits may sell; a fresh non-aged spirit must; a fresh aged spirit cannot."""
    return [s for s in p.spirits if s.warehouse or not RECIPES[s.recipe].aged]


def must_sell(p: Player) -> bool:
    fresh = [s for s in p.spirits if not s.warehouse]
    if any(not RECIPES[s.recipe].aged for s in fresh):
        return True
    return len(fresh) + len(p.warehouse_spirits) > WAREHOUSE_SPACES


def sell(ctx: Decision, cmd: Sell) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    require(p.pending is None, "pending_choice", "Finish the last sale first (its flavor or label).")
    spirit = p.spirit(cmd.spirit)
    require(spirit is not None, "unknown_spirit", "You have no such spirit.")
    assert spirit is not None
    require(spirit in sellable(ctx.state, p), "must_age_first",
            "A freshly distilled aged spirit must spend an Age phase in the warehouse first.")
    require(cmd.bottle in bottles(p), "no_bottle", "Choose a bottle from your storeroom.")
    choice = len(double_candidates(p, spirit, RECIPES[spirit.recipe].aged)) > 1 and not ctx.state.options.auto_best
    money, sp, breakdown = sale_value(p, spirit, cmd.bottle, None if choice else BEST)
    ctx.emit(ev.SpiritSold(seat=cmd.seat, spirit_id=spirit.id, bottle=cmd.bottle, flavors=tuple(spirit.flavors),
                           money=money, sp=sp, breakdown=breakdown, double_choice=choice))
    if not choice:
        offer_sale(ctx)


def double_flavor(ctx: Decision, cmd: DoubleFlavor) -> None:
    """Warehouse Manager, after the reveal: the flavor card whose money counts twice."""
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    pend = p.pending
    require(pend is not None and pend.kind == "double_flavor", "no_flavor_choice",
            "You have no sold flavors to choose from.")
    assert pend is not None and pend.spirit is not None
    require(cmd.card in pend.cards, "flavor_choice", "Choose one of the flavors revealed.", revealed=pend.cards)
    ctx.emit(ev.FlavorDoubled(seat=cmd.seat, spirit_id=pend.spirit, card=cmd.card, money=CARDS[cmd.card].money))
    offer_sale(ctx)


def pass_sell(ctx: Decision, cmd: PassTurn) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    require(p.pending is None, "pending_choice", "Place your label first.")
    require(not must_sell(p), "must_sell",
            "You must sell: a non-aged spirit sells this round, and a new aged spirit needs a free warehouse.")
    ctx.emit(passing(cmd.seat, "sell"))


def actions(s: GameState, p: Player) -> list[Action]:
    if p.pending is not None and p.pending.kind == "place_label":
        return label_actions(s, p)
    if p.pending is not None:
        return flavor_choices(p)
    out: list[Action] = [c.listed(Sell, seat=p.seat, spirit=sp.id, bottle=b)
                         for sp in sellable(s, p) for b in bottles(p)]
    return out if must_sell(p) else [*out, c.seated(PassTurn, p.seat)]


def apply_spirit_sold(s: GameState, e: ev.SpiritSold) -> None:
    p = s.players[e.seat]
    spirit = next(x for x in p.spirits if x.id == e.spirit_id)
    p.spirits.remove(spirit)
    p.sales.append(sale_record(p, spirit, e.bottle, e.money, e.sp))
    if s.solo is not None and p.sales[-1].region_match:
        s.solo.matched_bottles += 1
    p.money += e.money
    p.sp += e.sp
    if e.bottle not in REUSABLE:
        p.storeroom.remove(e.bottle)
        p.display.append(e.bottle)
    if spirit.barrel in REUSABLE:
        p.storeroom.append(spirit.barrel)
    else:
        discard(s, spirit.barrel)
    for cid in spirit.cards:
        discard(s, cid)
    s.flavor_discard += spirit.flavors
    label = spirit.recipe if spirit.label else None
    if e.double_choice:
        p.pending = Pending("double_flavor", cards=list(e.flavors), spirit=spirit.id, recipe=label)
    elif label:
        p.pending = Pending("place_label", recipe=label)
    else:
        advance_turn(s, e.seat)


def _doubled(s: GameState, e: ev.FlavorDoubled) -> None:
    p = s.players[e.seat]
    p.money += e.money
    if p.sales:  # a new record: states share Sale records with their clones
        p.sales[-1] = replace(p.sales[-1], money=p.sales[-1].money + e.money)
    label = p.pending.recipe if p.pending is not None else None
    p.pending = Pending("place_label", recipe=label) if label else None
    advance_turn(s, e.seat)


def enter(ctx: Decision) -> None:
    ctx.emit(turn_phase("sell", ctx.state.first_player))


def step(ctx: Decision) -> Step:
    """A player with nothing to sell passes by themself; the phase ends when every player has passed."""
    s = ctx.state
    if s.turn is None:
        return "done"
    p = s.players[s.turn]
    if p.pending is not None or sellable(s, p):
        return "wait"
    ctx.emit(sell_pass(p.seat))
    return "moved"


def legal(s: GameState, p: Player) -> list[Action]:
    return actions(s, p) if s.turn == p.seat else []


def on_turn(s: GameState) -> list[int]:
    return [s.turn] if s.turn is not None else []


PHASE = PhaseRules(
    "sell", moves={Sell: sell, DoubleFlavor: double_flavor, PlaceLabel: place_label, PassTurn: pass_sell},
    appliers={ev.SpiritSold: apply_spirit_sold, ev.FlavorDoubled: _doubled, ev.LabelPlaced: apply_label_placed,
              ev.PlayerPassed: passed},
    legal=legal, to_act=on_turn, step=step, next=lambda s: "age", enter=enter,
)
