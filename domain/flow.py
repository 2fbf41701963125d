"""Automatic steps between player decisions: phase ends, clean-up, aging, awards, round and game end."""

from __future__ import annotations

from domain import events as ev
from domain import solo
from domain.awards import score_awards
from domain.context import Ctx
from domain.phases import market, round_end
from domain.phases.age import waiting_to_age
from domain.phases.distill import can_start
from domain.phases.round_start import begin_round, offer_next
from domain.phases.sell import sellable
from domain.powers.flavors import age_all, age_choices
from domain.state import ROUNDS, GameState

MAX_STEPS = 64


def _step(ctx: Ctx) -> bool:
    """Emit the next automatic event(s); False when a player must act."""
    s: GameState = ctx.state
    if s.solo is not None and s.solo.offered:
        return False  # the player answers the goals offered first
    if s.phase == "setup":
        if any(p.distiller is None for p in s.players):
            return False
        begin_round(ctx, 1, s.first_player)
    elif s.phase == "round_start":
        return offer_next(ctx)
    elif s.phase == "market":
        if s.turn is not None:
            return False
        market.cleanup(ctx)
        seq = s.options.distill_order == "sequential"
        ctx.emit(ev.PhaseStarted(phase="distill", turn=s.first_player if seq else None))
    elif s.phase == "distill":
        stuck = [p for p in s.players if not p.distilled and not can_start(p)
                 and (s.turn is None or s.turn == p.seat)]
        if stuck:
            for p in stuck:
                ctx.emit(ev.DistillSkipped(seat=p.seat, automatic=True, round=s.round))
            return True
        if any(not p.distilled or p.pending for p in s.players):
            return False
        fresh = [sp for seat in s.order() for sp in s.players[seat].spirits if sp.label_pending]
        if fresh:
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
        ctx.emit(ev.PhaseStarted(phase="sell", turn=s.first_player))
    elif s.phase == "sell":
        if s.turn is None:
            ctx.emit(ev.PhaseStarted(phase="age"))
            return True
        p = s.players[s.turn]
        if p.pending is not None or sellable(s, p):
            return False
        ctx.emit(ev.PlayerPassed(seat=p.seat, phase="sell", automatic=True))
    elif s.phase == "age":
        if any(waiting_to_age(p) or p.pending is not None for p in s.players):
            return False
        if s.aged_round != s.round:
            age_all(ctx)
        if age_choices(ctx):
            return True
        won, shares = score_awards(ctx.state)
        if won:
            ctx.emit(ev.AwardsScored(round=s.round, awards=won, shares=shares))
        tasting = tuple(p.seat for p in s.players if not p.sales and p.sp > 0)
        discard = tuple(p.seat for p in s.players if s.round == round_end.GOAL_DISCARD_ROUND and len(p.goals) > 2)
        ctx.emit(ev.PhaseStarted(phase="round_end", tasting=tasting, discard=discard))
        solo.offer_round_end(ctx)
    elif s.phase == "round_end":
        if any(p.tasting_due or p.discard_due for p in s.players):
            return False
        ctx.emit(ev.RoundEnded(round=s.round))
        if s.round >= ROUNDS:
            round_end.end_game(ctx)
        else:
            begin_round(ctx, s.round + 1, (s.first_player + 1) % s.n)
    else:
        return False
    return True


def advance(ctx: Ctx) -> None:
    for _ in range(MAX_STEPS):
        if not _step(ctx):
            return
    raise RuntimeError("the game flow did not settle")  # a bug, never a player's mistake
