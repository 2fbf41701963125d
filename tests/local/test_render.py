"""`distilled show`: a view rendered for a terminal, from real domain views."""

from __future__ import annotations

import random
from typing import Any

from devtools.bots import random_bot
from devtools.client.actions import body_of, cli_words, concrete
from devtools.render import render
from domain import GameState, decide, execute, fold, to_act, view
from domain.catalogue import CARDS, DISTILLERS, FLIGHTS, LABEL_SPACES
from domain.commands import Buy, CreateGame
from domain.options import Options, SeatSpec
from domain.purchase import cube_cost

NAMES = ("Ada", "Grace", "Linus")


def played(commands: int, seed: int = 3, until_phase: str | None = None) -> GameState:
    chance, choices = random.Random(seed), random.Random(seed + 1)
    state = fold(decide(GameState(), CreateGame(seats=tuple(SeatSpec(name=n) for n in NAMES),
                                                options=Options(flight="A")), chance))
    for _ in range(commands):
        if state.phase in ("finished", until_phase):
            break
        seat = choices.choice(to_act(state))
        state = execute(state, random_bot(state, seat, choices), chance)[1]
    return state


def answer(state: GameState, seat: int | None) -> dict[str, Any]:
    return {"game_id": "g1", "version": 42, "view": view(state, seat)}


def test_a_market_turn_shows_the_board_players_and_numbered_actions() -> None:
    state = played(30, until_phase="distill")
    seat = to_act(state)[0]
    text = render(answer(state, seat))
    assert "Game g1  version 42" in text and f"phase {state.phase}" in text
    assert "Market" in text and "ingredients:" in text and "Players" in text
    for name in NAMES:
        assert name in text
    assert "[you, to act]" in text
    actions = view(state, seat)["legal_actions"]
    assert f"  [0] distilled {cli_words(actions[0])}" in text
    assert f"  [{len(actions) - 1}] distilled" in text


def test_other_seats_pantries_stay_secret_while_distilling() -> None:
    state = played(5000, until_phase="distill")
    assert state.phase == "distill" and state.options.distill_order == "simultaneous"
    text = render(answer(state, 0))
    assert "(as the Distill phase began: what they do in it stays secret until it ends)" in text
    assert "None" not in text


def test_other_seats_goals_stay_secret_and_spectators_get_no_actions() -> None:
    state = played(10)
    text = render(answer(state, None))
    assert "(secret)" in text and "legal actions" not in text
    assert "Nothing for you to do" not in text


def test_a_finished_game_shows_the_final_scores() -> None:
    state = played(5000)
    assert state.phase == "finished"
    text = render(answer(state, 0))
    assert "the game is over" in text and "Final scores" in text and "WINNER" in text


def test_every_legal_action_has_cli_words_and_a_body() -> None:
    rng = random.Random(1)
    state = fold(decide(GameState(), CreateGame(seats=tuple(SeatSpec(name=n) for n in NAMES)), random.Random(9)))
    seen: set[str] = set()
    while state.phase != "finished":
        seat = rng.choice(to_act(state))
        for action in view(state, seat)["legal_actions"]:
            seen.add(action["type"])
            words = cli_words(action)
            assert words and "None" not in words, action
            route, body = concrete(action, rng)
            assert route == action["type"] and "seat" not in body
            assert all(v is not None for v in body_of(action).values())
        state = execute(state, random_bot(state, seat, rng), random.Random(seat))[1]
    assert {"choose_distiller", "buy", "pass", "distill", "name_spirit", "sell"} <= seen


def at_market(seed: int = 3) -> GameState:
    """Random moves until a Market turn begins."""
    chance, choices = random.Random(seed), random.Random(seed + 1)
    state = fold(decide(GameState(), CreateGame(seats=tuple(SeatSpec(name=n) for n in NAMES),
                                                options=Options(flight="A")), chance))
    while state.phase != "market":
        seat = choices.choice(to_act(state))
        state = execute(state, random_bot(state, seat, choices), chance)[1]
    return state


def test_the_market_shows_what_each_card_costs() -> None:
    state = at_market()
    text = render(answer(state, 0))
    for row in state.rows.values():
        for card in row:
            assert f"{card} ({CARDS[card].cost})" in text
    assert "water (0)" in text and "wood_barrel (4)" in text  # the basic market
    assert f"{FLIGHTS['A'].recipes[0]} ({cube_cost(FLIGHTS['A'].recipes[0])})" in text  # the recipe cubes


def test_label_spaces_show_their_rewards_in_words() -> None:
    text = render(answer(at_market(), 0))
    assert "  0  +5 money" in text and "  4  a free recipe cube of your flight" in text
    legend = text.split("Label spaces", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert [line.split()[0] for line in legend] == [str(space.index) for space in LABEL_SPACES]


def test_a_pending_choice_is_said_plainly_with_its_command() -> None:
    state = at_market()
    seat = to_act(state)[0]
    state = execute(state, Buy(seat=seat, source="basic", card="water"), random.Random(1))[1]
    text = render(answer(state, seat))
    assert "your choice:   the water bonus: reveal the top card of a premium deck" in text
    assert "(distilled decline)" in text and "reveal_deck" not in text


def test_setup_numbers_the_two_distillers_dealt() -> None:
    state = played(0)
    dealt = state.players[0].dealt
    text = render(answer(state, 0))
    assert f"dealt:         1 {dealt[0]} ({DISTILLERS[dealt[0]].name}): {DISTILLERS[dealt[0]].power}" in text
    assert f"                   2 {dealt[1]} ({DISTILLERS[dealt[1]].name})" in text
