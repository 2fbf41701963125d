"""Resigning (D15, docs/adr/0011): a seat leaves the game in any phase but the end, on its turn or not.

With the game's `on_resign: bot` (the default) the rules' stand-in plays the seat from then on
(domain.stand_in), so the others' game goes on; with `on_resign: end` the game ends at once. Either way the game
ends once at most one seat is still in play: in a two-player game resigning concedes, and a solo game ends lost.
A game ended by resignation is scored as the final scoring would score the table now; the seats still in play
share the win by the usual tie-break, and no resigned seat can win.
"""

from __future__ import annotations

from pydantic import BaseModel

from domain import events as ev
from domain import solo
from domain.commands import Resign
from domain.decision import Applier, Decision
from domain.errors import require
from domain.phases.record import Move
from domain.powers.endgame import decks_to_reveal
from domain.scoring import final_scores
from domain.state import GameState


def in_play(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.seat not in s.resigned]


def winners_in_play(s: GameState, scores: tuple[dict[str, int], ...]) -> tuple[int, ...]:
    """The best (SP, then money) of the seats still in play: a resigned seat never wins (D15)."""
    playing = in_play(s)
    best = max(((scores[q]["sp"], scores[q]["money"]) for q in playing), default=None)
    return tuple(q for q in playing if (scores[q]["sp"], scores[q]["money"]) == best)


def resign(ctx: Decision, cmd: Resign) -> None:
    ctx.player(cmd.seat)
    s = ctx.state
    require(cmd.seat not in s.resigned, "resigned", "You have already resigned from this game.")
    ctx.emit(ev.SeatResigned(seat=cmd.seat))
    if s.options.on_resign == "end" or len(in_play(s)) <= 1:
        end_by_resignation(ctx)


def end_by_resignation(ctx: Decision) -> None:
    """The final scoring of the table as it stands (a deck the Trucker's formula reads is rebuilt first, as at
    the normal end); the winners are the best of the seats still in play."""
    s = ctx.state
    revealed = None
    for deck in decks_to_reveal(s):
        ctx.ensure_deck(deck)
        revealed = ctx.top(deck)
    scores, _ = final_scores(s, revealed)
    winners = winners_in_play(s, scores)
    outcome = None
    if s.solo is not None:
        outcome = solo.outcome(s.solo, scores[0]["sp"]).model_copy(update={"won": False})
    ctx.emit(ev.GameEnded(scores=scores, winners=winners, revealed=revealed, solo=outcome))


def _resigned(s: GameState, e: ev.SeatResigned) -> None:
    s.resigned.append(e.seat)


MOVES: dict[type[BaseModel], Move] = {Resign: resign}
APPLIERS: dict[type[BaseModel], Applier] = {ev.SeatResigned: _resigned}
