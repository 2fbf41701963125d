"""Given / when / then on the decider, with builders that let a test control every card.

A game starts from a hand-made `GameCreated` (`Game`), so a test chooses the three premium rows, the decks
(the top of a deck is its LAST element), the flavor deck (top = last, drawn first), the distillers dealt,
the goals, the awards and the first player. Distillers are then chosen through `decide`, so the state reaches
round 1's Market the way a real game does (`start` settles any round-start choice with a default: the first
card offered, or declining; `opening` stops before them).

The default distillers' powers stay out of the way of base-rule tests: Pilar (seat 0, Americas) only discounts
barrels, Angus (seat 1, Europe) acts only on his own aging spirits. Power tests choose their distillers.

Positions that events alone make impractical (a player holding given pantry cards, a spirit already aging
with known flavors, full upgrade slots) are made by folding real events and then editing a CLONE of the state
with `edit`, `with_player` or `add_spirit`. That is the only place tests touch state directly: every "when"
goes through `decide`, and every "then" checks the events and the state after folding them.

positions.py plays on from here with plain default moves (pass, skip, sell in the glass bottle) to reach a
phase: `distilling`, `selling`, `drive(state, at(phase, round))`, `finish`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from domain import commands as c
from domain.catalogue import deck
from domain.catalogue.model import Market
from domain.commands import ANYTIME, OpenDistill
from domain.decider import decide
from domain.errors import RuleViolation
from domain.events import GameCreated, Setup
from domain.evolve import fold
from domain.legal import game_actions, legal_actions
from domain.options import Options, SeatSpec
from domain.seat_events import UndoPointCleared, UndoPointSet
from domain.state import GameState, Spirit

MARKETS = {"upgrades": Market.UPGRADE, "ingredients": Market.INGREDIENT, "items": Market.ITEM}
ROWS = {  # slot 1 (left, newest) first
    "upgrades": ("spirit_safe", "worm_tub", "orchard", "tropical_warehouse"),
    "ingredients": ("barley", "corn", "rye", "grapes"),
    "items": ("pirate_bottle", "american_standard_barrel", "kvevri_barrel", "skull_bottle"),
}
CHOSEN = ("pilar", "angus", "jeong", "anne", "nathan")  # pilar: Americas, angus: Europe
OTHER = ("jacqueline", "gunnhild", "sakai", "fang_xin", "vicente")
GOALS = (
    ("monarch", "photosynthesis", "red_glass"), ("green_glass", "blue_glass", "woody"),
    ("geriatric", "juvenile", "east_champion"), ("west_champion", "gear_head", "delegation"),
    ("close_to_home", "diverse_portfolio", "just_desserts"),
)
AWARDS = ("proof_120", "sweet", "mouth_party", "top_shelf", "recruiter", "builder")  # rarely met by accident
SOLO_GRID = (  # a standard solo layout, bottom row first: C, C (face down), B, C (face down), A
    ("C8", "C18"), ("C1", "C10", "C5"), ("B2", "B3", "B4", "B1"), ("C7", "C9", "C6"), ("A5", "A6"))
SOLO_CLEANUP = ("B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12", "B13", "B14", "B15", "B16", "B17", "B18")


def seats(n: int) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec(name=f"P{i}") for i in range(n))


def rest_of(market: Market, taken: Iterable[str]) -> tuple[str, ...]:
    """The catalogue deck without one copy of each card already laid out (catalogue order, top = last)."""
    cards = list(deck(market))
    for cid in taken:
        cards.remove(cid)
    return tuple(cards)


@dataclass(frozen=True)
class Game:
    players: int = 2
    flight: str = "A"
    first_player: int = 0
    distillers: tuple[str, ...] = CHOSEN
    options: Options = field(default_factory=lambda: Options(flight="A"))
    rows: dict[str, tuple[str, ...]] = field(default_factory=dict)  # overrides per row
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # overrides per deck
    flavor_deck: tuple[str, ...] | None = None
    goals: tuple[tuple[str, ...], ...] | None = None
    awards: tuple[str, ...] | None = None
    solo_grid: tuple[tuple[str, ...], ...] = SOLO_GRID  # used with players=1 only
    solo_cleanup: tuple[str, ...] = SOLO_CLEANUP

    def created(self) -> GameCreated:
        n = self.players
        rows = {k: self.rows.get(k, v) for k, v in ROWS.items()}
        decks = {k: self.decks.get(k, rest_of(MARKETS[k], rows[k])) for k in ROWS}
        dealt = tuple((self.distillers[i], OTHER[i]) for i in range(n))
        solo = n == 1
        setup = Setup(
            names=tuple(f"P{i}" for i in range(n)), flight=self.flight, rows=rows, decks=decks,
            flavor_deck=self.flavor_deck if self.flavor_deck is not None else deck(Market.FLAVOR),
            dealt_distillers=dealt, goals=self.goals or (((),) if solo else GOALS[:n]),
            awards=self.awards if self.awards is not None else (() if solo else AWARDS[: n + 1]),
            first_player=self.first_player, solo_grid=self.solo_grid if solo else (),
            solo_cleanup=self.solo_cleanup if solo else (),
        )
        return GameCreated(options=self.options, setup=setup)

    def history(self) -> list[Any]:
        """GameCreated, then every seat choosing its first dealt distiller (through decide)."""
        events: list[Any] = [self.created()]
        for seat in range(self.players):
            events += decide(fold(events), c.ChooseDistiller(seat=seat, distiller=self.distillers[seat]))
        return events

    def opening(self) -> GameState:
        """Right after the last distiller is chosen: round 1's Market, or its round-start choices."""
        return given(self.history())

    def start(self) -> GameState:
        """Round 1, Market phase, first player to act (round-start choices settled by default)."""
        return settle_round_start(self.opening())


