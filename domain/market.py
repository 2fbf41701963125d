"""Market phase decisions (RULES §3.3)."""

from __future__ import annotations

from domain import events as ev
from domain.catalogue import CARDS, FLIGHTS, RECIPES
from domain.catalogue.model import Kind, Market
from domain.commands import Buy, Decline, PassTurn, Reveal
from domain.context import Ctx
from domain.errors import require
from domain.lookups import BASIC_LIMIT, CUBE_COST, UPGRADE_SLOTS
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


def cube_cost(recipe: str) -> int:
    return CUBE_COST.get(RECIPES[recipe].tier.value, 0)


def _my_market_turn(ctx: Ctx, seat: int) -> Player:
    p = ctx.player(seat)
    require(ctx.state.phase == "market", "wrong_phase", "That is a Market action.")
    require(ctx.state.turn == seat, "not_your_turn", "It is not your turn in the Market.")
    return p


def _afford(p: Player, cost: int) -> None:
    require(p.money >= cost, "cannot_afford", f"That costs {cost} and you have {p.money}.")


def buy(ctx: Ctx, cmd: Buy) -> None:
    p = _my_market_turn(ctx, cmd.seat)
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
        cost = CARDS[revealed].cost or 0
        check_slot(p, revealed, cmd.replace)
        _afford(p, cost)
        ctx.emit(ev.CardBought(seat=cmd.seat, source="revealed", card=revealed, cost=cost, replaced=cmd.replace))
        return
    require(p.pending is None, "pending_choice", "Finish the water reveal first.")
    if cmd.source == "cube":
        r = cmd.recipe
        require(r in FLIGHTS[s.flight].recipes, "not_in_flight", "That recipe is not in this game's flight.")
        assert r is not None
        require(r not in p.cubes, "cube_owned", "You already know that recipe.")
        _afford(p, cube_cost(r))
        ctx.emit(ev.CardBought(seat=cmd.seat, source="cube", recipe=r, cost=cube_cost(r)))
        return
    require(cmd.card in CARDS, "unknown_card", "No such card.")
    cid = cmd.card or ""
    cost = CARDS[cid].cost or 0
    if cmd.source == "basic":
        require(CARDS[cid].market is Market.BASIC, "not_basic", "That is not a Basic Market card.")
        require(p.basics_bought < BASIC_LIMIT, "basic_limit", "You may buy only 2 Basic Market cards a round.")
        _afford(p, cost)
        ctx.emit(ev.CardBought(seat=cmd.seat, source="basic", card=cid, cost=cost,
                               bonus_money=1 if cid == "yeast" else 0))
        return
    require(cid in s.rows[cmd.source], "not_in_row", "That card is not in that market row.")
    check_slot(p, cid, cmd.replace)
    _afford(p, cost)
    ctx.ensure_deck(cmd.source)
    ctx.emit(ev.CardBought(seat=cmd.seat, source=cmd.source, card=cid, cost=cost, replaced=cmd.replace,
                           refill=ctx.top(cmd.source)))


def reveal(ctx: Ctx, cmd: Reveal) -> None:
    p = _my_market_turn(ctx, cmd.seat)
    require(p.pending is not None and p.pending.kind == "reveal_deck", "no_reveal",
            "A reveal comes only with a Basic Water purchase.")
    ctx.ensure_deck(cmd.deck)
    top = ctx.top(cmd.deck)
    require(top is not None, "empty_deck", "That deck is empty.")
    assert top is not None
    ctx.emit(ev.CardRevealed(seat=cmd.seat, deck=cmd.deck, card=top))


def decline(ctx: Ctx, cmd: Decline) -> None:
    p = _my_market_turn(ctx, cmd.seat)
    require(p.pending is not None and p.pending.kind in ("reveal_deck", "revealed"), "nothing_to_decline",
            "There is no water reveal to decline.")
    assert p.pending is not None
    ctx.emit(ev.RevealDeclined(seat=cmd.seat, deck=p.pending.deck, card=p.pending.card))


def pass_market(ctx: Ctx, cmd: PassTurn) -> None:
    p = _my_market_turn(ctx, cmd.seat)
    require(p.pending is None, "pending_choice", "Finish the water reveal first.")
    ctx.emit(ev.PlayerPassed(seat=cmd.seat, phase="market"))
