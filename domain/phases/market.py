"""The Market phase (RULES §3.3): purchases, the water reveal, passing, and the clean-up that ends it."""

from __future__ import annotations

from functools import lru_cache

from domain import commands as c
from domain import events as ev
from domain import solo
from domain.card_rules import deck_of
from domain.catalogue import CARDS, FLIGHTS
from domain.catalogue.model import Market
from domain.commands import Action, Buy, Decline, PassTurn, Reveal
from domain.decision import Decision
from domain.errors import RuleViolation, require
from domain.phases.record import PhaseRules, Step
from domain.phases.round_start import bought_at_round_start
from domain.powers.choices import Offer, buys, offers
from domain.powers.market import basic_limit, purchase_bonus
from domain.purchase import ROUND_START_SOURCES, check_slot, cube_cost, priced
from domain.state import DECKS, GameState, Pending, Player
from domain.zones import advance_turn, gain, passed, passing, take_from_row, turn_phase


# Purchases as events: frozen, so one instance per distinct purchase serves every decision (the commonest event
# of a game); bounded, as a long simulation meets ever more of them; positional, as a cache keyed by keywords
# costs three times as much.
@lru_cache(maxsize=4096)
def _basic_bought(seat: int, card: str, cost: int, bonus: int, discounts: tuple[str, ...]) -> ev.CardBought:
    return ev.CardBought(seat=seat, source="basic", card=card, cost=cost, bonus_money=bonus, discounts=discounts)


@lru_cache(maxsize=4096)
def _row_bought(seat: int, row: str, card: str, cost: int, replaced: str | None, refill: str | None,
                discounts: tuple[str, ...]) -> ev.CardBought:
    return ev.CardBought(seat=seat, source=row, card=card, cost=cost, replaced=replaced, refill=refill,
                         discounts=discounts)


@lru_cache(maxsize=4096)
def _revealed_event(seat: int, deck: str, card: str) -> ev.CardRevealed:
    return ev.CardRevealed(seat=seat, deck=deck, card=card)


@lru_cache(maxsize=4096)
def _declined_event(seat: int, deck: str | None, card: str | None) -> ev.RevealDeclined:
    return ev.RevealDeclined(seat=seat, deck=deck, card=card)


def buy(ctx: Decision, cmd: Buy) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    s = ctx.state
    if cmd.source == "cube":
        require(cmd.card is None and cmd.replace is None, "bad_fields", "A recipe cube purchase names only a recipe.")
    else:
        require(cmd.recipe is None, "bad_fields", "Only a recipe cube purchase names a recipe.")
    if cmd.source == "revealed":
        require(p.pending is not None and p.pending.kind == "revealed", "nothing_revealed",
                "No card is waiting from a water reveal.")
        assert p.pending is not None and p.pending.card is not None
        revealed = p.pending.card
        require(cmd.card in (None, revealed), "wrong_card", "That is not the revealed card.")
        check_slot(p, revealed, cmd.replace)
        cost, used = priced(p, revealed, CARDS[revealed].cost or 0, cmd.save_discounts)
        ctx.emit(ev.CardBought(seat=cmd.seat, source="revealed", card=revealed, cost=cost, replaced=cmd.replace,
                               discounts=used))
        return
    require(p.pending is None, "pending_choice", "Finish the water reveal first.")
    if cmd.source == "cube":
        r = cmd.recipe
        require(r in FLIGHTS[s.flight].recipes, "not_in_flight", "That recipe is not in this game's flight.")
        assert r is not None
        require(r not in p.cubes, "cube_owned", "You already know that recipe.")
        cost, used = priced(p, None, cube_cost(r), cmd.save_discounts)
        ctx.emit(ev.CardBought(seat=cmd.seat, source="cube", recipe=r, cost=cost, discounts=used))
        return
    require(cmd.card in CARDS, "unknown_card", "No such card.")
    cid = cmd.card or ""
    base = CARDS[cid].cost or 0
    if cmd.source == "basic":
        require(CARDS[cid].market is Market.BASIC, "not_basic", "That is not a Basic Market card.")
        limit = basic_limit(p)
        if p.basics_bought >= limit:  # the message made only on refusal, as in Decision.on_turn
            raise RuleViolation("basic_limit", f"You may buy only {limit} Basic Market cards a round.")
        cost, used = priced(p, cid, base, cmd.save_discounts)
        ctx.emit(_basic_bought(cmd.seat, cid, cost, purchase_bonus(p, cid), used))
        return
    require(cmd.source in s.rows, "wrong_source", "Cards looked at or in the truck are bought at round start.")
    require(cid in s.rows[cmd.source], "not_in_row", "That card is not in that market row.")
    check_slot(p, cid, cmd.replace)
    cost, used = priced(p, cid, base, cmd.save_discounts)
    ctx.ensure_deck(cmd.source)
    ctx.emit(_row_bought(cmd.seat, cmd.source, cid, cost, cmd.replace, ctx.top(cmd.source), used))


def reveal(ctx: Decision, cmd: Reveal) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is not None and p.pending.kind == "reveal_deck", "no_reveal",
            "A reveal comes only with a Basic Water purchase.")
    ctx.ensure_deck(cmd.deck)
    top = ctx.top(cmd.deck)
    require(top is not None, "empty_deck", "That deck is empty.")
    assert top is not None
    ctx.emit(_revealed_event(cmd.seat, cmd.deck, top))


def decline(ctx: Decision, cmd: Decline) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is not None and p.pending.kind in ("reveal_deck", "revealed"), "nothing_to_decline",
            "There is no water reveal to decline.")
    assert p.pending is not None
    ctx.emit(_declined_event(cmd.seat, p.pending.deck, p.pending.card))


