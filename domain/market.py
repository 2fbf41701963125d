"""Market phase decisions (RULES §3.3)."""

from __future__ import annotations

from domain import events as ev
from domain.catalogue import CARDS, FLIGHTS, RECIPES
from domain.catalogue.model import Kind, Market
from domain.commands import Buy, Decline, PassTurn, Reveal
from domain.context import Ctx
from domain.errors import require
from domain.lookups import CUBE_COST, UPGRADE_SLOTS
from domain.powers.market import basic_limit, price, purchase_bonus, usable_discounts
from domain.state import Player


def check_slot(p: Player, cid: str, replace: str | None) -> None:
    """Upgrades fill 3 slots; a 4th replaces a chosen one (RULES §5.25)."""
    if CARDS[cid].kind is not Kind.UPGRADE:
        require(replace is None, "nothing_to_replace", "Only an upgrade replaces another upgrade.")
    elif len(p.upgrades) >= UPGRADE_SLOTS:
        require(replace in p.upgrades, "replace_required",
                "All 3 upgrade slots are full: name the upgrade to replace.", upgrades=p.upgrades)
    else:
        require(replace is None, "slot_free", "You still have a free upgrade slot; nothing is replaced.")


CUBE_COSTS = {r.id: CUBE_COST.get(r.tier.value, 0) for r in RECIPES.values()}


def cube_cost(recipe: str) -> int:
    return CUBE_COSTS[recipe]


def _afford(p: Player, cost: int) -> None:
    require(p.money >= cost, "cannot_afford", f"That costs {cost} and you have {p.money}.")


def priced(p: Player, card: str | None, base: int, save: bool) -> tuple[int, tuple[str, ...]]:
    """The price to pay now, checked against the player's money; saving needs a discount to save."""
    require(not save or usable_discounts(p, card, base), "no_discount", "No discount applies to this purchase.")
    cost, used = price(p, card, base, save)
    _afford(p, cost)
    return cost, used


def buy(ctx: Ctx, cmd: Buy) -> None:
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
        require(p.basics_bought < limit, "basic_limit", f"You may buy only {limit} Basic Market cards a round.")
        cost, used = priced(p, cid, base, cmd.save_discounts)
        ctx.emit(ev.CardBought(seat=cmd.seat, source="basic", card=cid, cost=cost,
                               bonus_money=purchase_bonus(p, cid), discounts=used))
        return
    require(cmd.source in s.rows, "wrong_source", "Cards looked at or in the truck are bought at round start.")
    require(cid in s.rows[cmd.source], "not_in_row", "That card is not in that market row.")
    check_slot(p, cid, cmd.replace)
    cost, used = priced(p, cid, base, cmd.save_discounts)
    ctx.ensure_deck(cmd.source)
    ctx.emit(ev.CardBought(seat=cmd.seat, source=cmd.source, card=cid, cost=cost, replaced=cmd.replace,
                           refill=ctx.top(cmd.source), discounts=used))


def reveal(ctx: Ctx, cmd: Reveal) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is not None and p.pending.kind == "reveal_deck", "no_reveal",
            "A reveal comes only with a Basic Water purchase.")
    ctx.ensure_deck(cmd.deck)
    top = ctx.top(cmd.deck)
    require(top is not None, "empty_deck", "That deck is empty.")
    assert top is not None
    ctx.emit(ev.CardRevealed(seat=cmd.seat, deck=cmd.deck, card=top))


def decline(ctx: Ctx, cmd: Decline) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is not None and p.pending.kind in ("reveal_deck", "revealed"), "nothing_to_decline",
            "There is no water reveal to decline.")
    assert p.pending is not None
    ctx.emit(ev.RevealDeclined(seat=cmd.seat, deck=p.pending.deck, card=p.pending.card))


def pass_market(ctx: Ctx, cmd: PassTurn) -> None:
    p = ctx.on_turn(cmd.seat, "market", "Market")
    require(p.pending is None, "pending_choice", "Finish the water reveal first.")
    ctx.emit(ev.PlayerPassed(seat=cmd.seat, phase="market"))
