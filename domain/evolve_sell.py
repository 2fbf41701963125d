"""Appliers for the Sell phase."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import advance_turn, applies, discard, gain, take_from_row
from domain.catalogue import CARDS, LABEL_SPACES
from domain.catalogue.model import Market
from domain.lookups import REUSABLE, deck_of, signature_ingredient
from domain.sale import sale_record
from domain.state import GameState, Pending


@applies(ev.SpiritSold)
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
    for c in spirit.cards:
        discard(s, c)
    s.flavor_discard += spirit.flavors
    label = spirit.recipe if spirit.label else None
    if e.double_choice:
        p.pending = Pending("double_flavor", cards=list(e.flavors), spirit=spirit.id, recipe=label)
    elif label:
        p.pending = Pending("place_label", recipe=label)
    else:
        advance_turn(s, e.seat)


@applies(ev.LabelPlaced)
def apply_label_placed(s: GameState, e: ev.LabelPlaced) -> None:
    p = s.players[e.seat]
    p.pending = None
    if e.space is None:
        p.extra_labels.append(e.recipe)
    else:
        p.label_spaces[e.space] = e.recipe
    if e.take_sp or e.space is None:
        p.sp += 2
    else:
        reward = LABEL_SPACES[e.space].reward
        if reward == "money_5":
            p.money += 5
        elif reward == "signature":
            sig = signature_ingredient(p)
            if sig:
                p.pantry.append(sig)
            p.signature_aside = False
        elif reward == "free_cube" and e.recipe_cube:
            p.cubes.append(e.recipe_cube)
        elif reward == "truck_swap":
            if e.discard:
                p.pantry.remove(e.discard)
                discard(s, e.discard)
            if e.card:
                s.truck.remove(e.card)
                gain(s, p, e.card, e.replace)
        elif e.card:
            deck = deck_of(e.card)
            if deck and CARDS[e.card].market is not Market.BASIC:
                take_from_row(s, deck, e.card)
            gain(s, p, e.card, e.replace)
    advance_turn(s, e.seat)
