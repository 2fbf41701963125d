"""Round end (RULES §3.8): awards, tastings, the goal discard after round 3; after round 7 the game's end
(RULES §3.9)."""

from __future__ import annotations

from functools import cache, lru_cache

from domain import events as ev
from domain import solo
from domain.awards import score_awards
from domain.commands import Action, DiscardGoal, Taste, listed
from domain.decision import Decision
from domain.errors import require
from domain.phases.record import PhaseRules, Step
from domain.state import ROUNDS, GameState, Player


def taste(ctx: Decision, cmd: Taste) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.tasting_due, "no_tasting",
            "Only a player who sold nothing this round may hold a tasting, at round end.")
    require(cmd.sp <= p.sp, "not_enough_sp", f"You have only {p.sp} SP.")
    ctx.emit(_tasted(cmd.seat, cmd.sp))


def discard_goal(ctx: Decision, cmd: DiscardGoal) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "round_end" and p.discard_due, "no_discard",
            "Goals are discarded once, at the end of round 3.")
    require(cmd.goal in p.goals, "unknown_goal", "That is not one of your goals.")
    ctx.emit(ev.GoalDiscarded(seat=cmd.seat, goal=cmd.goal))


GOAL_DISCARD_ROUND = 3




def _awards(s: GameState, e: ev.AwardsScored) -> None:
    for award, seats in e.awards.items():
        for seat in seats:
            s.players[seat].sp += e.shares[award]
        s.awards.remove(award)
        s.awards_won[award] = list(seats)


def _tasting(s: GameState, e: ev.TastingHeld) -> None:
    p = s.players[e.seat]
    p.sp -= e.sp
    p.money += e.sp
    p.tasting_due = False


def _goal(s: GameState, e: ev.GoalDiscarded) -> None:
    p = s.players[e.seat]
    p.goals.remove(e.goal)
    p.discard_due = False


def _round_ended(s: GameState, e: ev.RoundEnded) -> None:
    s.turn = None



# Frozen events: one instance per seat lists, tasting or round serves every round end of every game.
@lru_cache(maxsize=1024)
def _started(tasting: tuple[int, ...], discard: tuple[int, ...]) -> ev.PhaseStarted:
    return ev.PhaseStarted(phase="round_end", tasting=tasting, discard=discard)


@lru_cache(maxsize=1024)
def _tasted(seat: int, sp: int) -> ev.TastingHeld:
    return ev.TastingHeld(seat=seat, sp=sp)


@lru_cache(maxsize=64)
def _ended(round: int) -> ev.RoundEnded:
    return ev.RoundEnded(round=round)


def enter(ctx: Decision) -> None:
    """Round end opens with the awards (RULES §3.8 step 1); then tastings and, after round 3, the goal discard."""
    s = ctx.state
    won, shares = score_awards(s)
    if won:
        ctx.emit(ev.AwardsScored(round=s.round, awards=won, shares=shares))
    tasting = tuple(p.seat for p in s.players if not p.sales and p.sp > 0)
    discard = tuple(p.seat for p in s.players if s.round == GOAL_DISCARD_ROUND and len(p.goals) > 2)
    ctx.emit(_started(tasting, discard))
    solo.offer_round_end(ctx)


def due(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.tasting_due or p.discard_due]


def step(ctx: Decision) -> Step:
    if due(ctx.state):
        return "wait"
    ctx.emit(_ended(ctx.state.round))
    return "done"


@cache  # positional: listed at every decision of a round end, and a cache keyed by keywords costs thrice
def _taste(seat: int, sp: int) -> Taste:
    return Taste(seat=seat, sp=sp)


def actions(s: GameState, p: Player) -> list[Action]:
    out: list[Action] = []
    if p.tasting_due:
        out += [_taste(p.seat, k) for k in range(min(4, p.sp) + 1)]
    if p.discard_due:
        out += [listed(DiscardGoal, seat=p.seat, goal=g) for g in p.goals]
    return out


PHASE = PhaseRules(
    "round_end", moves={Taste: taste, DiscardGoal: discard_goal},
    appliers={ev.AwardsScored: _awards, ev.TastingHeld: _tasting, ev.GoalDiscarded: _goal,
              ev.RoundEnded: _round_ended},
    legal=actions, to_act=due, step=step, enter=enter,
    next=lambda s: "finished" if s.round >= ROUNDS else "round_start",
)
