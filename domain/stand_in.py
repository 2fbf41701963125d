"""The stand-in (D15, docs/adr/0011): the rules play a resigned seat themselves, inside `flow.advance`, so no
bot process is needed and a replay is exact (its moves are ordinary events, written when they are decided).

Its policy is fixed and plain: of the seat's legal actions, the first that passes, skips or declines; else the
first one listed (the first distiller dealt, the first warehouse free, the first sale, label space or flavor
listed). It never distills. A move that needs chance draws it from the decision's RNG, as any move does.
"""

from __future__ import annotations

from domain.commands import Action, Command, OpenDistill
from domain.decision import Decision
from domain.rules import PHASES, move_for

DECLINING = ("pass", "skip_distill", "decline", "decline_goals")


def choose(actions: list[Action]) -> Command:
    chosen = next((a for a in actions if a.type in DECLINING), actions[0])
    assert not isinstance(chosen, OpenDistill)  # a seat that may distill may always skip
    return chosen


def stand_in(ctx: Decision) -> bool:
    """Takes one move of a resigned seat the game waits for; whether it did."""
    s = ctx.state
    if not s.resigned or s.phase in ("new", "finished"):
        return False
    rules = PHASES[s.phase]
    seat = next((q for q in rules.to_act(s) if q in s.resigned), None)
    if seat is None:
        return False
    command = choose(rules.legal(s, s.players[seat]))
    move = move_for(s, command)
    assert move is not None
    move(ctx, command)
    return True
