"""Non-interference (RULES D2, D3): what a seat keeps secret never changes what anyone else is shown.

Over random games with every power in play, at every step whose content is secret — any step of a simultaneous
Distill phase (a trade, a washback, a skip, the spirit named, a flavor kept, a recut), a flavor kept in the Age
phase, a goal discarded, the cards a power looked at — the acting seat's legal alternatives are each decided, and
so are hidden variations of the game (another cut, another order of the hidden decks). For every other seat and
for a spectator, the view, the history since the round began and the notice it would get must come out the same
whatever was chosen, as long as the rules have not revealed it yet.

By decision (docs/adr/0001-hidden-information.md) one thing is public: whether a seat still has to act (`to_act`),
so that everyone knows whom the table waits for. It is compared among alternatives that leave it alike.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import commands as c
from domain import decide, execute, fold, legal_actions, to_act, view
from domain.catalogue import DISTILLERS
from domain.commands import CreateGame
from domain.events import DeckLooked, FlavorsDrawn, RoundStarted
from domain.options import Options, SeatSpec
from domain.redact import redact_history
from domain.state import DECKS, GameState
from tests.domain.random_play import concrete, pick

DISTILL_UPGRADES = ["malting_floor", "doig_ventilator", "coffey_still", "column_still", "spirit_safe", "worm_tub",
                    "coppersmith", "market_buyer"]
Commit = tuple[int | None, list[Any]]
Show = Callable[[GameState, int | None], dict[str, Any]]


def dealt_with_powers(state: GameState, game: int, rng: random.Random) -> GameState:
    """Deal every distiller in turn (Juliana and Angus to seat 0 every other game) and give each seat 3 upgrades,
    seat 0 two that act in the Distill phase; then let every seat choose its first dealt distiller."""
    s = state.clone()
    names = sorted(DISTILLERS)
    for p in s.players:
        first = ("juliana", "angus")[game % 2] if p.seat == 0 else names[(game * 5 + p.seat) % len(names)]
        p.dealt = [first, *[d for d in p.dealt if d != first]][:2]
    for p in s.players:
        wanted = rng.sample(DISTILL_UPGRADES, 2) if p.seat == 0 else []
        pool = sorted(u for u in set(s.decks["upgrades"]) if u not in wanted)
        for upgrade in [*wanted, *rng.sample(pool, 3 - len(wanted))]:
            for zone in (s.decks["upgrades"], s.rows["upgrades"]):
                if upgrade in zone:
                    zone.remove(upgrade)
                    break
            p.upgrades.append(upgrade)
        p.money += 25
        p.storeroom += ["wood_barrel", "clay_barrel"]
    for p in s.players:
        s = execute(s, c.ChooseDistiller(seat=p.seat, distiller=p.dealt[0]))[1]
    return s


def hidden_variant(state: GameState, rng: random.Random) -> GameState:
    """The same game as everyone sees it, with the hidden deck orders shuffled."""
    s = state.clone()
    for deck in DECKS:
        rng.shuffle(s.decks[deck])
    rng.shuffle(s.flavor_deck)
    return s


def secret(state: GameState, seat: int, action: Any) -> bool:
    """Whether this step's content is secret from the other seats when it is taken."""
    pending = state.players[seat].pending
    if isinstance(action, c.Resign):
        return False  # public by decision (docs/adr/0011)
    return (state.opening is not None or isinstance(action, c.KeepFlavor | c.DiscardGoal | c.Look)
            or (pending is not None and pending.kind == "looked"))


def alternatives(state: GameState, seat: int, action: Any, rng: random.Random) -> list[tuple[GameState, Any, int]]:
    """(state, command, chance seed): the step taken, with another cut and with other hidden deck orders, and,
    where the choice itself is secret, other legal choices. (Which deck a power looks at, or buying a card it
    looked at, is public: there only the cards are secret.)"""
    seed = rng.randrange(2**32)
    out = [(state, action, seed), (state, action, rng.randrange(2**32)), (hidden_variant(state, rng), action, seed)]
    if state.opening is not None or isinstance(action, c.KeepFlavor | c.DiscardGoal):
        # Resigning is public by decision (docs/adr/0011): never an alternative of a secret step.
        listed = [a for a in legal_actions(state, seat) if not isinstance(a, c.Resign)
                  and (state.opening is not None or type(a) is type(action))]
        out += [(state, concrete(a, rng), rng.randrange(2**32)) for a in rng.sample(listed, min(3, len(listed)))]
    return out


def still_secret(before: GameState, after: GameState) -> bool:
    """The rules have not shown the step yet: its Distill phase is still open, and the game is not over (the final
    scoring reveals goals and the Trucker's card)."""
    if after.phase == "finished":
        return False
    return before.opening is None or after.opening is not None


