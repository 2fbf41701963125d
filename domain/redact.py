"""What of the history a seat may see (RULES D2, D3). Applied to every history served to players and spectators.

Two layers. `redact` takes out of one event what its seat alone may ever see (dealt distillers, goals, cards
looked at or drawn by a power, deck orders). `redact_history` hides, while a simultaneous Distill phase is open,
every commit another seat made since it opened, whole: whatever events a distill step writes (a trade, a cut, a
named spirit, Juliana's money, a flavor draw, a solo goal claimed), none of them shows until the phase closes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import events as ev
from domain.state import GameState

HIDDEN = "hidden"
SECRET_STEP = "secret_distill_step"  # one whole commit of another seat's distill step: even its kind is secret


def redact(event: Any, seat: int | None, now: GameState) -> dict[str, Any]:
    """The event as JSON-able data with everything `seat` may not see removed. `now` is the current state."""
    data: dict[str, Any] = event.model_dump(mode="json")
    if isinstance(event, ev.GameCreated):
        setup = data["setup"]
        setup["decks"] = {k: len(v) for k, v in setup["decks"].items()}
        setup["flavor_deck"] = len(setup["flavor_deck"])
        setup["dealt_distillers"] = [d if i == seat else HIDDEN for i, d in enumerate(setup["dealt_distillers"])]
        setup["goals"] = [g if i == seat else HIDDEN for i, g in enumerate(setup["goals"])]
        if now.solo is not None:  # solo: face-down goals and the clean-up deck's order stay hidden from everyone
            up = now.solo.revealed
            setup["solo_grid"] = [[g if up[r][i] else HIDDEN for i, g in enumerate(row)]
                                  for r, row in enumerate(setup["solo_grid"])]
            setup["solo_cleanup"] = len(setup["solo_cleanup"])
    elif isinstance(event, ev.DeckReshuffled):
        data["order"] = len(event.order)
    elif isinstance(event, ev.DistillerChosen):
        if event.seat != seat and now.phase == "setup":
            data["distiller"] = HIDDEN
    elif isinstance(event, ev.GoalDiscarded):
        if event.seat != seat and now.phase != "finished":
            data["goal"] = HIDDEN
    elif isinstance(event, ev.DeckLooked | ev.FlavorsDrawn) and event.seat != seat:
        data["cards"] = len(event.cards)  # seen by their owner only
    elif isinstance(event, ev.FlavorKept) and event.seat != seat:
        data["card"] = HIDDEN  # known to its owner only; the others went face down to the discard pile
        data["discarded"] = len(event.discarded)
    return data


def secret_step(author: int | None) -> dict[str, Any]:
    return {"type": SECRET_STEP, "seat": author, HIDDEN: True}


def redact_history(commits: Sequence[tuple[int | None, Sequence[Any]]], seat: int | None,
                   now: GameState) -> list[list[dict[str, Any]]]:
    """Each commit's events (author seat, domain events; ascending, ending at `now`) as `seat` may see them.

    While a simultaneous Distill phase is open, every commit another seat made after the one that opened it
    shows as a single secret step. If the opening commit is not among `commits`, all of them came after it.
    """
    opened = -1
    if now.opening is not None:
        for i, (_, events) in enumerate(commits):
            if any(isinstance(e, ev.PhaseStarted) and e.phase == "distill" for e in events):
                opened = i
    out: list[list[dict[str, Any]]] = []
    for i, (author, events) in enumerate(commits):
        if now.opening is not None and i > opened and author != seat:
            out.append([secret_step(author)])
        else:
            out.append([redact(e, seat, now) for e in events])
    return out
