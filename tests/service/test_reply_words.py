"""The reply words (service/replies/words.py): every listed choice reads back, by its words and by its number,
to exactly the action listed, which `decide` accepts; tolerant of case and punctuation; never a guess."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import decide, execute, fold, legal_actions, to_act
from domain.commands import CreateGame, OpenDistill
from domain.options import Options, SeatSpec
from domain.state import GameState
from service.replies.words import Choice, Command, Show, Unreadable, choices, command_of, listing, normal, read
from tests.domain.random_play import Counting, chosen, pick, with_powers


def check_choices(state: GameState, seat: int) -> int:
    """Every choice of `seat` reads back to its action, by words, by number and by both; returns how many."""
    listed = legal_actions(state, seat)
    made = choices(state, seat)
    assert [c.number for c in made] == list(range(1, len(listed) + 1))
    keys = Counter(normal(c.words) for c in made)
    for action, choice in zip(listed, made, strict=True):
        assert choice.words == choice.words.lower() and choice.label
        if keys[normal(choice.words)] > 1:  # the same words only for the very same action listed twice
            assert all(command_of(read(c.words, made).body, seat) == action  # type: ignore[union-attr]
                       for c in made if normal(c.words) == normal(choice.words))
        by_words, by_number = read(choice.words, made), read(str(choice.number), made)
        both = read(f"{choice.number}. {choice.words}", made)
        assert isinstance(by_words, Command), (choice, by_words)
        if isinstance(action, OpenDistill):
            command = command_of(by_words.body, seat)
            assert sorted(command.washback) == sorted(action.cards)
            assert isinstance(by_number, Unreadable) and by_number.code == "name_the_cards"
        else:
            command = command_of(by_words.body, seat)
            assert command == action, (choice.words, command, action)
            assert by_number == by_words == both
        decide(state, command, random.Random(0))  # decide accepts it
    return len(made)


def play(players: int, seed: int, powers: bool, every: int = 1, limit: int = 10_000) -> int:
    chance, rng = Counting(seed), random.Random(seed + 1)
    seats = tuple(SeatSpec(name=f"P{i}") for i in range(players))
    state = fold(decide(GameState(), CreateGame(seats=seats, options=Options()), chance))
    if powers:
        state = with_powers(chosen(state, rng, chance))
    checked, steps = 0, 0
    while state.phase != "finished" and steps < limit:
        seat = rng.choice(to_act(state))
        if steps % every == 0:
            checked += check_choices(state, seat)
        state = execute(state, pick(state, seat, legal_actions(state, seat), rng, 0.0), chance)[1]
        steps += 1
    return checked


def test_the_choices_of_one_seeded_game_read_back_and_are_accepted() -> None:
    assert play(3, 7, powers=True, every=6, limit=150) > 40


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), powers=st.booleans())
def test_every_choice_of_random_games_reads_back_to_its_action(players: int, seed: int, powers: bool) -> None:
    play(players, seed, powers, every=3)


def view_of(*actions: dict[str, Any], spirits: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    listed = [{"seat": 0, **a} for a in actions]
    return {"you": 0, "players": [{"seat": 0, "spirits": list(spirits)}], "legal_actions": listed}


MARKET = view_of({"type": "buy", "source": "basic", "card": "water"},
                 {"type": "buy", "source": "items", "card": "glass_bottle"},
                 {"type": "buy", "source": "truck", "card": "glass_bottle"},
                 {"type": "pass"}, {"type": "take_back"}, {"type": "resign"})


def test_the_words_of_a_market() -> None:
    made = listing(MARKET)
    assert [c.words for c in made] == ["buy water", "buy glass_bottle from items", "buy glass_bottle from truck",
                                       "pass", "undo", "resign"]
    assert [c.label for c in made][:3] == ["Buy Water", "Buy Glass Bottle", "Buy Glass Bottle from the truck"]
    assert isinstance(made[0], Choice) and listing(MARKET, "es")[3].label != "" and not made[0].template


@pytest.mark.parametrize("line", ["buy water", "1", "Buy Water.", "  BUY   water!  ", "1. buy water", "#1"])
def test_a_line_is_read_by_number_or_words_in_any_case_and_punctuation(line: str) -> None:
    assert read(line, listing(MARKET)) == Command({"type": "buy", "source": "basic", "card": "water"})


@pytest.mark.parametrize("line", ["undo", "take back", "Take back.", "take-back", "5"])
def test_undo_and_take_back_are_the_take_back(line: str) -> None:
    assert read(line, listing(MARKET)) == Command({"type": "take_back"})


def test_pass_show_and_the_rest() -> None:
    made = listing(MARKET)
    assert read("pass", made) == Command({"type": "pass"})
    assert read("Show", made) == Show() and read("board", made) == Show()
    assert read("buy glass bottle from truck", made) == Command({"type": "buy", "source": "truck",
                                                                 "card": "glass_bottle"})


@pytest.mark.parametrize(("line", "code"), [
    ("", "empty"), ("???", "empty"), ("7", "out_of_range"), ("0", "out_of_range"),
    ("2 pass", "ambiguous"),  # the number and the words disagree
    ("buy glass bottle", "ambiguous"),  # two buys: never a guess
    ("buy", "ambiguous"), ("buy yeast", "unknown_words"), ("hello there", "unknown_words"),
    ("> buy water", "quoted"),  # a line of the quoted e-mail is not a move
])
def test_a_refusal_says_why(line: str, code: str) -> None:
    reading = read(line, listing(MARKET))
    assert isinstance(reading, Unreadable) and reading.code == code and reading.reason


def test_no_take_back_when_none_is_offered() -> None:
    made = listing(view_of({"type": "pass"}))
    assert isinstance(read("undo", made), Unreadable)


OPEN = view_of({"type": "distill", "open": True, "cards": ["mixed_grains", "water", "water", "yeast"],
                "extra_alcohol": [0, 1], "top_only": [False, True]}, {"type": "skip_distill"}, {"type": "resign"})


def test_the_open_distill_is_listed_once_with_a_template_and_an_example() -> None:
    first = listing(OPEN)[0]
    assert first.words == "distill mixed_grains water water yeast"
    assert first.template == "distill <card> <card> … [extra 1] [top only]"
    assert read("skip", listing(OPEN)) == Command({"type": "skip_distill"})


@pytest.mark.parametrize(("line", "body"), [
    ("distill yeast water mixed_grains", {"washback": ["yeast", "water", "mixed_grains"]}),
    ("Distill: yeast, water, mixed grains.", {"washback": ["yeast", "water", "mixed_grains"]}),
    ("distill 2 water mixed grains", {"washback": ["water", "water", "mixed_grains"]}),
    ("distill yeast mixed_grains extra 1", {"washback": ["yeast", "mixed_grains"], "extra_alcohol": 1}),
    ("distill yeast mixed_grains top only", {"washback": ["yeast", "mixed_grains"], "top_only": True}),
    ("1 distill yeast water mixed_grains", {"washback": ["yeast", "water", "mixed_grains"]}),
])
def test_a_washback_is_read_as_a_distill_of_those_cards(line: str, body: dict[str, Any]) -> None:
    assert read(line, listing(OPEN)) == Command({"type": "distill", **body})


@pytest.mark.parametrize(("line", "code"), [
    ("distill yeast yeast water", "not_in_pantry"), ("distill clay_barrel water", "not_in_pantry"),
    ("distill", "name_the_cards"), ("1", "name_the_cards"), ("distill water extra 2", "not_offered"),
])
def test_a_washback_that_cannot_be_is_refused(line: str, code: str) -> None:
    reading = read(line, listing(OPEN))
    assert isinstance(reading, Unreadable) and reading.code == code


def test_without_an_open_distill_distill_words_are_unknown() -> None:
    assert isinstance(read("distill water yeast", listing(MARKET)), Unreadable)


def test_every_command_has_its_reply_words_and_no_two_share_a_verb() -> None:
    """A new command needs its phrase (CONTRIBUTING, "Add a command"): the fallback would still read back, but in
    words nobody chose."""
    from domain.commands import COMMAND_TYPES
    from service.replies.phrases import PHRASES, phrase

    assert set(PHRASES) == set(COMMAND_TYPES) - {"distill"}  # the open Distill has its own words
    heads = Counter(phrase({"type": t}).split()[0] for t in PHRASES)
    assert {h for h, n in heads.items() if n > 1} == {"decline"}  # `decline` and `decline goals`


@pytest.mark.parametrize("module", ["words", "phrases", "labels", "answer"])
def test_the_reply_modules_are_pure(module: str) -> None:
    """No I/O, clock or randomness of their own (the page's texts are read once, by service/texts/words.py)."""
    from pathlib import Path

    from tests.domain.test_purity import _offences

    source = Path(__file__).resolve().parents[2] / "service" / "replies" / f"{module}.py"
    assert _offences(source.read_text()) == []
