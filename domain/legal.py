"""legal_actions: every command a seat may send now, ready to post (one open entry for the washback)."""

from __future__ import annotations

from domain import solo
from domain.commands import Action, Resign, TakeBack
from domain.rules import PHASES
from domain.state import GameState
from domain.take_back import may_take_back


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Commands `seat` may send now; `decide` accepts each one (a property test holds them together)."""
    s = state
    if not 0 <= seat < s.n or seat in s.resigned:
        return []
    return [*game_actions(s, seat), *anytime(s, seat)]


def game_actions(state: GameState, seat: int) -> list[Action]:
    """`legal_actions` less commands.ANYTIME's: the moves that play the game on (what bots choose from)."""
    s = state
    if not 0 <= seat < s.n or seat in s.resigned:
        return []
    base = PHASES[s.phase].legal(s, s.players[seat])
    if s.solo is not None and s.phase not in ("setup", "finished"):
        return solo.actions(s, base)
    return base


def anytime(s: GameState, seat: int) -> list[Action]:
    """What a seat may send whether or not the game waits for it (commands.ANYTIME), last in the list."""
    if s.phase in ("new", "finished"):
        return []
    out: list[Action] = [TakeBack(seat=seat)] if may_take_back(s, seat) else []
    return [*out, Resign(seat=seat)]


def to_act(state: GameState) -> list[int]:
    """Seats that must act before the game can move on: exactly those with legal actions other than
    commands.ANYTIME's. Never a resigned seat (the stand-in has moved for it)."""
    s = state
    if s.solo is not None and s.solo.offered and s.phase not in ("setup", "finished"):  # as game_actions
        seats = [0]
    else:
        seats = PHASES[s.phase].to_act(s)
    return [q for q in seats if q not in s.resigned] if s.resigned else seats
