"""Round end (RULES §3.8): awards, tastings, the goal discard after round 3; after round 7 the game's end
(RULES §3.9)."""

from __future__ import annotations

from domain import events as ev
from domain import solo
from domain.appliers import applies
from domain.commands import DiscardGoal, Taste
from domain.context import Ctx
from domain.errors import require
from domain.powers.endgame import decks_to_reveal
from domain.scoring import final_scores
from domain.state import GameState

MAX_TASTING = 4


def taste(ctx: Ctx, cmd: Taste) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.tasting_due, "no_tasting",
            "Only a player who sold nothing this round may hold a tasting, at round end.")
    require(cmd.sp <= p.sp, "not_enough_sp", f"You have only {p.sp} SP.")
    ctx.emit(ev.TastingHeld(seat=cmd.seat, sp=cmd.sp))


def discard_goal(ctx: Ctx, cmd: DiscardGoal) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.discard_due, "no_discard",
            "Goals are discarded once, at the end of round 3.")
    require(cmd.goal in p.goals, "unknown_goal", "That is not one of your goals.")
    ctx.emit(ev.GoalDiscarded(seat=cmd.seat, goal=cmd.goal))


GOAL_DISCARD_ROUND = 3


def end_game(ctx: Ctx) -> None:
    """Final scoring; a deck some end-game formula reads (the Trucker's) is rebuilt first if it ran out."""
    revealed = None
    for deck in decks_to_reveal(ctx.state):
        ctx.ensure_deck(deck)
        revealed = ctx.top(deck)
    scores, winners = final_scores(ctx.state, revealed)
    outcome = None
    if ctx.state.solo is not None:
        outcome = solo.outcome(ctx.state.solo, scores[0]["sp"])
        winners = (0,) if outcome.won else ()
    ctx.emit(ev.GameEnded(scores=scores, winners=winners, revealed=revealed, solo=outcome))


@applies(ev.AwardsScored)
def _awards(s: GameState, e: ev.AwardsScored) -> None:
    for award, seats in e.awards.items():
        for seat in seats:
            s.players[seat].sp += e.shares[award]
        s.awards.remove(award)
        s.awards_won[award] = list(seats)


@applies(ev.TastingHeld)
def _tasting(s: GameState, e: ev.TastingHeld) -> None:
    p = s.players[e.seat]
    p.sp -= e.sp
    p.money += e.sp
    p.tasting_due = False


@applies(ev.GoalDiscarded)
def _goal(s: GameState, e: ev.GoalDiscarded) -> None:
    p = s.players[e.seat]
    p.goals.remove(e.goal)
    p.discard_due = False


@applies(ev.RoundEnded)
def _round_ended(s: GameState, e: ev.RoundEnded) -> None:
    s.turn = None


@applies(ev.GameEnded)
def _ended(s: GameState, e: ev.GameEnded) -> None:
    for p, score in zip(s.players, e.scores, strict=True):
        p.score = dict(score)
        p.sp, p.money = score["sp"], score["money"]
    s.winners = list(e.winners)
    s.phase, s.turn = "finished", None
