"""Appliers for the Age phase, round end and game end."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import applies
from domain.state import GameState


@applies(ev.SpiritStored)
def _stored(s: GameState, e: ev.SpiritStored) -> None:
    spirit = s.players[e.seat].spirit(e.spirit_id)
    assert spirit is not None
    spirit.warehouse = e.warehouse


@applies(ev.FlavorAdded)
def _flavored(s: GameState, e: ev.FlavorAdded) -> None:
    by_id = {x.id: x for p in s.players for x in p.spirits}
    for sid in e.spirit_ids:
        by_id[sid].flavors.append(s.flavor_deck.pop())
    for sid in set(e.aged or e.spirit_ids):
        by_id[sid].times_aged += 1
    s.aged_round = s.round
    for seat, money in e.money.items():
        s.players[seat].money += money


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
