"""Round-start powers (RULES §3.2): free basic cards and money at once, then the choices in turn order.

Automatic effects are emitted for every player, in turn order from the first player, right after RoundStarted.
Powers that need a choice become one pending decision at a time in a "round_start" phase before the Market
opens (only when some player has one). Cards gained for free here do not count toward the basic limit and give
no purchase bonus. Purchases here may use discounts; a discount used here counts as used for this round's
Market. An upgrade gained during the round start does not act until the next round.
"""

from __future__ import annotations

from collections.abc import Callable

from domain import events as ev
from domain.catalogue import CARDS
from domain.commands import Buy, Decline, Gain, Look
from domain.context import Ctx
from domain.errors import require
from domain.lookups import BASIC_INGREDIENTS, deck_of
from domain.market import check_slot, priced
from domain.powers import FRESH, owned
from domain.powers.market import price
from domain.state import DECKS, GameState, Player

FREE_CARD: dict[str, str] = {
    "orchard": "mixed_fruits", "natural_spring": "water", "greenhouse": "mixed_plants", "farmer": "mixed_grains",
    "biochemist": "yeast",
}
MONEY: dict[str, Callable[[Player], int]] = {
    "sakai": lambda p: 1,
    "tour_guide": lambda p: 1,
    "private_investor": lambda p: 2 if p.warehouse_spirits else 0,
}
CHOICES: dict[str, str] = {  # power -> the pending kind it opens
    "jacqueline": "gain_basic", "co_op_manager": "gain_basic", "fang_xin": "look_deck",
    "market_buyer": "look_deck", "trucker": "truck",
}
GAIN_OPTIONS: dict[str, tuple[str, ...]] = {"jacqueline": ("water", "yeast"), "co_op_manager": BASIC_INGREDIENTS}
LOOK_COUNT: dict[str, int] = {"fang_xin": 2, "market_buyer": 3}


def begin_round(ctx: Ctx, round: int, first: int) -> None:
    ctx.emit(ev.RoundStarted(round=round, first_player=first))
    s = ctx.state
    for seat in s.order():
        p = s.players[seat]
        for power in owned(p):
            if power in FREE_CARD:
                ctx.emit(ev.CardGained(seat=seat, card=FREE_CARD[power], power=power))
            elif power in MONEY and (money := MONEY[power](p)):
                ctx.emit(ev.MoneyGained(seat=seat, money=money, power=power))
    if next_choice(s) is not None:
        ctx.emit(ev.PhaseStarted(phase="round_start"))


def lookable(state: GameState) -> list[str]:
    return [d for d in DECKS if state.decks[d] or any(deck_of(t) == d for t in state.truck)]


def truck_buys(p: Player, state: GameState) -> list[str]:
    """Truck cards the player can afford now (discounts included)."""
    return sorted({c for c in state.truck if price(p, c, CARDS[c].cost or 0)[0] <= p.money})


def _available(state: GameState, p: Player, power: str) -> bool:
    kind = CHOICES[power]
    if kind == "look_deck":
        return bool(lookable(state))
    if kind == "truck":
        return bool(truck_buys(p, state))
    return True


def next_choice(state: GameState) -> tuple[int, str] | None:
    """The next round-start choice to offer: turn order from the first player, distiller then slot order."""
    for seat in state.order():
        p = state.players[seat]
        for power in owned(p):
            if (power in CHOICES and power not in p.powers_used and FRESH + power not in p.powers_used
                    and _available(state, p, power)):
                return seat, power
    return None


def offer_next(ctx: Ctx) -> bool:
    """Offer the next choice, or open the Market when none is left. False while a choice is pending."""
    s = ctx.state
    if any(p.pending is not None for p in s.players):
        return False
    nxt = next_choice(s)
    if nxt is None:
        ctx.emit(ev.PhaseStarted(phase="market", turn=s.first_player))
    else:
        seat, power = nxt
        ctx.emit(ev.PowerOffered(seat=seat, power=power, kind=CHOICES[power]))
    return True


def _pending(ctx: Ctx, seat: int, *kinds: str) -> Player:
    p = ctx.player(seat)
    ok = ctx.state.phase == "round_start" and p.pending is not None and p.pending.kind in kinds
    require(ok, "no_round_start_choice", "You have no such round-start choice to make now.")
    return p


def gain(ctx: Ctx, cmd: Gain) -> None:
    p = _pending(ctx, cmd.seat, "gain_basic")
    assert p.pending is not None and p.pending.power is not None
    options = GAIN_OPTIONS[p.pending.power]
    require(cmd.card in options, "gain_choice", "Choose one of the basic cards offered.", offered=options)
    ctx.emit(ev.CardGained(seat=cmd.seat, card=cmd.card, power=p.pending.power))


def look(ctx: Ctx, cmd: Look) -> None:
    p = _pending(ctx, cmd.seat, "look_deck")
    assert p.pending is not None and p.pending.power is not None
    count = LOOK_COUNT[p.pending.power]
    ctx.ensure_deck(cmd.deck, count)
    cards = tuple(reversed(ctx.state.decks[cmd.deck][-count:]))
    require(cards, "empty_deck", "That deck is empty.")
    ctx.emit(ev.DeckLooked(seat=cmd.seat, deck=cmd.deck, cards=cards))


def buy(ctx: Ctx, cmd: Buy) -> None:
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


def decline(ctx: Ctx, cmd: Decline) -> None:
    p = _pending(ctx, cmd.seat, "look_deck", "looked", "truck")
    assert p.pending is not None and p.pending.power is not None
    ctx.emit(ev.PowerDeclined(seat=cmd.seat, power=p.pending.power))
