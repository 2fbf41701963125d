"""legal_actions: every command a seat may send now, ready to post (one open entry for the washback)."""

from __future__ import annotations

from domain import solo
from domain.commands import Action
from domain.rules import PHASES
from domain.state import GameState


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Commands `seat` may send now; `decide` accepts each one (a property test holds them together)."""
    s = state
    if not 0 <= seat < s.n:
        return []
    base = PHASES[s.phase].legal(s, s.players[seat])
    if s.solo is not None and s.phase not in ("setup", "finished"):
        return solo.actions(s, base)
    return base


def to_act(state: GameState) -> list[int]:
    """Seats that must act before the game can move on (exactly those with legal actions)."""
    s = state
    if s.solo is not None and s.solo.offered:
        return [0]
    return PHASES[s.phase].to_act(s)
