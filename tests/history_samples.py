"""Served (redacted) events of every type, for the tests that hold the history's renderers to one another and to
the texts: web/static/js/history.js (the page), service/texts/history.py (the e-mails, `distilled log`).

devtools/sample_events.py holds the Lambda functions' invocation events, not game events; these are the game's.
Two sources: a 3-seat game and a solo game played to the end by seeded random bots, as a seat and a spectator
see them at the moments redaction hides the most (setup, an open simultaneous Distill, the end); and one event
built by hand for each sentence variant the bots rarely or never reach (each purchase source, each flag, the
clocks, undo and resignation), each as its own seat and as a spectator are served it mid-game.
"""

from __future__ import annotations

import json
import random
import typing
from functools import cache
from typing import Any

from devtools.bots import random_bot
from domain import GameState, decide, execute, fold, to_act
from domain import events as ev
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.redact import SECRET_STEP, redact, redact_history, secret_step

NAMES = ("Ada", "Grace", "Linus")
DEADLINE, UNTIL = 1_780_000_000.0, 1_780_086_400.5
Commits = list[tuple[int | None, list[Any]]]


def _served(commits: Commits, state: GameState, viewers: tuple[int | None, ...]) -> list[dict[str, Any]]:
    return [e for seat in viewers for events in redact_history(commits, seat, state) for e in events]


def _game(names: tuple[str, ...], seed: int) -> tuple[list[dict[str, Any]], GameState]:
    """Every event of a whole bot game as served at three moments, and a state mid-game (its open Distill)."""
    chance, choices = random.Random(seed), random.Random(seed + 1)
    created = decide(GameState(), CreateGame(seats=tuple(SeatSpec(name=n) for n in names),
                                             options=Options(flight="A")), chance)
    state = fold(created)
    commits: Commits = [(None, list(created))]
    served: list[dict[str, Any]] = []
    middle = state
    moments = {"setup", "distill"}
    while state.phase != "finished":
        seat = choices.choice(to_act(state))
        events, state = execute(state, random_bot(state, seat, choices), chance)
        commits.append((seat, events))
        # Another seat's distiller chosen (hidden until all have), another seat's open distill step (a secret).
        if state.phase in moments and seat != 0 and (state.phase == "setup" or state.opening is not None):
            moments.discard(state.phase)
            served += _served(commits, state, (0, None))
            middle = state if state.phase == "distill" else middle
    served += _served(commits, state, (0, None))
    return served, middle