def pass_market(ctx: Decision, cmd: PassTurn) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is None, "pending_choice", "Finish the water reveal first.")
    ctx.emit(passing(cmd.seat, "market"))


# Every offer the Market may list, made once: the listing runs for every Market decision of every game.
BASIC_OFFERS: tuple[Offer, ...] = tuple(
    ("basic", d.id, None, d.cost or 0) for d in CARDS.values() if d.market is Market.BASIC)
ROW_OFFERS: dict[str, dict[str, Offer]] = {
    deck: {cid: (deck, cid, None, d.cost or 0) for cid, d in CARDS.items()} for deck in DECKS}
CUBE_OFFERS: dict[str, tuple[Offer, ...]] = {
    f.id: tuple(("cube", None, r, cube_cost(r)) for r in f.recipes) for f in FLIGHTS.values()}


def actions(s: GameState, p: Player) -> list[Action]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "reveal_deck":
        decks = [d for d in DECKS if s.decks[d] or any(deck_of(t) == d for t in s.truck)]
        return [*(c.listed(c.Reveal, seat=seat, deck=d) for d in decks), c.seated(c.Decline, seat)]
    if p.pending is not None and p.pending.kind == "revealed":
        return [*buys(p, "revealed", p.pending.card or ""), c.seated(c.Decline, seat)]
    items = list(BASIC_OFFERS) if p.basics_bought < basic_limit(p) else []
    for deck in DECKS:
        items += _row_items(deck, tuple(s.rows[deck]))
    items += _cube_items(s.flight, tuple(p.cubes))
    return [*offers(p, items), c.seated(c.PassTurn, seat)]


# A row or a player's cubes change only on a purchase, while they are listed at every Market decision.
@lru_cache(maxsize=4096)
def _row_items(deck: str, row: tuple[str, ...]) -> tuple[Offer, ...]:
    return tuple(ROW_OFFERS[deck][cid] for cid in sorted(set(row)))


@lru_cache(maxsize=4096)
def _cube_items(flight: str, cubes: tuple[str, ...]) -> tuple[Offer, ...]:
    return tuple(offer for offer in CUBE_OFFERS[flight] if offer[2] not in cubes)


def _bought(s: GameState, e: ev.CardBought) -> None:
    p = s.players[e.seat]
    p.money += e.bonus_money - e.cost
    p.powers_used += e.discounts
    if e.source == "cube":
        assert e.recipe is not None
        p.cubes.append(e.recipe)
    else:
        assert e.card is not None
        if e.source in ("looked", "truck"):
            bought_at_round_start(s, p, e.source, e.card)
        elif e.source == "basic":
            p.basics_bought += 1
        elif e.source == "revealed":
            p.pending = None
        else:
            take_from_row(s, e.source, e.card)
        gain(s, p, e.card, e.replaced)
        if e.source == "basic" and e.card == "water":
            p.pending = Pending("reveal_deck")
    if s.phase == "market":
        advance_turn(s, e.seat)


def _revealed(s: GameState, e: ev.CardRevealed) -> None:
    s.decks[e.deck].pop()
    s.players[e.seat].pending = Pending("revealed", deck=e.deck, card=e.card)


def _declined(s: GameState, e: ev.RevealDeclined) -> None:
    if e.deck is not None and e.card is not None:
        s.decks[e.deck].insert(0, e.card)
    s.players[e.seat].pending = None
    advance_turn(s, e.seat)


def _cleaned(s: GameState, e: ev.MarketCleanedUp) -> None:
    for deck, gone in e.discarded.items():
        row = s.rows[deck]
        if deck in e.slots:  # solo: the slots the B card names; the rest slide right
            for k in sorted((k for k in e.slots[deck] if k <= len(row)), reverse=True):
                s.truck.append(row.pop(k - 1))
        for _ in gone:
            if row and deck not in e.slots:
                s.truck.append(row.pop())
            if s.decks[deck]:
                row.insert(0, s.decks[deck].pop())
    if e.solo_card is not None and s.solo is not None:
        s.solo.turned += 1


def cleanup(ctx: Decision) -> None:
    """End of Market: discard the rightmost card of each row and refill (twice with 2 players; solo: B card)."""
    if ctx.state.solo is not None:
        solo.cleanup(ctx)
        return
    times = 2 if ctx.state.n == 2 else 1
    for deck in DECKS:
        ctx.ensure_deck(deck, times)
    s = ctx.state
    discarded = {d: tuple(reversed(s.rows[d]))[:times] for d in DECKS}
    refills = {d: tuple(reversed(s.decks[d]))[:times] for d in DECKS}
    ctx.emit(ev.MarketCleanedUp(discarded=discarded, refills=refills))


def enter(ctx: Decision) -> None:
    ctx.emit(turn_phase("market", ctx.state.first_player))


def step(ctx: Decision) -> Step:
    """Once every player has passed, the clean-up ends the Market."""
    if ctx.state.turn is not None:
        return "wait"
    cleanup(ctx)
    return "done"


def legal(s: GameState, p: Player) -> list[Action]:
    return actions(s, p) if s.turn == p.seat else []


def on_turn(s: GameState) -> list[int]:
    return [s.turn] if s.turn is not None else []


PHASE = PhaseRules(
    "market", moves={Buy: buy, Reveal: reveal, Decline: decline, PassTurn: pass_market},
    appliers={ev.CardBought: _bought, ev.CardRevealed: _revealed, ev.RevealDeclined: _declined,
              ev.PlayerPassed: passed, ev.MarketCleanedUp: _cleaned},
    legal=legal, to_act=on_turn, step=step, next=lambda s: "distill", enter=enter,
    takes=lambda cmd: not isinstance(cmd, Buy) or cmd.source not in ROUND_START_SOURCES,
)
