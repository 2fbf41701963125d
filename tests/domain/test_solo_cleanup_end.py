"""Solo market clean-up by the backs of B cards, and the solo end: target, every row, tie wins (RULES §3.10, D23)."""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.evolve import evolve
from domain.solo import outcome
from domain.state import GameState
from domain.view import view
from tests.domain.builders import Game, edit, one, when, with_player
from tests.domain.positions import at, drive, finish, steps

SOLO = Game(players=1)


def test_the_next_b_card_names_the_slots_discarded_and_the_rows_slide_right_and_refill() -> None:
    state = SOLO.start()
    events = when(state, c.PassTurn(seat=0))
    clean = one(events, ev.MarketCleanedUp)
    assert clean.solo_card == "B5" and clean.slots == {"upgrades": (2, 4), "ingredients": (1, 2, 4), "items": (3, 4)}
    assert clean.discarded == {"upgrades": ("worm_tub", "tropical_warehouse"),
                               "ingredients": ("barley", "corn", "grapes"),
                               "items": ("kvevri_barrel", "skull_bottle")}
    after = state
    for e in events:
        after = evolve(after, e)
    r = clean.refills
    assert after.rows["upgrades"] == [r["upgrades"][1], r["upgrades"][0], "spirit_safe", "orchard"]
    assert after.rows["ingredients"] == [*reversed(r["ingredients"]), "rye"]
    assert after.rows["items"] == [r["items"][1], r["items"][0], "pirate_bottle", "american_standard_barrel"]
    assert {"worm_tub", "barley", "skull_bottle"} <= set(after.truck)
    assert after.solo is not None and after.solo.turned == 1
    assert view(after, 0)["solo"]["cleanup_turned"] == ["B5"]


def test_each_market_turns_the_next_b_card_and_a_spent_deck_is_turned_again() -> None:
    """RULES D13: when the clean-up cards run out they are turned again from the first, in the same order."""
    state = Game(players=1, solo_cleanup=("B5", "B6")).start()
    turned = []
    for events, _ in steps(state):
        turned += [e.solo_card for e in events if isinstance(e, ev.MarketCleanedUp)]
        if len(turned) >= 3:
            break
    assert turned[:3] == ["B5", "B6", "B5"]


def last_round(sp: int, completed: list[str]) -> GameState:
    state = drive(SOLO.start(), at("market", 7))

    def position(s: GameState) -> None:
        assert s.solo is not None
        s.solo.completed = completed

    return with_player(edit(state, position), 0, sp=sp, money=0, spirits=[])


ONE_PER_ROW = ["C8", "C1", "B2", "C7", "A5"]  # target 11 + 70


def test_a_tie_with_the_target_wins() -> None:
    events, state = finish(last_round(81, ONE_PER_ROW))
    end = one(events, ev.GameEnded)
    assert end.scores[0]["sp"] == 81 and end.solo is not None
    assert (end.solo.target, end.solo.rows_completed, end.solo.won) == (81, 5, True)
    assert end.winners == (0,) and state.winners == [0]


def test_one_sp_short_of_the_target_loses() -> None:
    events, state = finish(last_round(80, ONE_PER_ROW))
    end = one(events, ev.GameEnded)
    assert end.solo is not None and not end.solo.won and end.winners == () and state.winners == []


def test_a_row_without_a_completed_goal_loses_whatever_the_score() -> None:
    events, _ = finish(last_round(200, ["C8", "C1", "B2", "C7"]))
    end = one(events, ev.GameEnded)
    assert end.solo is not None and (end.solo.target, end.solo.rows_completed, end.solo.won) == (11, 4, False)


def test_the_swap_adds_5_to_the_target_and_c_goals_add_nothing() -> None:
    solo = SOLO.start().solo
    assert solo is not None
    solo = solo.clone()
    solo.completed, solo.swap_used = ["C8", "C1", "B2", "B3", "C7", "A5"], True
    result = outcome(solo, 101)
    assert (result.target, result.won) == (11 + 15 + 70 + 5, True)
    assert not outcome(solo, 100).won
