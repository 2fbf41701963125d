"""Distill phase decisions (RULES §3.4, D2)."""

from __future__ import annotations

from collections import Counter

from domain import events as ev
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Kind, Market, Tier
from domain.commands import Distill, NameSpirit, SkipDistill, Trade
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
from domain.state import GameState, Player

NEVER_TRADED = frozenset({"yeast", "alcohol"})


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


def distill(ctx: Ctx, cmd: Distill) -> None:
    p = _my_distill(ctx, cmd.seat)
    washback = list(cmd.washback)
    require(contains(washback_cards(p), washback), "not_in_pantry",
            "The washback may hold only yeast, water, sugar and alcohol cards from your pantry.")
    require(valid_washback(washback), "invalid_washback",
            "A washback needs a sugar plus yeast and water, yeast and alcohol, water and alcohol, "
            "or two alcohol.")
    kinds = Counter(CARDS[c].kind for c in washback)
    added = kinds[Kind.SUGAR] + washback.count("turbo_yeast")
    cards = washback + ["alcohol"] * added
    ctx.rng.shuffle(cards)
    cut, spirit = (cards[0], cards[-1]), cards[1:-1]
    spirit += ["water"] * cut.count("mountain_spring_water")
    ctx.emit(ev.SpiritDistilled(seat=cmd.seat, round=ctx.state.round, washback=tuple(washback),
                                alcohol_added=added, cut=cut, spirit=tuple(spirit)))


def recipe_matches(state: GameState, p: Player, cards: list[str], cut: list[str]) -> list[tuple[str, bool]]:
    """(recipe, restore_signature) pairs whose sugars the freshly cut spirit meets, barrels aside."""
    sig = signature_ingredient(p)
    restores = [False, True] if sig and sig in cut else [False]
    out = []
    for restore in restores:
        contents = [*cards, sig] if restore and sig else cards
        out += [(rid, restore) for rid in known_recipes(state, p) if matches(RECIPES[rid], contents)]
    return out


def recipe_options(state: GameState, p: Player, cards: list[str], cut: list[str]) -> list[tuple[str, str, bool]]:
    """(recipe, barrel, restore_signature) triples a freshly cut spirit may become."""
    return [(rid, b, restore) for rid, restore in recipe_matches(state, p, cards, cut)
            for b in barrels_for(p, RECIPES[rid].barrel)]


def name_spirit(ctx: Ctx, cmd: NameSpirit) -> None:
    p = ctx.player(cmd.seat)
    s = ctx.state
    require(s.phase == "distill" and p.pending is not None and p.pending.kind == "name_spirit",
            "nothing_to_name", "You have no fresh distillate to name.")
    assert p.pending is not None
    require(cmd.recipe in known_recipes(s, p), "unknown_recipe", "You do not know that recipe.")
    require((cmd.recipe, cmd.restore_signature) in recipe_matches(s, p, p.pending.cards, p.pending.cut),
            "recipe_mismatch", "The spirit does not meet that recipe's sugars after the cut.")
    options = recipe_options(s, p, p.pending.cards, p.pending.cut)
    require((cmd.recipe, cmd.barrel, cmd.restore_signature) in options, "no_barrel",
            "You need a free barrel of the recipe's type.")
    label: bool | None = None
    if s.options.distill_order == "sequential":
        label = RECIPES[cmd.recipe].tier is Tier.SIGNATURE or s.labels.get(cmd.recipe, 0) > 0
    ctx.emit(ev.SpiritNamed(seat=cmd.seat, round=s.round, spirit_id=s.next_spirit, recipe=cmd.recipe,
                            barrel=cmd.barrel, restore_signature=cmd.restore_signature, label=label))


def skip(ctx: Ctx, cmd: SkipDistill) -> None:
    p = _my_distill(ctx, cmd.seat)
    require(p.pending is None, "pending_choice", "Name your spirit first.")
    ctx.emit(ev.DistillSkipped(seat=cmd.seat))


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
