"""The game's end (RULES §3.9, §3.10): final scoring, the winners, the solo outcome."""

from __future__ import annotations

from domain import events as ev
from domain import solo
from domain.decision import Decision
from domain.phases.record import PhaseRules
from domain.powers.endgame import decks_to_reveal
from domain.resign import winners_in_play
from domain.scoring import final_scores
from domain.state import GameState


def end_game(ctx: Decision) -> None:
    """Final scoring; a deck some end-game formula reads (the Trucker's) is rebuilt first if it ran out."""
    revealed = None
    for deck in decks_to_reveal(ctx.state):
        ctx.ensure_deck(deck)
        revealed = ctx.top(deck)
    scores, winners = final_scores(ctx.state, revealed)
    if ctx.state.resigned:
        winners = winners_in_play(ctx.state, scores)  # played to the end by the stand-in: never a winner (D15)
    outcome = None
    if ctx.state.solo is not None:
        outcome = solo.outcome(ctx.state.solo, scores[0]["sp"])
        winners = (0,) if outcome.won else ()
    ctx.emit(ev.GameEnded(scores=scores, winners=winners, revealed=revealed, solo=outcome))


def _ended(s: GameState, e: ev.GameEnded) -> None:
    for p, score in zip(s.players, e.scores, strict=True):
        p.score = dict(score)
        p.sp, p.money = score["sp"], score["money"]
    s.winners = list(e.winners)
    s.phase, s.turn = "finished", None
    s.opening = None  # a resignation may end the game while a simultaneous Distill phase is open


PHASE = PhaseRules("finished", appliers={ev.GameEnded: _ended}, enter=end_game)