# ----- given / when / then -----------------------------------------------------------------------------


def given(*history: Iterable[Any]) -> GameState:
    return fold([e for events in history for e in events])


BOOKKEEPING = (UndoPointSet, UndoPointCleared)


def when(state: GameState, command: Any, rng: Any = None) -> list[Any]:
    """The rules' answer to `command`: decide's events less the take-back bookkeeping it adds (an undo point set
    or cleared), which tests/domain/test_take_back.py checks with decide itself."""
    events = decide(state, command, rng if rng is not None else random.Random(0))
    return [e for e in events if not isinstance(e, BOOKKEEPING)]


def after(state: GameState, events: list[Any]) -> GameState:
    return fold(events, state)


def then_rejected(state: GameState, command: Any, code: str, rng: Any = None) -> RuleViolation:
    before = repr(state)
    with pytest.raises(RuleViolation) as info:
        decide(state, command, rng if rng is not None else random.Random(0))
    assert info.value.code == code, info.value.message
    assert repr(state) == before
    return info.value


def types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def one(events: list[Any], kind: type) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, types(events)
    return found[0]


def play(state: GameState, *commands: Any, rng: Any = None) -> GameState:
    for command in commands:
        state = after(state, when(state, command, rng))
    return state


def assert_legal_agree(state: GameState) -> int:
    """Every listed action (but the open washback entry) is accepted by decide. Returns how many, less the
    resign and take back listed (commands.ANYTIME)."""
    checked = 0
    for seat in range(state.n):
        for action in legal_actions(state, seat):
            if isinstance(action, OpenDistill):
                continue
            decide(state, action, random.Random(0))
            checked += action.type not in ANYTIME
    return checked


def default_choice(state: GameState) -> Any | None:
    """A plain answer to a pending power choice: gain the first card offered, decline a look or a purchase,
    keep or double the first flavor listed."""
    for p in state.players:
        if p.pending is None or p.pending.kind not in ("gain_basic", "look_deck", "looked", "truck", "keep_flavor",
                                                       "double_flavor"):
            continue
        actions = game_actions(state, p.seat)
        return next((a for a in actions if isinstance(a, c.Decline)), actions[0])
    return None


def settle_round_start(state: GameState) -> GameState:
    while state.phase == "round_start":
        command = default_choice(state)
        assert command is not None
        state = play(state, command)
    return state


# ----- direct edits of a cloned state (for positions events make impractical) ---------------------------


def edit(state: GameState, change: Callable[[GameState], None]) -> GameState:
    s = state.clone()
    change(s)
    return s


def with_player(state: GameState, seat: int, **fields: Any) -> GameState:
    def change(s: GameState) -> None:
        for name, value in fields.items():
            setattr(s.players[seat], name, list(value) if isinstance(value, tuple) else value)

    return edit(state, change)


def add_spirit(state: GameState, seat: int, recipe: str, cards: Iterable[str], barrel: str, warehouse: int = 1,
               flavors: Iterable[str] = (), times_aged: int = 1, label: bool = True) -> GameState:
    """A spirit already aging (or, with warehouse=0, freshly made), with its face-down flavors."""
    def change(s: GameState) -> None:
        s.players[seat].spirits.append(Spirit(
            id=s.next_spirit, owner=seat, recipe=recipe, cards=list(cards), barrel=barrel,
            round_distilled=max(1, s.round - times_aged), label=label, warehouse=warehouse,
            flavors=list(flavors), times_aged=times_aged))
        s.next_spirit += 1

    return edit(state, change)


# ----- fake chance --------------------------------------------------------------------------------------


class Cut:
    """A fake RNG: the first shuffle puts `top` first and `bottom` last (the distill cut); the other cards and
    every later shuffle keep their order. randrange answers from `picks`, then 0."""

    def __init__(self, top: str | None = None, bottom: str | None = None, picks: Iterable[int] = ()) -> None:
        self.top, self.bottom, self.picks, self.used = top, bottom, list(picks), False

    def shuffle(self, x: list[Any]) -> None:
        if self.used:
            return
        self.used = True
        rest = list(x)
        first = [rest.pop(rest.index(self.top))] if self.top is not None else []
        last = [rest.pop(len(rest) - 1 - rest[::-1].index(self.bottom))] if self.bottom is not None else []
        x[:] = first + rest + last

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self.picks.pop(0) if self.picks else 0


KEEP = Cut()  # no reordering at all
