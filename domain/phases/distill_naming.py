"""Naming the distillate (RULES §3.4 steps 4-6, §2.1): the cut partly undone, a matching known recipe and
a barrel, the label, the end-of-distill effects."""

from __future__ import annotations

from domain import events as ev
from domain.card_rules import barrels_for, known_recipes, matches, next_seat, signature_ingredient
from domain.catalogue import CARDS, DISTILLERS, RECIPES
from domain.catalogue.model import Tier
from domain.commands import NameSpirit
from domain.decision import Decision
from domain.errors import require
from domain.powers.distill import CASH_CUT, auto_cash, cash_options, return_options
from domain.powers.flavors import end_of_distill
from domain.solo import offer_distill
from domain.state import GameState, Player, Spirit

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


def name_spirit(ctx: Decision, cmd: NameSpirit) -> None:
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


def named(s: GameState, e: ev.SpiritNamed) -> None:
    p = s.players[e.seat]
    assert p.pending is not None
    cards = list(p.pending.cards)
    sig = signature_ingredient(p)
    if e.restore_signature and sig:
        p.pantry.remove(sig)
        cards.append(sig)
    if e.returned:
        p.pantry.remove(e.returned)
        cards.append(e.returned)
    p.storeroom.remove(e.barrel)
    spirit = Spirit(e.spirit_id, e.seat, e.recipe, cards, e.barrel, e.round)
    if e.recipe == (DISTILLERS[p.distiller].signature_recipe if p.distiller else None):
        p.signature_made = True
    if e.label is None:
        spirit.label_pending = True
    elif e.label:
        spirit.label = True
        if e.recipe in s.labels:
            s.labels[e.recipe] -= 1
    p.spirits.append(spirit)
    p.pending = None
    s.next_spirit = e.spirit_id + 1
    if s.options.distill_order == "sequential":
        s.turn = next_seat(s, e.seat, lambda q: not q.distilled)
