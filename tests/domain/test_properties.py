"""Property tests over random legal games of 2-5 players (DESIGN §10)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import GameState, RuleViolation, decide, execute, fold, legal_actions, to_act, view
from domain import commands as c
from domain.catalogue import CARDS, deck
from domain.catalogue.model import Market
from domain.commands import CreateGame, OpenDistill
from domain.evolve import evolve
from domain.options import Options, SeatSpec
from domain.redact import redact
from domain.state import DECKS
from infra.bots import concrete

MARKETS = {"upgrades": Market.UPGRADE, "ingredients": Market.INGREDIENT, "items": Market.ITEM}


def premium_cards(s: GameState, deck_name: str) -> Counter[str]:
    """Every card of one premium deck, wherever it is."""
    market = MARKETS[deck_name]
    zones: list[str] = s.decks[deck_name] + s.rows[deck_name] + s.truck
    for p in s.players:
        zones += p.pantry + p.storeroom + p.upgrades + p.display
        zones += [x for sp in p.spirits for x in [*sp.cards, sp.barrel]]
        if p.pending and p.pending.kind == "revealed" and p.pending.card:
            zones.append(p.pending.card)
        if p.pending and p.pending.kind == "name_spirit":
            zones += p.pending.cards
    return Counter(x for x in zones if CARDS[x].market is market)


def flavor_cards(s: GameState) -> Counter[str]:
    zones = s.flavor_deck + s.flavor_discard + [f for p in s.players for sp in p.spirits for f in sp.flavors]
    return Counter(zones)


def check_invariants(s: GameState) -> None:
    for name in DECKS:
        assert premium_cards(s, name) == Counter(deck(MARKETS[name])), name
    assert flavor_cards(s) == Counter(deck(Market.FLAVOR))
    for p in s.players:
        assert p.money >= 0 and p.sp >= 0
        assert len(p.warehouse_spirits) <= 2
        assert len({sp.warehouse for sp in p.warehouse_spirits}) == len(p.warehouse_spirits)
        assert len(p.upgrades) <= 3


def check_views(s: GameState, events: list[Any]) -> None:
    hidden_flavors = {f for p in s.players for sp in p.spirits for f in sp.flavors}
    for seat in [None, *range(s.n)]:
        v = view(s, seat)
        text = json.dumps(v)
        assert not any(f'"{f}"' in text for f in hidden_flavors)
        assert all(isinstance(n, int) for n in v["deck_sizes"].values())
        for other in v["players"]:
            if other["seat"] != seat and s.phase != "finished":
                assert other["goals"] is None
        history = json.dumps([redact(e, seat, s) for e in events])
        assert not any(f'"{f}"' in history for f in hidden_flavors)
        for p in s.players:
            if p.seat != seat and s.phase != "finished":
                assert not any(f'"{g}"' in history for g in p.goals)


def unlisted_variants(s: GameState, seat: int, listed: list[Any], rng: random.Random) -> list[Any]:
    """Commands close to the legal ones but not among them: decide must refuse each one."""
    others = [(seat + 1) % s.n]
    variants: list[Any] = [c.PassTurn(seat=o) for o in others] + [c.Age(seat=seat, warehouse=1),
                                                                    c.Taste(seat=seat, sp=4), c.SkipDistill(seat=seat),
                                                                    c.PassTurn(seat=seat)]
    card_ids = list(CARDS)
    for a in rng.sample(listed, min(3, len(listed))):
        if isinstance(a, OpenDistill):
            continue
        data = a.model_dump()
        variants.append(type(a).model_validate({**data, "seat": others[0]}))
        if "card" in data:
            variants.append(type(a).model_validate({**data, "card": rng.choice(card_ids)}))
    legal = {seat: listed, others[0]: legal_actions(s, others[0])}
    return [v for v in variants if v not in legal[v.seat]
            and not (isinstance(v, c.Distill) and any(isinstance(a, OpenDistill) for a in legal[v.seat]))]


def play_and_check(players: int, seed: int, options: Options) -> None:
    chance, choices = random.Random(seed), random.Random(seed + 1)
    seats = tuple(SeatSpec(name=f"P{i}") for i in range(players))
    events = decide(GameState(), CreateGame(seats=seats, options=options), chance)
    state = fold(events)
    steps = 0
    while state.phase != "finished":
        check_invariants(state)
        assert to_act(state) == [q.seat for q in state.players if legal_actions(state, q.seat)]
        seat = choices.choice(to_act(state))
        listed = legal_actions(state, seat)
        assert listed
        for a in listed:  # every listed action is accepted
            if not isinstance(a, OpenDistill):
                decide(state, a, random.Random(0))
        for bad in unlisted_variants(state, seat, listed, choices):
            try:
                decide(state, bad, random.Random(0))
            except RuleViolation:
                pass
            else:
                raise AssertionError(f"decide accepted an unlisted command {bad!r}")
        action = concrete(choices.choice(listed), choices)
        new, after = execute(state, action, chance)
        before = state
        state = fold(new, state)
        assert after == state
        evolved = before
        for e in new:
            evolved = evolve(evolved, e)
        assert evolved == state
        events += new
        steps += 1
        if steps % 40 == 0:
            assert fold(events) == state  # fold(events) equals the state decide was given
            check_views(state, events)
    check_invariants(state)
    check_views(state, events)
    assert state.round == 7 and all(p.score is not None for p in state.players)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32),
       order=st.sampled_from(["simultaneous", "sequential"]), sp_alt=st.booleans(), pairings=st.booleans(),
       flight=st.sampled_from(["random_all", "G", "H"]))
def test_random_legal_games_keep_every_invariant(players: int, seed: int, order: str, sp_alt: bool,
                                                 pairings: bool, flight: str) -> None:
    options = Options.model_validate({"distill_order": order, "label_sp_alternative": sp_alt,
                                      "pairings": pairings, "flight": flight})
    play_and_check(players, seed, options)


def test_replay_is_deterministic() -> None:
    from infra.bots import random_bot
    from infra.simulate import play

    a, b = play(3, 11, random_bot), play(3, 11, random_bot)
    assert [e.model_dump() for e in a.events] == [e.model_dump() for e in b.events]
    assert fold(a.events) == a.state
