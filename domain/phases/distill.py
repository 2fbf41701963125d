"""The Distill phase (RULES §3.4, D2): the trade, the washback and its cut, skipping, and the labels settled
when a simultaneous phase closes (naming the spirit: domain.phases.distill_naming)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from domain import commands as c
from domain import events as ev
from domain.card_rules import (
    BASIC_INGREDIENTS,
    WASHBACK_CARDS,
    can_distill,
    contains,
    next_seat,
    remove_all,
    valid_washback,
    washback_cards,
)
from domain.catalogue import CARDS
from domain.catalogue.model import Kind, Market
from domain.commands import Action, Distill, KeepFlavor, NameSpirit, Redistill, SkipDistill, Trade
from domain.decision import Decision
from domain.errors import require
from domain.phases.distill_events import skipped_event, stuck_event, traded_event
from domain.phases.distill_naming import name_spirit, named, recipe_options
from domain.phases.record import PhaseRules, Step
from domain.powers import money_gained
from domain.powers.choices import flavor_choices
from domain.powers.distill import extra_alcohol_options, may_redistill, top_only_options
from domain.powers.flavors import FLAVOR_APPLIERS, keep
from domain.state import GameState, Opening, Pending, Player
from domain.zones import discard, turn_phase

NEVER_TRADED = frozenset({"yeast", "alcohol"})


EXTRA_WATER = "mountain_spring_water"  # if cut, a basic Water joins the spirit


def tradeable(p: Player) -> list[str]:
    """Pantry ingredients and premium items that may be given (never Yeast, Alcohol, starting items or
    signature ingredients)."""
    return _tradeable(p.pantry, p.storeroom)


# What may be given, card by card, worked out once from the catalogue: listings and the step ask it often.
GIVEN_FROM_PANTRY = frozenset(cid for cid, d in CARDS.items()
                              if cid not in NEVER_TRADED and d.market is not Market.SIGNATURE)
GIVEN_FROM_STOREROOM = frozenset(cid for cid, d in CARDS.items() if d.market is Market.ITEM)


def _tradeable(pantry: Sequence[str], storeroom: Sequence[str]) -> list[str]:
    given = [c for c in pantry if c in GIVEN_FROM_PANTRY]
    items = [c for c in storeroom if c in GIVEN_FROM_STOREROOM]
    return sorted(set(given + items))


@cache  # the catalogue's answer, worked out once per card: listing and the washback check ask it often
def trade_options(give: str) -> tuple[str, ...]:
    cost = CARDS[give].cost or 0
    return tuple(b for b in BASIC_INGREDIENTS if (CARDS[b].cost or 0) <= cost)


@cache
def trades(seat: int, give: str) -> tuple[Trade, ...]:
    """The trades of one card, as listed (commands are frozen: one instance serves every listing)."""
    return tuple(Trade(seat=seat, give=give, take=t) for t in trade_options(give))


@lru_cache(maxsize=1024)  # bounded: pantries are many; a seat's listing repeats while the others distill
def open_distill(seat: int, cards: tuple[str, ...], extra: tuple[int, ...], top: tuple[bool, ...]) -> c.OpenDistill:
    """The open Distill entry, as listed (frozen: one instance serves every listing of the same pantry)."""
    return c.OpenDistill(seat=seat, cards=cards, extra_alcohol=extra, top_only=top)


def may_distill_now(state: GameState, p: Player) -> bool:
    return (state.phase == "distill" and not p.distilled
            and (state.options.distill_order == "simultaneous" or state.turn == p.seat))


def _my_distill(ctx: Decision, seat: int) -> Player:
    p = ctx.player(seat)
    require(ctx.state.phase == "distill", "wrong_phase", "That is a Distill action.")
    require(not p.distilled, "already_distilled", "You have already distilled this round.")
    require(may_distill_now(ctx.state, p), "not_your_turn", "Wait for your turn to distill.")
    return p


def trade(ctx: Decision, cmd: Trade) -> None:
    p = _my_distill(ctx, cmd.seat)
    require(not p.traded, "already_traded", "You may trade only once, before distilling.")
    require(cmd.give in tradeable(p), "cannot_give", "You cannot give that card in a trade.")
    require(cmd.take in trade_options(cmd.give), "cannot_take",
            "Take a basic ingredient whose cost is at most the cost of the card you give.")
    ctx.emit(traded_event(cmd.seat, cmd.give, cmd.take, ctx.state.round))


def cut_stack(cards: list[str], top_only: bool) -> tuple[tuple[str, ...], list[str]]:
    """The shuffled stack's cut (top and bottom, or the top alone) and what stays."""
    cut, spirit = ((cards[0],), cards[1:]) if top_only else ((cards[0], cards[-1]), cards[1:-1])
    return cut, spirit + ["water"] * cut.count(EXTRA_WATER)


def distill(ctx: Decision, cmd: Distill) -> None:
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


def redistill(ctx: Decision, cmd: Redistill) -> None:
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


def skip(ctx: Decision, cmd: SkipDistill) -> None:
    p = _my_distill(ctx, cmd.seat)
    require(p.pending is None, "pending_choice", "Name your spirit first.")
    ctx.emit(skipped_event(cmd.seat, ctx.state.round))


def can_start(p: Player) -> bool:
    """Whether any distillation is possible now, or after the one trade still allowed."""
    return _can_start(tuple(p.pantry), tuple(p.storeroom), p.traded)


