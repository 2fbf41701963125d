"""The round start (RULES §3.2): the round's automatic powers, then the powers' choices one at a time in a
"round_start" phase before the Market opens (the powers' tables: domain.powers.round_start)."""

from __future__ import annotations

from functools import cache
from typing import cast

from domain import commands as c
from domain import events as ev
from domain import zones
from domain.catalogue import CARDS
from domain.commands import Action, Buy, Decline, Gain, Look
from domain.decision import Decision
from domain.errors import require
from domain.phases.record import PhaseRules, Step
from domain.powers import FRESH, money_gained, owned, resolved
from domain.powers.choices import buys
from domain.powers.round_start import CHOICES, FREE_CARD, GAIN_OPTIONS, LOOK_COUNT, MONEY, lookable, next_choice
from domain.purchase import ROUND_START_SOURCES, check_slot, priced
from domain.state import GameState, Pending, PendingKind, Player


# Frozen events: one instance per round and first player serves every game; made on first use, as the events'
# validators are.
@cache
def _started() -> ev.PhaseStarted:
    return ev.PhaseStarted(phase="round_start")


@cache
def _round_started_event(round: int, first: int) -> ev.RoundStarted:
    return ev.RoundStarted(round=round, first_player=first)


def begin_round(ctx: Decision, round: int, first: int) -> None:
    ctx.emit(_round_started_event(round, first))
    s = ctx.state
    for seat in s.order():
        p = s.players[seat]
        for power in owned(p):
            if power in FREE_CARD:
                ctx.emit(ev.CardGained(seat=seat, card=FREE_CARD[power], power=power))
            elif power in MONEY and (money := MONEY[power](p)):
                ctx.emit(ev.MoneyGained(seat=seat, money=money, power=power))
    if next_choice(s) is not None:
        ctx.emit(_started())


def enter(ctx: Decision) -> None:
    """The first round starts with the first player drawn at setup, every later one with the next seat."""
    s = ctx.state
    begin_round(ctx, s.round + 1, s.first_player if s.round == 0 else (s.first_player + 1) % s.n)


def step(ctx: Decision) -> Step:
    """Offer the next choice; the Market opens when none is left."""
    s = ctx.state
    if any(p.pending is not None for p in s.players):
        return "wait"
    nxt = next_choice(s)
    if nxt is None:
        return "done"
    seat, power = nxt
    ctx.emit(ev.PowerOffered(seat=seat, power=power, kind=CHOICES[power]))
    return "moved"


def choosing(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.pending is not None]


def _pending(ctx: Decision, seat: int, *kinds: str) -> Player:
    p = ctx.player(seat)
    ok = ctx.state.phase == "round_start" and p.pending is not None and p.pending.kind in kinds
    require(ok, "no_round_start_choice", "You have no such round-start choice to make now.")
    return p


def gain(ctx: Decision, cmd: Gain) -> None:
    p = _pending(ctx, cmd.seat, "gain_basic")
    assert p.pending is not None and p.pending.power is not None
    options = GAIN_OPTIONS[p.pending.power]
    require(cmd.card in options, "gain_choice", "Choose one of the basic cards offered.", offered=options)
    ctx.emit(ev.CardGained(seat=cmd.seat, card=cmd.card, power=p.pending.power))


def look(ctx: Decision, cmd: Look) -> None:
    p = _pending(ctx, cmd.seat, "look_deck")
    assert p.pending is not None and p.pending.power is not None
    count = LOOK_COUNT[p.pending.power]
    ctx.ensure_deck(cmd.deck, count)
    cards = tuple(reversed(ctx.state.decks[cmd.deck][-count:]))
    require(cards, "empty_deck", "That deck is empty.")
    ctx.emit(ev.DeckLooked(seat=cmd.seat, deck=cmd.deck, cards=cards))


def buy(ctx: Decision, cmd: Buy) -> None:
    """Buy one of the cards looked at, or one card from the truck, at its cost."""
    p = _pending(ctx, cmd.seat, "looked" if cmd.source == "looked" else "truck")
    assert p.pending is not None
    offered = p.pending.cards if cmd.source == "looked" else ctx.state.truck
    require(cmd.recipe is None, "bad_fields", "Only a recipe cube purchase names a recipe.")
    require(cmd.card is not None and cmd.card in offered, "wrong_card", "That card is not on offer.")
    assert cmd.card is not None
    check_slot(p, cmd.card, cmd.replace)
    cost, used = priced(p, cmd.card, CARDS[cmd.card].cost or 0, cmd.save_discounts)
    ctx.emit(ev.CardBought(seat=cmd.seat, source=cmd.source, card=cmd.card, cost=cost, replaced=cmd.replace,
                           discounts=used))


