"""What of an event a seat may see (RULES D3). Applied to history served to players and spectators."""

from __future__ import annotations

from typing import Any

from domain import events as ev
from domain.state import GameState

HIDDEN = "hidden"
SECRET_STEP = "secret_distill_step"  # stands for any of DISTILL_SECRETS: even which one it was is secret
DISTILL_SECRETS = (ev.Traded, ev.SpiritDistilled, ev.SpiritRecut, ev.SpiritNamed, ev.FlavorsDrawn, ev.FlavorKept,
                   ev.DistillSkipped)


def _distill_secret(event: Any, seat: int | None, now: GameState) -> bool:
    """Another seat's trade, washback and result stay hidden until that Distill phase closes (D2)."""
    if event.seat == seat or now.options.distill_order == "sequential":
        return False
    return now.phase == "distill" and now.round == event.round


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
    elif isinstance(event, DISTILL_SECRETS) and _distill_secret(event, seat, now):
        data = {"type": SECRET_STEP, "seat": event.seat, HIDDEN: True}
    elif isinstance(event, ev.DeckLooked | ev.FlavorsDrawn) and event.seat != seat:
        data["cards"] = len(event.cards)  # seen by their owner only
    elif isinstance(event, ev.FlavorKept) and event.seat != seat:
        data["card"] = HIDDEN  # known to its owner only; the discarded ones are public
    return data
