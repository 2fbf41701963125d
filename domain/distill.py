"""Distill phase decisions (RULES §3.4, D2)."""

from __future__ import annotations

from collections import Counter

from domain import events as ev
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Kind, Market, Tier
from domain.commands import Distill, NameSpirit, Redistill, SkipDistill, Trade
from domain.context import Ctx
from domain.errors import require
from domain.lookups import (
    BASIC_INGREDIENTS,
    barrels_for,
    contains,
    known_recipes,
    matches,
    signature_ingredient,
    valid_washback,
    washback_cards,
)
from domain.powers.distill import (
    CASH_CUT,
    auto_cash,
    cash_options,
    extra_alcohol_options,
    may_redistill,
    return_options,
    top_only_options,
)
from domain.powers.flavors import end_of_distill
from domain.solo import offer_distill
from domain.state import GameState, Player

NEVER_TRADED = frozenset({"yeast", "alcohol"})
EXTRA_WATER = "mountain_spring_water"  # if cut, a basic Water joins the spirit


def tradeable(p: Player) -> list[str]:
    """Pantry ingredients and premium items that may be given (never Yeast, Alcohol, starting items or
    signature ingredients)."""
    pantry = [c for c in p.pantry if c not in NEVER_TRADED and CARDS[c].market is not Market.SIGNATURE]
    items = [c for c in p.storeroom if CARDS[c].market is Market.ITEM]
    return sorted(set(pantry + items))


def trade_options(give: str) -> list[str]:
    cost = CARDS[give].cost or 0
    return [b for b in BASIC_INGREDIENTS if (CARDS[b].cost or 0) <= cost]


def may_distill_now(state: GameState, p: Player) -> bool:
    return (state.phase == "distill" and not p.distilled
            and (state.options.distill_order == "simultaneous" or state.turn == p.seat))


def _my_distill(ctx: Ctx, seat: int) -> Player:
    p = ctx.player(seat)
    require(ctx.state.phase == "distill", "wrong_phase", "That is a Distill action.")
    require(not p.distilled, "already_distilled", "You have already distilled this round.")
    require(may_distill_now(ctx.state, p), "not_your_turn", "Wait for your turn to distill.")
    return p


def trade(ctx: Ctx, cmd: Trade) -> None:
    p = _my_distill(ctx, cmd.seat)
    require(not p.traded, "already_traded", "You may trade only once, before distilling.")
    require(cmd.give in tradeable(p), "cannot_give", "You cannot give that card in a trade.")
    require(cmd.take in trade_options(cmd.give), "cannot_take",
            "Take a basic ingredient whose cost is at most the cost of the card you give.")
    ctx.emit(ev.Traded(seat=cmd.seat, gave=cmd.give, took=cmd.take, round=ctx.state.round))


def cut_stack(cards: list[str], top_only: bool) -> tuple[tuple[str, ...], list[str]]:
    """The shuffled stack's cut (top and bottom, or the top alone) and what stays."""
    cut, spirit = ((cards[0],), cards[1:]) if top_only else ((cards[0], cards[-1]), cards[1:-1])
    return cut, spirit + ["water"] * cut.count(EXTRA_WATER)


def distill(ctx: Ctx, cmd: Distill) -> None:
    p = _my_distill(ctx, cmd.seat)
    washback = list(cmd.washback)
    require(contains(washback_cards(p), washback), "not_in_pantry",
            "The washback may hold only yeast, water, sugar and alcohol cards from your pantry.")
    require(valid_washback(washback), "invalid_washback",
            "A washback needs a sugar plus yeast and water, yeast and alcohol, water and alcohol, "
            "or two alcohol.")
    require(cmd.extra_alcohol in extra_alcohol_options(p), "extra_alcohol",
            "Extra Alcohol comes only from a Worm Tub (2) and a Coppersmith (1).", allowed=extra_alcohol_options(p))
    require(cmd.top_only in top_only_options(p), "top_only", "Only a Column Still cuts just the top card.")
    kinds = Counter(CARDS[c].kind for c in washback)
    added = kinds[Kind.SUGAR] + washback.count("turbo_yeast") + cmd.extra_alcohol
    cards = washback + ["alcohol"] * added
    ctx.rng.shuffle(cards)
    cut, spirit = cut_stack(cards, cmd.top_only)
    ctx.emit(ev.SpiritDistilled(seat=cmd.seat, round=ctx.state.round, washback=tuple(washback),
                                alcohol_added=added, cut=cut, spirit=tuple(spirit), top_only=cmd.top_only))