def _by_hand() -> list[Any]:
    """One domain event per sentence variant (ids from the catalogue), for what random bots may not reach."""
    return [
        ev.DistillerChosen(seat=1, distiller="juliana"),
        ev.RoundStarted(round=2, first_player=2),
        ev.CardBought(seat=0, source="basic", card="yeast", cost=0, bonus_money=1),
        ev.CardBought(seat=1, source="ingredients", card="figs", cost=3, refill="grapes"),
        ev.CardBought(seat=2, source="upgrades", card="worm_tub", cost=5, replaced="spirit_safe"),
        ev.CardBought(seat=0, source="cube", recipe="gin", cost=4),
        ev.CardBought(seat=1, source="revealed", card="orchard", cost=6),
        ev.CardBought(seat=2, source="looked", card="natural_spring", cost=4),
        ev.CardBought(seat=0, source="truck", card="juniper_berries", cost=2),
        ev.CardGained(seat=1, card="water", power="ajani"),
        ev.MoneyGained(seat=2, money=3, power="juliana", card="figs"),
        ev.MoneyGained(seat=0, money=1, power="orchard"),
        ev.PowerOffered(seat=0, power="jacqueline", kind="look_deck"),
        ev.DeckLooked(seat=0, deck="items", cards=("glass_bottle", "wood_barrel", "glass_bottle")),
        ev.PowerDeclined(seat=0, power="jacqueline"),
        ev.CardRevealed(seat=1, deck="upgrades", card="orchard"),
        ev.RevealDeclined(seat=1),
        ev.RevealDeclined(seat=1, deck="ingredients", card="grapes"),
        ev.PlayerPassed(seat=2, phase="market"),
        ev.PlayerPassed(seat=2, phase="round_end", automatic=True),
        ev.DeckReshuffled(deck="flavors", order=("flavor_smoky", "flavor_vanilla")),
        ev.MarketCleanedUp(discarded={"ingredients": ("figs", "figs"), "items": ("glass_bottle",)}, refills={}),
        ev.MarketCleanedUp(discarded={}, refills={}),
        ev.PhaseStarted(phase="sell"),
        ev.PhaseStarted(phase="market", turn=1),
        ev.Traded(seat=0, gave="water", took="yeast", round=1),
        ev.SpiritDistilled(seat=2, round=1, washback=("yeast", "water", "figs", "figs"), alcohol_added=1,
                           cut=("yeast",), spirit=("water", "figs", "figs")),
        ev.SpiritRecut(seat=2, round=1, cut=(), spirit=("water", "figs")),
        ev.DistillSkipped(seat=1, round=3),
        ev.DistillSkipped(seat=1, round=4, automatic=True),
        ev.SpiritNamed(seat=2, round=1, spirit_id=4, recipe="grappa", barrel="clay_barrel"),
        ev.FlavorsDrawn(seat=1, round=2, spirit_id=3, power="angus", cards=("flavor_smoky", "flavor_spicy")),
        ev.FlavorKept(seat=1, round=2, spirit_id=3, power="angus", card="flavor_smoky", discarded=("flavor_spicy",)),
        ev.LabelsSettled(labelled=(1, 4), unlabelled=()),
        ev.LabelsSettled(labelled=(), unlabelled=(2, 3)),
        ev.SpiritSold(seat=0, spirit_id=1, bottle="glass_bottle", flavors=("flavor_vanilla", "flavor_vanilla"),
                      money=7, sp=3, breakdown={}),
        ev.SpiritSold(seat=0, spirit_id=2, bottle="skull_bottle", flavors=(), money=2, sp=1, breakdown={}),
        ev.FlavorDoubled(seat=0, spirit_id=1, card="flavor_vanilla", money=2),
        ev.LabelPlaced(seat=0, recipe="vodka", space=0, take_sp=False),
        ev.LabelPlaced(seat=0, recipe="gin", space=2, take_sp=False, card="water"),
        ev.LabelPlaced(seat=1, recipe="rum", space=4, take_sp=False, recipe_cube="brandy"),
        ev.LabelPlaced(seat=1, recipe="rum", space=3, take_sp=True),
        ev.LabelPlaced(seat=2, recipe="soju", space=None, take_sp=True),
        ev.SpiritStored(seat=2, spirit_id=4, warehouse=2),
        # The domain writes the barrels' money in turn order (seat 2 first here) and aged=() for "all of them".
        ev.FlavorAdded(spirit_ids=(1, 4, 4), money={2: 3, 0: 1}),
        ev.FlavorAdded(spirit_ids=(1,), aged=(1, 3)),
        ev.AwardsScored(round=3, awards={"proof_120": (0, 2), "builder": (1,)}, shares={"proof_120": 2, "builder": 4}),
        ev.AwardsScored(round=4, awards={}, shares={}),
        ev.TastingHeld(seat=1, sp=2),
        ev.GoalDiscarded(seat=2, goal="monarch"),
        ev.RoundEnded(round=3),
        ev.GameEnded(scores=({"sp": 30, "money": 2}, {"sp": 41, "money": 0}, {"sp": 41, "money": 5}), winners=(1, 2)),
        ev.GoalsOffered(trigger="distill", goals=("C6", "A2")),
        ev.GoalsOffered(trigger="round_end", goals=()),
        ev.GoalClaimed(goal="C6", row=0, position=1),
        ev.GoalsDeclined(goals=("A2",)),
        ev.GoalsSwapped(row=1, a=0, b=2, cards=("A3", "A5")),
        ev.SeatResigned(seat=1),
        ev.UndoPointSet(seat=0),
        ev.UndoPointCleared(),
        ev.MoveTakenBack(seat=0),
        ev.ClockStarted(seat=1, at=DEADLINE - 86_400, deadline=DEADLINE),
        ev.ClockStopped(seat=1, used=900.0, moved=True),  # 0.25 h: a tie that JavaScript rounds up
        ev.ClockStopped(seat=2, used=5_400),
        ev.ReminderDue(seat=1, deadline=DEADLINE, nth=1),
        ev.SeatTimedOut(seat=1, deadline=DEADLINE, count=2),
        ev.SeatReplaced(seat=1, by="bot"),
        ev.SeatReplaced(seat=2, by="resign"),
        ev.ClockPaused(seat=2, until=UNTIL, deadline=DEADLINE + 172_800),
    ]


# Served shapes the domain does not write: another seat's secret step, a seat the names do not cover, and a type
# newer than the renderers (with and without a seat), which still gets a line.
ODD: list[dict[str, Any]] = [
    secret_step(2),
    {"type": "tasting_held", "seat": 7, "sp": 1},
    {"type": "a_future_event", "seat": 1},
    {"type": "a_future_event"},
]


@cache
def _samples() -> str:
    three, middle = _game(NAMES, 3)
    solo, _ = _game(NAMES[:1], 5)
    made = [redact(e, seat, middle) for e in _by_hand() for seat in (getattr(e, "seat", None), None)]
    unique = {json.dumps(e, sort_keys=True): e for e in [*three, *solo, *made, *ODD]}
    return json.dumps(list(unique.values()))


def samples() -> list[dict[str, Any]]:
    """The events, each once, as JSON-able dicts (a fresh copy per call: a test may not spoil another's)."""
    loaded: list[dict[str, Any]] = json.loads(_samples())
    return loaded


def event_types() -> set[str]:
    """Every type a served history may hold: the domain's events (the clocks' included) and the secret step."""
    models = typing.get_args(typing.get_args(ev.Event)[0])
    return {model.model_fields["type"].default for model in models} | {SECRET_STEP}
