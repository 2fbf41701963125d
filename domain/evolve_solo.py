"""Appliers for the solo goal events (RULES §3.10)."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import applies
from domain.catalogue import SOLO_CARDS
from domain.state import GameState, Solo


def _solo(s: GameState) -> Solo:
    assert s.solo is not None
    return s.solo


@applies(ev.GoalsOffered)
def _offered(s: GameState, e: ev.GoalsOffered) -> None:
    _solo(s).offered = list(e.goals)


@applies(ev.GoalClaimed)
def _claimed(s: GameState, e: ev.GoalClaimed) -> None:
    solo = _solo(s)
    solo.completed.append(e.goal)
    for r, i in e.unlocked:
        solo.available[r][i] = True
        solo.revealed[r][i] = True
    p = s.players[e.seat]
    p.sp += e.sp
    p.money += e.money
    kind = SOLO_CARDS[e.goal].type
    once = kind in ("distill", "sell")  # a spirit satisfies one goal of each event type
    solo.offered = [g for g in solo.offered if g != e.goal and not (once and SOLO_CARDS[g].type == kind)]


@applies(ev.GoalsDeclined)
def _declined(s: GameState, e: ev.GoalsDeclined) -> None:
    _solo(s).offered = []


@applies(ev.GoalsSwapped)
def _swapped(s: GameState, e: ev.GoalsSwapped) -> None:
    solo = _solo(s)
    row = solo.grid[e.row]
    row[e.a], row[e.b] = row[e.b], row[e.a]
    solo.swap_used = True
