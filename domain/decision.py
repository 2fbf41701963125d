"""The working copy a decision is built on: each emitted event is applied at once, so later rules
see its effect, and every draw that needs chance records its outcome first."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain import events as ev
from domain.card_rules import deck_of
from domain.errors import RuleViolation
from domain.events import Event
from domain.rng import Rng
from domain.state import GameState, Player

# One applier per event type: each takes its own event class, hence Any (the tables pair them, see domain.rules).
Applier = Callable[[GameState, Any], None]


# Events whose appliers (and what they call) change no player but the one of their `seat`: applying one clones
# that player alone. Any other event clones every player first. A wrong entry here shows in
# tests/domain/test_decision_sharing.py.
ONE_SEAT: frozenset[type] = frozenset({
    ev.CardBought, ev.CardRevealed, ev.RevealDeclined, ev.PlayerPassed, ev.Traded, ev.DistillSkipped,
    ev.SpiritDistilled, ev.SpiritNamed, ev.SpiritSold, ev.LabelPlaced, ev.TastingHeld, ev.MoneyGained,
    ev.DistillerChosen, ev.GoalDiscarded, ev.CardGained, ev.DeckLooked, ev.PowerDeclined, ev.PowerOffered,
})
NO_SEAT: frozenset[type] = frozenset({  # they change no player at all
    ev.UndoPointSet, ev.UndoPointCleared, ev.MarketCleanedUp, ev.RoundEnded, ev.DeckReshuffled})


class Decision:
    """The players are cloned as the decision comes to change them (most commands change one): a move's own
    player when it asks for it (`player`), and before each event those its applier may change. Until then the
    working state holds the caller's Player objects. Safe because only appliers change a state (moves and steps
    emit events), and rules code that keeps a Player across an emit gets it from `player`."""

    def __init__(self, state: GameState, rng: Rng, appliers: Mapping[str, Applier]) -> None:
        self.state = state.clone_table()
        self.rng = rng
        self._appliers = appliers  # handed in: the table is built from the phase modules, which use Decision
        self.events: list[Event] = []
        self._shared = set(range(len(state.players)))  # seats whose Player is still the caller's

    def emit(self, event: Event) -> None:
        if self._shared:
            kind = type(event)
            if kind in ONE_SEAT:
                self._own(event.seat)  # type: ignore[union-attr]  # every ONE_SEAT event has a seat
            elif kind not in NO_SEAT:
                for seat in list(self._shared):
                    self._own(seat)
        self._appliers[event.type](self.state, event)
        self.events.append(event)

    def _own(self, seat: int) -> None:
        if seat in self._shared:
            self._shared.discard(seat)
            self.state.players[seat] = self.state.players[seat].clone()

    def player(self, seat: int) -> Player:
        if not 0 <= seat < self.state.n:
            raise RuleViolation("unknown_seat", f"There is no seat {seat} in this game.")
        self._own(seat)  # a move reads its player after its events too: the same object, cloned first
        return self.state.players[seat]

    def on_turn(self, seat: int, phase: str, what: str) -> Player:
        """The acting player, in a turn-order phase (Market, Sell) where it is their turn."""
        p = self.player(seat)
        # The messages are made only when needed: nearly every command comes here (an f-string costs).
        if self.state.phase != phase:
            raise RuleViolation("wrong_phase", f"That is a {what} action.")
        if self.state.turn != seat:
            raise RuleViolation("not_your_turn", f"It is not your turn in the {what} phase.")
        return p

    def ensure_deck(self, deck: str, need: int = 1) -> None:
        """Before drawing: if a premium deck runs short, shuffle its truck cards in beneath it."""
        s = self.state
        if len(s.decks[deck]) >= need:
            return
        pool = [c for c in s.truck if deck_of(c) == deck]
        if pool:
            self.rng.shuffle(pool)
            self.emit(ev.DeckReshuffled(deck=deck, order=tuple(pool)))

    def ensure_flavors(self, need: int) -> None:
        s = self.state
        pool = s.flavor_discard + s.flavor_discard_down
        if len(s.flavor_deck) >= need or not pool:
            return
        self.rng.shuffle(pool)
        self.emit(ev.DeckReshuffled(deck="flavors", order=tuple(pool)))

    def top(self, deck: str) -> str | None:
        cards = self.state.decks[deck]
        return cards[-1] if cards else None
