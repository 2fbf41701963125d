"""Taking a move back (docs/adr/0011): a seat may take back its last command while that command revealed
nothing and no other seat has acted since, the policy of the turn-based sites.

Whether a command revealed nothing is read from its events (the command's own and the automatic steps after it),
never from a list of commands: each must be one of the quiet kinds below, which carry no outcome of chance and
nothing hidden. A purchase whose row refills, the Water's reveal, a cut, a flavor drawn or revealed, a card
looked at, a reshuffle, a new phase (a Distill phase closing shows every board) or a resignation is not quiet.
A quiet command's commit starts with UndoPointSet: its applier keeps the state before the command as the undo
point. The next commit of any seat replaces it (quiet) or starts with UndoPointCleared; MoveTakenBack restores
it. So the undo point is part of the folded state, replays exactly, and costs no event where none stood.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import cache
from typing import TypeVar

from pydantic import BaseModel

from domain import events as ev
from domain.commands import Command, TakeBack
from domain.decision import Applier, Decision
from domain.errors import require
from domain.events import Event
from domain.phases.record import Move
from domain.state import GameState, Undo

QUIET: frozenset[type] = frozenset({
    ev.DistillerChosen, ev.RevealDeclined, ev.PlayerPassed, ev.Traded, ev.DistillSkipped, ev.SpiritNamed,
    ev.SpiritStored, ev.TastingHeld, ev.GoalDiscarded, ev.FlavorDoubled, ev.CardGained, ev.MoneyGained,
    ev.PowerDeclined, ev.PowerOffered,
})


def quiet(event: Event) -> bool:
    """The event shows nothing that chance decided or that was hidden."""
    if type(event) in QUIET:  # first: most events of a game are of these kinds
        return True
    if isinstance(event, ev.CardBought):
        return event.refill is None and event.source != "looked"  # a card looked at is shown once bought
    if isinstance(event, ev.LabelPlaced):
        return event.refill is None
    if isinstance(event, ev.SpiritSold):
        return not event.flavors
    return False


def may_take_back(s: GameState, seat: int) -> bool:
    return s.undo is not None and s.undo.seat == seat and s.phase != "finished"


def take_back(ctx: Decision, cmd: TakeBack) -> None:
    require(may_take_back(ctx.state, cmd.seat), "cannot_take_back",
            "Only your last command can be taken back, while it revealed nothing and no other seat has acted since.")
    ctx.emit(ev.MoveTakenBack(seat=cmd.seat))


def marker(before: GameState, command: Command, events: list[Event]) -> Event | None:
    """The event a commit starts with: its undo point, the lapse of the one standing, or none."""
    if isinstance(command, TakeBack):
        return None
    if events and all(map(quiet, events)):
        return _undo_point(command.seat)  # type: ignore[union-attr]  # CreateGame never gets here
    return _LAPSED if before.undo is not None else None


# Events are frozen, so one instance of each serves every commit: a marker is made for most commands.
@cache
def _undo_point(seat: int) -> ev.UndoPointSet:
    return ev.UndoPointSet(seat=seat)


_LAPSED = ev.UndoPointCleared()


def undo_after(mark: Event, before: GameState) -> Undo | None:
    """The undo point a commit starting with `mark` leaves, from the state before the command: what folding
    the mark gives, where `before` is a state its caller no longer changes (states are immutable once made,
    so the undo point may share it, as `_set` cannot while a fold goes on changing the state it copies)."""
    if isinstance(mark, ev.UndoPointSet):
        return Undo(mark.seat, before.without_undo())
    return None


T = TypeVar("T")
_SET, _CLEARED, _TAKEN_BACK = "undo_point_set", "undo_point_cleared", "move_taken_back"


def replay_needs(events: Sequence[T], kind: Callable[[T], str]) -> list[T]:
    """`events` less every UndoPointSet whose undo point nothing uses, for a replay (`kind`: an event's type).

    Folding an UndoPointSet copies the whole state, and most quiet commands set one, yet only two kinds are
    ever used: the one a MoveTakenBack restores and the one still standing at the end. The undo point is read
    by nothing else while folding (the next UndoPointSet or UndoPointCleared replaces it, a MoveTakenBack's
    restored state holds none), so leaving the others out folds the same state: a full replay of a game of
    quiet moves then copies its state a handful of times instead of once per command."""
    needed = True  # the undo point standing at the end is the state's own
    drop: set[int] = set()
    for i in range(len(events) - 1, -1, -1):
        k = kind(events[i])
        if k == _SET:
            if not needed:
                drop.add(i)
            needed = False  # an earlier one is replaced by this one before anything could use it
        elif k == _TAKEN_BACK:
            needed = True
        elif k == _CLEARED:
            needed = False
    return [e for i, e in enumerate(events) if i not in drop] if drop else list(events)


def _set(s: GameState, e: ev.UndoPointSet) -> None:
    before = s.clone()
    before.undo = None
    s.undo = Undo(e.seat, before)


def _cleared(s: GameState, e: ev.UndoPointCleared) -> None:
    s.undo = None


def _taken_back(s: GameState, e: ev.MoveTakenBack) -> None:
    assert s.undo is not None and s.undo.seat == e.seat
    restored = s.undo.state.clone()  # the undo point itself stays as it was: states share it
    for f in fields(GameState):
        setattr(s, f.name, getattr(restored, f.name))


MOVES: dict[type[BaseModel], Move] = {TakeBack: take_back}
APPLIERS: dict[type[BaseModel], Applier] = {
    ev.UndoPointSet: _set, ev.UndoPointCleared: _cleared, ev.MoveTakenBack: _taken_back}
