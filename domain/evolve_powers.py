"""Appliers for the powers' events (domain.power_events)."""

from __future__ import annotations

from dataclasses import replace

from domain import events as ev
from domain.appliers import advance_turn, applies, gain
from domain.lookups import remove_all
from domain.state import GameState, Pending, Player


def _resolved(p: Player, power: str) -> None:
    """The power has acted (or its choice was made) this round; its pending choice, if any, is over."""
    if p.pending is not None and p.pending.power == power:
        p.pending = None
    p.powers_used.append(power)


def to_bottom(s: GameState, deck: str, cards: list[str]) -> None:
    """Cards looked at go under the deck; the first one seen ends up at the very bottom."""
    s.decks[deck][:0] = cards


@applies(ev.CardGained)
def _gained(s: GameState, e: ev.CardGained) -> None:
    p = s.players[e.seat]
    gain(s, p, e.card)
    _resolved(p, e.power)


@applies(ev.MoneyGained)
def _money(s: GameState, e: ev.MoneyGained) -> None:
    p = s.players[e.seat]
    p.money += e.money
    _resolved(p, e.power)


@applies(ev.PowerOffered)
def _offered(s: GameState, e: ev.PowerOffered) -> None:
    s.players[e.seat].pending = Pending(e.kind, power=e.power)


@applies(ev.DeckLooked)
def _looked(s: GameState, e: ev.DeckLooked) -> None:
    p = s.players[e.seat]
    del s.decks[e.deck][len(s.decks[e.deck]) - len(e.cards):]
    p.pending = Pending("looked", deck=e.deck, cards=list(e.cards), power=p.pending.power if p.pending else None)


@applies(ev.PowerDeclined)
def _declined(s: GameState, e: ev.PowerDeclined) -> None:
    p = s.players[e.seat]
    if p.pending is not None and p.pending.kind == "looked" and p.pending.deck:
        to_bottom(s, p.pending.deck, p.pending.cards)
    _resolved(p, e.power)


@applies(ev.SpiritRecut)
def _recut(s: GameState, e: ev.SpiritRecut) -> None:
    p = s.players[e.seat]
    assert p.pending is not None
    remove_all(p.pantry, p.pending.cut)
    p.pantry += e.cut
    p.pending.cards, p.pending.cut = list(e.spirit), list(e.cut)
    p.powers_used.append("coffey_still")


@applies(ev.FlavorsDrawn)
def _drawn(s: GameState, e: ev.FlavorsDrawn) -> None:
    p = s.players[e.seat]
    del s.flavor_deck[len(s.flavor_deck) - len(e.cards):]
    p.powers_used.append(f"{e.power}:{e.spirit_id}")
    if e.cards:
        p.pending = Pending("keep_flavor", cards=list(e.cards), power=e.power, spirit=e.spirit_id)


@applies(ev.FlavorKept)
def _kept(s: GameState, e: ev.FlavorKept) -> None:
    p = s.players[e.seat]
    spirit = p.spirit(e.spirit_id)
    assert spirit is not None
    spirit.flavors.append(e.card)
    spirit.known_flavors.append(e.card)
    s.flavor_discard_down += e.discarded  # face down: the owner alone saw them (docs/adr/0001)
    p.pending = None


@applies(ev.FlavorDoubled)
def _doubled(s: GameState, e: ev.FlavorDoubled) -> None:
    p = s.players[e.seat]
    p.money += e.money
    if p.sales:  # a new record: states share Sale records with their clones
        p.sales[-1] = replace(p.sales[-1], money=p.sales[-1].money + e.money)
    label = p.pending.recipe if p.pending is not None else None
    p.pending = Pending("place_label", recipe=label) if label else None
    advance_turn(s, e.seat)