def redistill(ctx: Ctx, cmd: Redistill) -> None:
    """Coffey Still: the cut cards (and Mountain Spring Water's extra Water) go back; shuffle and cut again."""
    p = ctx.player(cmd.seat)
    pend = p.pending
    require(ctx.state.phase == "distill" and pend is not None and pend.kind == "name_spirit", "nothing_to_redistill",
            "Only a fresh, unnamed distillate can be cut again.")
    require(may_redistill(p), "no_redistill", "A Coffey Still redistills once per Distill phase.")
    assert pend is not None
    cards = list(pend.cards)
    for _ in range(pend.cut.count(EXTRA_WATER)):
        cards.remove("water")
    cards += pend.cut
    ctx.rng.shuffle(cards)
    cut, spirit = cut_stack(cards, pend.top_only)
    ctx.emit(ev.SpiritRecut(seat=cmd.seat, round=ctx.state.round, cut=cut, spirit=tuple(spirit)))


Variant = tuple[bool, str | None, list[str], list[str]]  # restore_signature, returned card, contents, still cut


def spirit_variants(p: Player, cards: list[str], cut: list[str]) -> list[Variant]:
    """Each way the cut may be partly undone: the signature ingredient restored, a card back by Spirit Safe."""
    sig = signature_ingredient(p)
    out: list[Variant] = []
    for restore in ([False, True] if sig and sig in cut else [False]):
        for returned in return_options(p, cut, sig):
            contents, left = list(cards), list(cut)
            for back in (sig if restore else None, returned):
                if back is not None:
                    contents.append(back)
                    left.remove(back)
            out.append((restore, returned, contents, left))
    return out


def recipe_options(state: GameState, p: Player, cards: list[str], cut: list[str]) -> list[
        tuple[str, str, bool, str | None, str | None]]:
    """(recipe, barrel, restore_signature, return_card, cash_card) a freshly cut spirit may be named with."""
    out = []
    known = known_recipes(state, p)
    for restore, returned, contents, left in spirit_variants(p, cards, cut):
        cashes = cash_options(state, p, left)
        out += [(rid, b, restore, returned, cash) for rid in known if matches(RECIPES[rid], contents)
                for b in barrels_for(p, RECIPES[rid].barrel) for cash in cashes]
    return out


def name_spirit(ctx: Ctx, cmd: NameSpirit) -> None:
    p = ctx.player(cmd.seat)
    s = ctx.state
    require(s.phase == "distill" and p.pending is not None and p.pending.kind == "name_spirit",
            "nothing_to_name", "You have no fresh distillate to name.")
    assert p.pending is not None
    require(cmd.recipe in known_recipes(s, p), "unknown_recipe", "You do not know that recipe.")
    variants = {(v[0], v[1]): v for v in spirit_variants(p, p.pending.cards, p.pending.cut)}
    if cmd.return_card is not None:
        require((False, cmd.return_card) in variants, "cannot_return",
                "Only a Spirit Safe puts a cut card back, and only a card that was cut.")
    variant = variants.get((cmd.restore_signature, cmd.return_card))
    require(variant is not None and matches(RECIPES[cmd.recipe], variant[2]), "recipe_mismatch",
            "The spirit does not meet that recipe's sugars after the cut.")
    assert variant is not None
    left = variant[3]
    require(cmd.cash_card in cash_options(s, p, left), "cash_choice",
            "Juliana names one card still cut (and only without auto_best); nobody else names one.")
    require(cmd.barrel in barrels_for(p, RECIPES[cmd.recipe].barrel), "no_barrel",
            "You need a free barrel of the recipe's type.")
    label: bool | None = None
    if s.options.distill_order == "sequential":
        label = RECIPES[cmd.recipe].tier is Tier.SIGNATURE or s.labels.get(cmd.recipe, 0) > 0
    spirit_id = s.next_spirit
    ctx.emit(ev.SpiritNamed(seat=cmd.seat, round=s.round, spirit_id=spirit_id, recipe=cmd.recipe,
                            barrel=cmd.barrel, restore_signature=cmd.restore_signature, label=label,
                            returned=cmd.return_card))
    cash = cmd.cash_card or auto_cash(ctx.state, p, left)
    if cash is not None and CARDS[cash].money:
        ctx.emit(ev.MoneyGained(seat=cmd.seat, money=CARDS[cash].money, power=CASH_CUT, card=cash))
    end_of_distill(ctx, cmd.seat, spirit_id)
    offer_distill(ctx, spirit_id)


def skip(ctx: Ctx, cmd: SkipDistill) -> None:
    p = _my_distill(ctx, cmd.seat)
    require(p.pending is None, "pending_choice", "Name your spirit first.")
    ctx.emit(ev.DistillSkipped(seat=cmd.seat, round=ctx.state.round))


def can_start(p: Player) -> bool:
    """Whether any distillation is possible now, or after the one trade still allowed."""
    if valid_washback(washback_cards(p)):
        return True
    if p.traded:
        return False
    for give in tradeable(p):
        rest = list(washback_cards(p))
        if give in rest:
            rest.remove(give)
        if any(valid_washback([*rest, take]) for take in trade_options(give)):
            return True
    return False
