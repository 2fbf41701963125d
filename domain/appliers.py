"""The applier registry and the zone bookkeeping every applier shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.catalogue.model import Kind, Market
from domain.lookups import card, deck_of
from domain.state import GameState, Player

Applier = Callable[[GameState, Any], None]
APPLIERS: dict[str, Applier] = {}


def applies(event_type: type) -> Callable[[Applier], Applier]:
    def register(fn: Applier) -> Applier:
        APPLIERS[event_type.model_fields["type"].default] = fn  # type: ignore[attr-defined]
        return fn

    return register
def gain(state: GameState, p: Player, cid: str, replace: str | None = None) -> None:
    """Put a card where it lives: upgrades in a slot, items in the storeroom, the rest in the pantry."""
    k = card(cid).kind
    if k is Kind.UPGRADE:
        if replace is not None:
            p.upgrades.remove(replace)
            state.truck.append(replace)
        p.upgrades.append(cid)
    elif k in (Kind.BARREL, Kind.BOTTLE):
        p.storeroom.append(cid)
    else:
        p.pantry.append(cid)


def discard(state: GameState, cid: str) -> None:
    """Premium cards go to the truck; basic cards, alcohol and signature ingredients leave play."""
    if deck_of(cid):
        state.truck.append(cid)
    elif card(cid).market is Market.FLAVOR:
        state.flavor_discard.append(cid)


def take_from_row(state: GameState, deck: str, cid: str) -> None:
    row = state.rows[deck]
    row.remove(cid)
    if state.decks[deck]:
        row.insert(0, state.decks[deck].pop())


def advance_turn(state: GameState, seat: int) -> None:
    """After a Market or Sell action the turn passes clockwise to the next player still in."""
    players = state.players
    if players[seat].pending is not None:
        return
    n = len(players)
    for i in range(1, n + 1):  # next_seat inlined: this runs for most events of a game, in every fold
        nxt = players[(seat + i) % n]
        if not nxt.passed:
            state.turn = nxt.seat
            return
    state.turn = None
