"""Flavor cards drawn by powers (RULES §1.7, §3.4 step 6, §3.7): known to their owner, unlike Age's face-down
cards. Malting Floor and Doig Ventilator act at the end of Distill (non-aged spirits too, RULES §5.9); Angus
Douglas draws 3 and keeps 1 instead of Age's face-down card; Metal Rickhouse (like the Ex-Bourbon Hogshead)
adds a face-down card the first time a spirit is aged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from domain import events as ev
from domain.catalogue import CARDS
from domain.commands import KeepFlavor
from domain.decision import Decision
from domain.errors import require
from domain.powers import owned
from domain.state import GameState, Pending, Player, Spirit

Pick = Callable[[list[str]], str]


def _higher_second_on_tie(cards: list[str]) -> str:
    """BGA's Doig Ventilator: the higher money value; on a tie the second card."""
    first, second = cards[0], cards[-1]
    return first if CARDS[first].money > CARDS[second].money else second


END_OF_DISTILL: dict[str, tuple[int, Pick | None]] = {  # power -> (cards drawn, auto_best pick)
    "malting_floor": (1, None),
    "doig_ventilator": (2, _higher_second_on_tie),
}
AGE_CHOICE: dict[str, int] = {"angus": 3}  # cards drawn instead of the face-down one; always the owner's pick
FIRST_AGE_POWER: dict[str, int] = {"metal_rickhouse": 1}
FIRST_AGE_BARREL: dict[str, int] = {"ex_bourbon_hogshead": 1}
AGE_MONEY_BARREL: dict[str, int] = {"american_standard_barrel": 1}


def draw(ctx: Decision, seat: int, spirit_id: int, count: int, power: str, pick: Pick | None) -> None:
    """Draw `count` flavors for the spirit; one card, or a `pick`, settles which is kept at once."""
    ctx.ensure_flavors(count)
    deck = ctx.state.flavor_deck
    cards = list(reversed(deck[-count:])) if count and deck else []
    ctx.emit(ev.FlavorsDrawn(seat=seat, round=ctx.state.round, spirit_id=spirit_id, power=power,
                             cards=tuple(cards)))
    if len(cards) == 1:
        _keep(ctx, seat, spirit_id, power, cards, cards[0])
    elif cards and pick is not None:
        _keep(ctx, seat, spirit_id, power, cards, pick(cards))


def _keep(ctx: Decision, seat: int, spirit_id: int, power: str, cards: list[str], card: str) -> None:
    rest = list(cards)
    rest.remove(card)
    ctx.emit(ev.FlavorKept(seat=seat, round=ctx.state.round, spirit_id=spirit_id, power=power, card=card,
                           discarded=tuple(rest)))


def end_of_distill(ctx: Decision, seat: int, spirit_id: int) -> None:
    """Automatic draws first, so that the one draw left to the owner's choice (Doig) can wait for it."""
    auto = ctx.state.options.auto_best
    draws = [(power, *END_OF_DISTILL[power]) for power in owned(ctx.state.players[seat]) if power in END_OF_DISTILL]
    for power, count, best in sorted(draws, key=lambda d: d[1] > 1 and not (auto and d[2])):
        draw(ctx, seat, spirit_id, count, power, best if auto else None)


def keep(ctx: Decision, cmd: KeepFlavor) -> None:
    p = ctx.player(cmd.seat)
    pend = p.pending
    require(pend is not None and pend.kind == "keep_flavor", "no_flavor_choice", "You have no flavors to choose from.")
    assert pend is not None and pend.spirit is not None and pend.power is not None
    require(cmd.card in pend.cards, "flavor_choice", "Keep one of the flavor cards you drew.", drawn=pend.cards)
    _keep(ctx, cmd.seat, pend.spirit, pend.power, pend.cards, cmd.card)


def _face_down(p: Player, spirit: Spirit) -> int:
    mine = owned(p)
    n = 0 if any(x in AGE_CHOICE for x in mine) else 1
    if spirit.times_aged == 0:
        n += FIRST_AGE_BARREL.get(spirit.barrel, 0) + sum(FIRST_AGE_POWER.get(x, 0) for x in mine)
    return n


def age_all(ctx: Decision) -> None:
    """Age (RULES §3.7 step 2): face-down flavors for every warehouse spirit, and the barrels' money."""
    s = ctx.state
    ids: list[int] = []
    aged: list[int] = []
    money: dict[int, int] = {}
    for seat in s.order():
        p = s.players[seat]
        for spirit in p.warehouse_spirits:
            aged.append(spirit.id)
            ids += [spirit.id] * _face_down(p, spirit)
            if spirit.barrel in AGE_MONEY_BARREL:
                money[seat] = money.get(seat, 0) + AGE_MONEY_BARREL[spirit.barrel]
    if aged:
        ctx.ensure_flavors(len(ids))
        ids = ids[: len(ctx.state.flavor_deck)]
        ctx.emit(ev.FlavorAdded(spirit_ids=tuple(ids), money=money, aged=() if set(aged) == set(ids) else tuple(aged)))


def age_choices(ctx: Decision) -> bool:
    """Start the next Age draw that asks its owner's choice (Angus Douglas); False when none is left."""
    s = ctx.state
    for seat in s.order():
        p = s.players[seat]
        for power in (x for x in owned(p) if x in AGE_CHOICE):
            for spirit in sorted(p.warehouse_spirits, key=lambda x: x.warehouse):
                if f"{power}:{spirit.id}" not in p.powers_used:
                    draw(ctx, seat, spirit.id, AGE_CHOICE[power], power, None)
                    return True
    return False


def _drawn(s: GameState, e: ev.FlavorsDrawn) -> None:
    p = s.players[e.seat]
    del s.flavor_deck[len(s.flavor_deck) - len(e.cards):]
    p.powers_used.append(f"{e.power}:{e.spirit_id}")
    if e.cards:
        p.pending = Pending("keep_flavor", cards=list(e.cards), power=e.power, spirit=e.spirit_id)


def _kept(s: GameState, e: ev.FlavorKept) -> None:
    p = s.players[e.seat]
    spirit = p.spirit(e.spirit_id)
    assert spirit is not None
    spirit.flavors.append(e.card)
    spirit.known_flavors.append(e.card)
    s.flavor_discard_down += e.discarded  # face down: the owner alone saw them (docs/adr/0001)
    p.pending = None


# In the records of the phases that draw flavors (Distill, Age).
FLAVOR_APPLIERS: dict[type[BaseModel], Callable[[GameState, Any], None]] = {
    ev.FlavorsDrawn: _drawn, ev.FlavorKept: _kept}
