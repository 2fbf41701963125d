"""Setup (RULES §3.1, §1.10-§1.13, D11): creating a game, dealing, choosing a distiller, the first player."""

from __future__ import annotations

import random

import pytest

from domain import commands as c
from domain import events as ev
from domain.awards import eligible
from domain.catalogue import DISTILLERS, FLIGHTS
from domain.commands import CreateGame
from domain.options import Options
from domain.redact import HIDDEN, redact
from domain.state import GameState
from tests.domain.builders import Game, assert_legal_agree, given, one, seats, then_rejected, types, when
from tests.domain.positions import at, drive, pass_market


def create(n: int = 2, seed: int = 1, **options: object) -> ev.Setup:
    events = when(GameState(), CreateGame(seats=seats(n), options=Options(**options)), random.Random(seed))
    assert types(events) == ["game_created"]
    return events[0].setup


def test_a_fixed_flight_is_used_and_everything_is_dealt() -> None:
    setup = create(3, flight="D")
    assert setup.flight == "D"
    assert {k: len(v) for k, v in setup.rows.items()} == {"upgrades": 4, "ingredients": 4, "items": 4}
    assert {k: len(v) for k, v in setup.decks.items()} == {"upgrades": 25, "ingredients": 32, "items": 29}
    assert len(setup.flavor_deck) == 40
    assert [len(d) for d in setup.dealt_distillers] == [2, 2, 2]
    assert len({d for pair in setup.dealt_distillers for d in pair}) == 6
    assert [len(g) for g in setup.goals] == [3, 3, 3]
    assert len({g for trio in setup.goals for g in trio}) == 9
    assert len(set(setup.awards)) == 4  # players + 1
    assert 0 <= setup.first_player < 3


def test_random_abc_picks_only_a_b_or_c_and_random_all_goes_beyond() -> None:
    abc = {create(seed=seed).flight for seed in range(30)}
    assert abc == {"A", "B", "C"}
    every = {create(seed=seed, flight="random_all").flight for seed in range(40)}
    assert every - {"A", "B", "C"}


@pytest.mark.parametrize("flight", list("ABCDEFGH"))
def test_pairings_never_deal_a_removed_distiller(flight: str) -> None:
    removed = {d.id for d in DISTILLERS.values() if flight in d.removed_with_pairings}
    for seed in range(4):
        dealt = {d for pair in create(5, seed, flight=flight).dealt_distillers for d in pair}
        assert len(dealt) == 10 and not dealt & removed


def test_without_pairings_a_removed_distiller_may_be_dealt() -> None:
    removed = {d.id for d in DISTILLERS.values() if "B" in d.removed_with_pairings}
    dealt = {d for seed in range(6) for pair in create(5, seed, flight="B", pairings=False).dealt_distillers
             for d in pair}
    assert dealt & removed


def test_goals_from_the_earth_is_never_dealt_with_flight_g() -> None:
    for seed in range(10):
        assert all("from_the_earth" not in trio for trio in create(5, seed, flight="G").goals)


def test_awards_are_players_plus_one_without_the_impossible_ones() -> None:
    for seed in range(15):
        assert not {"olympic_spirit", "gold_digger"} & set(create(4, seed, flight="G").awards)
        two_on_d = set(create(2, seed, flight="D").awards)
        assert len(two_on_d) == 3
        assert not {"quantity_over_quality", "up_with_the_sun", "north_and_south"} & two_on_d
    assert "quantity_over_quality" not in eligible("E", 2) and "quantity_over_quality" in eligible("E", 3)
    assert {"sun_never_sets", "up_with_the_sun"}.isdisjoint(eligible("E", 2))
    assert {"north_and_south", "sun_never_sets"}.isdisjoint(eligible("F", 2))
    assert len(eligible("A", 3)) == 23 and len(eligible("G", 3)) == 21


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_labels_per_player_count(n: int) -> None:
    state = given([Game(players=n, flight="B").created()])
    assert state.labels == {**{r: n for r in FLIGHTS["B"].recipes}, "vodka": 2 * n, "moonshine": 2 * n}


def test_a_game_is_created_once() -> None:
    then_rejected(Game().start(), CreateGame(seats=seats(2)), "game_exists")
    then_rejected(GameState(), c.PassTurn(seat=0), "no_game")


def test_each_player_chooses_one_of_the_two_distillers_dealt() -> None:
    state = given([Game().created()])
    assert state.players[0].dealt == ["pilar", "jacqueline"]
    assert assert_legal_agree(state) == 4
    then_rejected(state, c.ChooseDistiller(seat=0, distiller="angus"), "not_dealt")
    events = when(state, c.ChooseDistiller(seat=0, distiller="jacqueline"))
    assert events == [ev.DistillerChosen(seat=0, distiller="jacqueline")]
    then_rejected(given([Game().created()], events), c.ChooseDistiller(seat=0, distiller="pilar"),
                  "already_chosen")


def test_a_distiller_brings_its_money_yeast_and_water_and_the_starting_items() -> None:
    state = given([Game().created()])
    angus = given([Game().created()], when(state, c.ChooseDistiller(seat=1, distiller="angus"))).players[1]
    assert (angus.money, sorted(angus.pantry), sorted(angus.storeroom)) == (
        2, ["water", "yeast"], ["glass_bottle", "metal_barrel"])
    gunnhild = given([Game().created()], when(state, c.ChooseDistiller(seat=1, distiller="gunnhild"))).players[1]
    assert (gunnhild.money, gunnhild.pantry, gunnhild.cubes) == (3, ["water"], [])
    assert gunnhild.signature_aside and "almond_potatoes" not in gunnhild.pantry


def test_nathan_starts_with_the_whiskey_cube() -> None:
    state = Game(distillers=("nathan", "angus")).start()
    assert state.players[0].cubes == ["whiskey"] and state.players[1].cubes == []
    assert state.players[0].money == 4


def test_round_one_starts_when_the_last_distiller_is_chosen() -> None:
    state = given([Game(first_player=1).created()])
    state = given([Game(first_player=1).created()], when(state, c.ChooseDistiller(seat=0, distiller="jacqueline")))
    events = when(state, c.ChooseDistiller(seat=1, distiller="angus"))
    assert one(events, ev.RoundStarted) == ev.RoundStarted(round=1, first_player=1)
    then_rejected(Game().start(), c.ChooseDistiller(seat=0, distiller="jacqueline"), "wrong_phase")


def test_the_dealt_distillers_and_the_choice_stay_secret_during_setup() -> None:
    created = Game().created()
    state = given([created])
    seen_by_1 = redact(created, 1, state)["setup"]
    assert seen_by_1["dealt_distillers"] == [HIDDEN, ["angus", "gunnhild"]]
    assert seen_by_1["goals"][0] == HIDDEN and isinstance(seen_by_1["flavor_deck"], int)
    chosen = ev.DistillerChosen(seat=0, distiller="jacqueline")
    assert redact(chosen, 1, state)["distiller"] == HIDDEN
    assert redact(chosen, 0, state)["distiller"] == "jacqueline"


def test_the_first_player_passes_clockwise_every_round() -> None:
    state = Game(players=3, first_player=2).start()
    assert (state.round, state.first_player, state.turn) == (1, 2, 2)
    firsts = []
    for _ in range(4):
        firsts.append((state.round, state.first_player, state.turn))
        state = drive(pass_market(state), lambda s: s.phase == "market")
    assert firsts == [(1, 2, 2), (2, 0, 0), (3, 1, 1), (4, 2, 2)]
    state = drive(state, at("finished"), check=True)
    assert state.round == 7
