"""Solo setup (RULES §3.10, §1.10, §1.13, §3.1, D11): the grid by difficulty, the clean-up deck, no goals or awards."""

from __future__ import annotations

import json
import random

import pytest

from domain import commands as c
from domain import events as ev
from domain.catalogue import FLIGHTS, SOLO_CARDS
from domain.commands import CreateGame
from domain.options import Options
from domain.redact import HIDDEN, redact
from domain.state import GameState
from domain.view import view
from tests.domain.builders import Game, given, seats, types, when

TIERS = {"standard": "CCBCA", "hard": "CCBBA", "expert": "CBBBA"}


def create(seed: int = 1, **options: object) -> ev.Setup:
    events = when(GameState(), CreateGame(seats=seats(1), options=Options(**options)), random.Random(seed))
    assert types(events) == ["game_created"]
    return events[0].setup


@pytest.mark.parametrize("difficulty", ["standard", "hard", "expert"])
def test_the_grid_is_dealt_2_3_4_3_2_by_difficulty_and_the_other_b_cards_make_the_cleanup_deck(
        difficulty: str) -> None:
    setup = create(flight="A", solo_difficulty=difficulty)
    assert [len(row) for row in setup.solo_grid] == [2, 3, 4, 3, 2]
    assert ["".join({g[0] for g in row}) for row in setup.solo_grid] == list(TIERS[difficulty])
    grid = {g for row in setup.solo_grid for g in row}
    b_cards = {s.id for s in SOLO_CARDS.values() if s.tier == "B"}
    assert set(setup.solo_cleanup) == b_cards - grid and len(setup.solo_cleanup) == 18 - len(b_cards & grid)


def test_no_goals_no_awards_solo_labels_and_two_distillers_dealt() -> None:
    setup = create(flight="B")
    assert setup.goals == ((),) and setup.awards == () and len(setup.dealt_distillers[0]) == 2
    state = given([ev.GameCreated(options=Options(flight="B"), setup=setup)])
    assert state.labels == {**{r: 5 for r in FLIGHTS["B"].recipes}, "vodka": 7, "moonshine": 7}
    assert state.players[0].goals == [] and state.awards == []
    assert state.solo is not None and state.solo.cleanup == list(setup.solo_cleanup)


def test_setup_shuffles_are_random_but_recorded() -> None:
    assert len({create(seed).solo_grid for seed in range(6)}) > 1
    assert len({create(seed).solo_cleanup for seed in range(6)}) > 1


def test_flight_g_leaves_out_a11_b14_and_b17() -> None:
    for seed in range(12):
        setup = create(seed, flight="G", solo_difficulty="expert")
        assert not {"A11", "B14", "B17"} & ({g for row in setup.solo_grid for g in row} | set(setup.solo_cleanup))
        assert len(setup.solo_cleanup) == 16 - 10  # 6 B cards for 7 clean-ups: they are turned again


def test_rows_1_3_5_are_revealed_rows_2_4_face_down_and_only_row_1_available() -> None:
    solo = Game(players=1).opening().solo
    assert solo is not None
    assert solo.revealed == [[True] * 2, [False] * 3, [True] * 4, [False] * 3, [True] * 2]
    assert solo.available == [[True] * 2, [False] * 3, [False] * 4, [False] * 3, [False] * 2]
    assert solo.completed == [] and not solo.swap_used and solo.offered == []


def test_the_distiller_is_chosen_as_usual() -> None:
    game = Game(players=1)
    state = given([game.created()])
    assert state.phase == "setup"
    state = given(game.history())
    assert state.players[0].distiller == "pilar" and state.phase == "market" and state.round == 1


def test_redact_and_view_hide_face_down_goals_and_the_cleanup_order() -> None:
    game = Game(players=1)
    state = game.start()
    data = redact(game.created(), 0, state)["setup"]
    assert data["solo_grid"][1] == [HIDDEN] * 3 and data["solo_grid"][0] == ["C8", "C18"]
    assert data["solo_cleanup"] == 14 and data["goals"] == [[]]
    grid = view(state, 0)["solo"]
    assert [cell["card"] for cell in grid["rows"][3]] == [None] * 3 and all(x["hidden"] for x in grid["rows"][3])
    assert grid["rows"][0][0] == {"card": "C8", "hidden": False, "available": True, "completed": False,
                                  "claimable": True}
    assert grid["target"] == 0 and grid["cleanup_turned"] == [] and grid["cleanup_size"] == 14
    text = json.dumps(view(state, None))
    assert not any(f'"{g}"' in text for g in ("C1", "C10", "C5", "C7", "C9", "C6", "B5", "B18"))


def test_multiplayer_setup_and_state_carry_no_solo_fields() -> None:
    setup = when(GameState(), CreateGame(seats=seats(2)), random.Random(3))[0].setup
    assert setup.solo_grid == () and setup.solo_cleanup == ()
    state = Game().start()
    assert state.solo is None and view(state, 0)["solo"] is None
    assert all(not isinstance(a, c.ClaimGoal | c.SwapGoals) for a in view(state, 0)["legal_actions"])


def test_every_solo_condition_key_has_a_check_of_its_goal_type() -> None:
    from domain.solo_conditions import COLLECT, DISTILL, EARN, SELL

    tables = {"collect": COLLECT, "sell": SELL, "distill": DISTILL, "earn": EARN}
    for card in SOLO_CARDS.values():
        if card.type != "swap":
            assert card.condition in tables[card.type], card.id
    assert sum(len(t) for t in tables.values()) == 47