@lru_cache(maxsize=4096)  # asked of every player at every step of the Distill phase, while pantries seldom change
def _can_start(pantry: tuple[str, ...], storeroom: tuple[str, ...], traded: bool) -> bool:
    cards = [c for c in pantry if c in WASHBACK_CARDS]  # washback_cards
    if valid_washback(cards):
        return True
    if traded:
        return False
    for give in _tradeable(pantry, storeroom):
        rest = list(cards)
        if give in rest:
            rest.remove(give)
        if any(valid_washback([*rest, take]) for take in trade_options(give)):
            return True
    return False


def actions(s: GameState, p: Player) -> list[Action]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "name_spirit":
        out: list[Action] = [
            c.listed(NameSpirit, seat=seat, recipe=r, barrel=b, restore_signature=x, return_card=back, cash_card=cash)
            for r, b, x, back, cash in recipe_options(s, p, p.pending.cards, p.pending.cut)]
        return [*out, c.seated(Redistill, seat)] if may_redistill(p) else out
    if p.pending is not None:
        return flavor_choices(p)
    if not may_distill_now(s, p):
        return []
    out = []
    if not p.traded:
        for give in tradeable(p):
            out += trades(seat, give)
    if can_distill(p):
        out.append(open_distill(seat, tuple(sorted(washback_cards(p))), extra_alcohol_options(p), top_only_options(p)))
    return [*out, c.seated(SkipDistill, seat)]


def _traded(s: GameState, e: ev.Traded) -> None:
    p = s.players[e.seat]
    (p.pantry if e.gave in p.pantry else p.storeroom).remove(e.gave)
    discard(s, e.gave)
    p.pantry.append(e.took)
    p.traded = True


def _distilled(s: GameState, e: ev.SpiritDistilled) -> None:
    p = s.players[e.seat]
    remove_all(p.pantry, e.washback)
    p.pantry += e.cut
    p.distilled = True
    p.pending = Pending("name_spirit", cards=list(e.spirit), cut=list(e.cut), top_only=e.top_only)


def _skipped(s: GameState, e: ev.DistillSkipped) -> None:
    s.players[e.seat].distilled = True
    if s.options.distill_order == "sequential":
        s.turn = next_seat(s, e.seat, lambda q: not q.distilled)


def _settled(s: GameState, e: ev.LabelsSettled) -> None:
    wanted = set(e.labelled) | set(e.unlabelled)
    for p in s.players:
        for sp in p.spirits:
            if sp.id in wanted:
                sp.label_pending = False
                sp.label = sp.id in e.labelled
                if sp.label and sp.recipe in s.labels:
                    s.labels[sp.recipe] -= 1


def _recut(s: GameState, e: ev.SpiritRecut) -> None:
    p = s.players[e.seat]
    assert p.pending is not None
    remove_all(p.pantry, p.pending.cut)
    p.pantry += e.cut
    p.pending.cards, p.pending.cut = list(e.spirit), list(e.cut)
    p.powers_used.append("coffey_still")


def enter(ctx: Decision) -> None:
    s = ctx.state
    ctx.emit(turn_phase("distill", s.first_player if s.options.distill_order == "sequential" else None))


def opened(s: GameState) -> None:
    """Simultaneous distilling: until the phase closes every seat sees the table as it was now (RULES D2)."""
    if s.options.distill_order == "simultaneous":
        solo = s.solo.clone() if s.solo is not None else None
        s.opening = Opening([p.clone() for p in s.players], list(s.truck), len(s.flavor_deck),
                            list(s.flavor_discard), len(s.flavor_discard_down), solo)


def _settle_labels(ctx: Decision) -> None:
    """Labels named without one (simultaneous phase) are handed out in turn order while they last (D2)."""
    s = ctx.state
    fresh = [sp for seat in s.order() for sp in s.players[seat].spirits if sp.label_pending]
    if not fresh:
        return
    left = dict(s.labels)
    got, missed = [], []
    for spirit in fresh:
        if spirit.recipe not in left:
            got.append(spirit.id)  # a signature label: each player owns their one
        elif left[spirit.recipe] > 0:
            left[spirit.recipe] -= 1
            got.append(spirit.id)
        else:
            missed.append(spirit.id)
    ctx.emit(ev.LabelsSettled(labelled=tuple(got), unlabelled=tuple(missed)))


def step(ctx: Decision) -> Step:
    """A player who cannot distill skips by themself; once every player is done the labels are settled."""
    s = ctx.state
    stuck = [p for p in s.players if not p.distilled and not can_start(p)
             and (s.turn is None or s.turn == p.seat)]
    if stuck:
        for p in stuck:
            ctx.emit(stuck_event(p.seat, s.round))
        return "moved"
    if any(not p.distilled or p.pending for p in s.players):
        return "wait"
    _settle_labels(ctx)
    return "done"


def distilling(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.pending is not None or may_distill_now(s, p)]


PHASE = PhaseRules(
    "distill",
    moves={Trade: trade, Distill: distill, Redistill: redistill, NameSpirit: name_spirit, KeepFlavor: keep,
           SkipDistill: skip},
    appliers={ev.Traded: _traded, ev.SpiritDistilled: _distilled, ev.SpiritRecut: _recut, ev.SpiritNamed: named,
              ev.DistillSkipped: _skipped, ev.LabelsSettled: _settled, ev.MoneyGained: money_gained,
              **FLAVOR_APPLIERS},
    legal=actions, to_act=distilling, step=step, next=lambda s: "sell", enter=enter, opened=opened,
)
