"""Zone bookkeeping the appliers share: where a card gained or discarded goes, row refills, the turn,
reshuffles and passes."""

from __future__ import annotations

from functools import cache

from domain import events as ev
from domain.card_rules import card, deck_of, remove_all
from domain.catalogue.model import Kind, Market
from domain.state import GameState, Player

UPGRADE, STOREROOM_KINDS = Kind.UPGRADE, frozenset({Kind.BARREL, Kind.BOTTLE})  # enum members cost a lookup


def gain(state: GameState, p: Player, cid: str, replace: str | None = None) -> None:
    """Put a card where it lives: upgrades in a slot, items in the storeroom, the rest in the pantry."""
    k = card(cid).kind
    if k is UPGRADE:
        if replace is not None:
            p.upgrades.remove(replace)
            state.truck.append(replace)
        p.upgrades.append(cid)
    elif k in STOREROOM_KINDS:
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


def reshuffled(s: GameState, e: ev.DeckReshuffled) -> None:
    if e.deck == "flavors":
        s.flavor_discard, s.flavor_discard_down = [], []
        s.flavor_deck = list(e.order) + s.flavor_deck
        return
    remove_all(s.truck, e.order)
    s.decks[e.deck] = list(e.order) + s.decks[e.deck]


@cache
def passing(seat: int, phase: str) -> ev.PlayerPassed:
    """A player's pass (Market or Sell): frozen, so one instance per seat and phase serves every decision."""
    return ev.PlayerPassed(seat=seat, phase=phase)


@cache
def sell_pass(seat: int) -> ev.PlayerPassed:
    """The Sell phase's pass of a player with nothing to sell: one instance per seat, as `passing`."""
    return ev.PlayerPassed(seat=seat, phase="sell", automatic=True)


@cache
def turn_phase(phase: str, turn: int | None) -> ev.PhaseStarted:
    """The start of a phase played in turns (or, turn None, all at once): one instance serves every round."""
    return ev.PhaseStarted(phase=phase, turn=turn)


def passed(s: GameState, e: ev.PlayerPassed) -> None:
    s.players[e.seat].passed = True
    advance_turn(s, e.seat)