def decline(ctx: Decision, cmd: Decline) -> None:
    p = _pending(ctx, cmd.seat, "look_deck", "looked", "truck")
    assert p.pending is not None and p.pending.power is not None
    ctx.emit(ev.PowerDeclined(seat=cmd.seat, power=p.pending.power))


def actions(s: GameState, p: Player) -> list[Action]:
    pend = p.pending
    if pend is None:
        return []
    seat = p.seat
    if pend.kind == "gain_basic" and pend.power:
        return [c.listed(c.Gain, seat=seat, card=card) for card in GAIN_OPTIONS[pend.power]]
    out: list[Action] = []
    if pend.kind == "look_deck":
        out = [c.listed(c.Look, seat=seat, deck=d) for d in lookable(s)]
    elif pend.kind == "looked":
        out = [b for cid in sorted(set(pend.cards)) for b in buys(p, "looked", cid)]
    elif pend.kind == "truck":
        out = [b for cid in sorted(set(s.truck)) for b in buys(p, "truck", cid)]
    return [*out, c.Decline(seat=seat)]


def _round_started(s: GameState, e: ev.RoundStarted) -> None:
    s.round, s.first_player, s.phase, s.turn = e.round, e.first_player, "market", e.first_player
    for p in s.players:
        p.basics_bought, p.passed, p.traded, p.distilled = 0, False, False, False
        p.sales, p.pending, p.powers_used = [], None, []
    if s.solo is not None:
        s.solo.round_sp = s.players[0].sp


def bought_at_round_start(s: GameState, p: Player, source: str, card: str) -> None:
    """Fang Xin / Market Buyer / Trucker bought: the rest looked at goes under its deck; the power is used, and
    an upgrade bought now waits for the next round to act."""
    pend = p.pending
    if source == "looked" and pend is not None and pend.deck:
        rest = list(pend.cards)
        rest.remove(card)
        to_bottom(s, pend.deck, rest)
    else:
        s.truck.remove(card)
    if pend is not None and pend.power:
        p.powers_used.append(pend.power)
    p.powers_used.append(FRESH + card)
    p.pending = None


def to_bottom(s: GameState, deck: str, cards: list[str]) -> None:
    """Cards looked at go under the deck; the first one seen ends up at the very bottom."""
    s.decks[deck][:0] = cards


def _gained(s: GameState, e: ev.CardGained) -> None:
    p = s.players[e.seat]
    zones.gain(s, p, e.card)
    resolved(p, e.power)


def _offered(s: GameState, e: ev.PowerOffered) -> None:
    s.players[e.seat].pending = Pending(cast(PendingKind, e.kind), power=e.power)  # the event keeps a plain str


def _looked(s: GameState, e: ev.DeckLooked) -> None:
    p = s.players[e.seat]
    del s.decks[e.deck][len(s.decks[e.deck]) - len(e.cards):]
    p.pending = Pending("looked", deck=e.deck, cards=list(e.cards), power=p.pending.power if p.pending else None)


def _declined(s: GameState, e: ev.PowerDeclined) -> None:
    p = s.players[e.seat]
    if p.pending is not None and p.pending.kind == "looked" and p.pending.deck:
        to_bottom(s, p.pending.deck, p.pending.cards)
    resolved(p, e.power)


PHASE = PhaseRules(
    "round_start", moves={Gain: gain, Look: look, Buy: buy, Decline: decline},
    appliers={ev.RoundStarted: _round_started, ev.CardGained: _gained, ev.MoneyGained: money_gained,
              ev.PowerOffered: _offered, ev.DeckLooked: _looked, ev.PowerDeclined: _declined},
    legal=actions, to_act=choosing, step=step, next=lambda s: "market", enter=enter,
    takes=lambda cmd: not isinstance(cmd, Buy) or cmd.source in ROUND_START_SOURCES,
)