def seen_by(before: GameState, after: GameState, history: list[Commit], viewer: int | None, show: Show) -> str:
    shown = show(after, viewer)
    waiting = shown.pop("to_act")
    notice = None
    if viewer is not None and viewer in waiting and viewer not in to_act(before):
        notice = (after.phase, after.round, sorted({a.type for a in legal_actions(after, viewer)}))
    return json.dumps({"view": shown, "history": redact_history(history, viewer, after), "notice": notice},
                      sort_keys=True)


Outcome = tuple[GameState, GameState, list[Commit], Any]


def check_step(state: GameState, history: list[Commit], seat: int, action: Any, rng: random.Random,
               show: Show) -> int:
    """Every other seat sees the same after each alternative, and after each one taken back where it may be
    (docs/adr/0011); how many alternatives were compared."""
    outcomes: list[Outcome] = []
    undone: list[Outcome] = []
    for start, command, seed in alternatives(state, seat, action, rng):
        events, after = execute(start, command, random.Random(seed))
        if start is not state and any(isinstance(e, FlavorsDrawn | DeckLooked) and e.seat != seat for e in events):
            continue  # the flow went on to another seat's own draw: other deck orders show in its hand, rightly
        if still_secret(start, after):
            outcomes.append((start, after, [*history, (seat, events)], command))
            if c.TakeBack(seat=seat) in legal_actions(after, seat):
                back_events, back = execute(after, c.TakeBack(seat=seat))
                assert back == replace(start, undo=None)
                undone.append((start, back, [*history, (seat, events), (seat, back_events)], command))
    compare(state, seat, outcomes, show)
    compare(state, seat, undone, show)
    return len(outcomes) + len(undone)


def compare(state: GameState, seat: int, outcomes: list[Outcome], show: Show) -> None:
    for viewer in [None, *(q for q in range(state.n) if q != seat)]:
        first: dict[tuple[bool, ...], tuple[str, Any]] = {}
        for start, after, seen, command in outcomes:
            done = tuple(q in to_act(after) for q in range(state.n))  # public by decision: compared apart
            text = seen_by(start, after, seen, viewer, show)
            known = first.setdefault(done, (text, command))
            assert text == known[0], f"seat {viewer} can tell {command!r} from {known[1]!r}"


def play(players: int, game: int, seed: int, options: Options, show: Show = view) -> int:
    """A random game; at each secret step, the check above. How many outcomes were compared in all."""
    chance, choices = random.Random(seed), random.Random(seed + 1)
    seats = tuple(SeatSpec(name=f"P{i}") for i in range(players))
    created = decide(GameState(), CreateGame(seats=seats, options=options), chance)
    state = dealt_with_powers(fold(created), game, choices)
    history: list[Commit] = []
    compared = 0
    while state.phase != "finished":
        seat = choices.choice(to_act(state))  # a resigned seat never: the stand-in has moved for it
        # No resigning before round 2: a 2-seat game a seat resigns in its first moves ends with no secret step.
        action = pick(state, seat, legal_actions(state, seat), choices, 0.005 if state.round > 1 else 0.0)
        if secret(state, seat, action):
            compared += check_step(state, history, seat, action, choices, show)
        events, state = execute(state, action, chance)
        if any(isinstance(e, RoundStarted) for e in events):
            history = []  # earlier rounds are public by now (goals excepted, which views keep apart anyway)
        history.append((seat, events))
    return compared


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), game=st.integers(0, 50), seed=st.integers(0, 2**32), auto_best=st.booleans())
def test_no_secret_step_changes_what_another_seat_is_shown(players: int, game: int, seed: int,
                                                           auto_best: bool) -> None:
    options = Options(flight="random_all", auto_best=auto_best)
    assert play(players, game, seed, options) > 0  # resigning waits for round 2 (see play): always something


def test_a_solo_spectator_cannot_tell_the_distill_step_either() -> None:
    assert play(1, 3, 11, Options(flight="random_all")) > 0


def test_the_check_catches_a_view_that_shows_live_money() -> None:
    """The check can fail: a view that showed the others' money as it is now would give Juliana's cut away."""

    def leaky(state: GameState, seat: int | None) -> dict[str, Any]:
        return {**view(state, seat), "money_now": [p.money for p in state.players]}

    with pytest.raises(AssertionError, match="can tell"):
        for game in range(0, 20, 2):  # seat 0 is Juliana: she names a cut card and takes its money
            play(3, game, 1000 + game, Options(flight="random_all"), leaky)
