"""Final scoring (RULES §3.9, §1.8, §5.16): unsold stock, bottle sets, upgrades, goals, money, the winner."""

from __future__ import annotations

from functools import cache

import pytest

from domain import commands as c
from domain import events as ev
from domain.sale import unsold_sp
from domain.scoring import bottle_sets
from domain.state import GameState, Player, Spirit
from tests.domain.builders import Game, add_spirit, one, then_rejected, with_player
from tests.domain.positions import at, drive, finish


@cache
def round_7() -> GameState:
    """Round 7's Market after six rounds in which nobody did anything."""
    return drive(Game().start(), at("market", 7))


def ended(state: GameState) -> tuple[ev.GameEnded, GameState]:
    events, final = finish(state)
    return one(events, ev.GameEnded), final


def test_final_scoring_adds_every_part_in_order() -> None:
    state = with_player(round_7(), 0, sp=10, money=23, cubes=["gin", "rum"], goals=["thirst_for_knowledge", "monarch"],
                        display=["pirate_bottle", "wrapped_bottle", "skull_bottle", "scandinavian_bottle",
                                 "faceted_bottle"], upgrades=["spirit_safe", "worm_tub", "orchard"])
    state = with_player(state, 1, money=23, cubes=["gin", "rum"], goals=["wealthy", "woody"])
    state = add_spirit(state, 0, "whiskey", ["barley", "mixed_grains", "alcohol"], "ex_bourbon_hogshead",
                       flavors=["flavor_vanilla", "flavor_oaky"], times_aged=2)
    state = add_spirit(state, 0, "shochu", ["rice"], "kvevri_barrel", warehouse=2, flavors=["flavor_honey"])
    end, final = ended(state)
    mine, theirs = end.scores
    assert list(mine) == ["before", "unsold", "bottles", "upgrades", "goals", "money_sp", "sp", "money"]
    # unsold: Whiskey 2 + 10 + 1 + 3 flavors; Shochu 1 + 7 + 0 + Kvevri 2 + 2 flavors (each aged once more)
    assert mine == {"before": 10, "unsold": 16 + 12, "bottles": 4 + 5, "upgrades": 2, "goals": 6, "money_sp": 4,
                    "sp": 59, "money": 3}
    assert theirs == {"before": 0, "unsold": 0, "bottles": 0, "upgrades": 0, "goals": 5, "money_sp": 4,
                      "sp": 9, "money": 3}  # Wealthy tied (both score); Woody on 0 never scores
    assert end.winners == (0,)
    assert [(p.sp, p.money) for p in final.players] == [(59, 3), (9, 3)]
    assert final.phase == "finished" and final.winners == [0]
    then_rejected(final, c.PassTurn(seat=0), "game_over")


@pytest.mark.parametrize(("money", "money_sp", "left"), [(4, 0, 4), (5, 1, 0), (23, 4, 3), (30, 6, 0)])
def test_money_converts_5_to_1_and_the_remainder_is_kept(money: int, money_sp: int, left: int) -> None:
    end, _ = ended(with_player(round_7(), 0, money=money))
    assert (end.scores[0]["money_sp"], end.scores[0]["money"], end.scores[0]["sp"]) == (money_sp, left, money_sp)


def test_a_tie_on_sp_goes_to_the_most_money_left() -> None:
    end, _ = ended(with_player(with_player(round_7(), 0, money=7), 1, money=9))
    assert [(s["sp"], s["money"]) for s in end.scores] == [(1, 2), (1, 4)]
    assert end.winners == (1,)


def test_a_full_tie_is_a_shared_victory() -> None:
    end, final = ended(with_player(with_player(round_7(), 0, money=9), 1, money=9, sp=0))
    assert end.winners == (0, 1) and final.winners == [0, 1]


def test_a_goal_never_scores_on_a_count_of_zero() -> None:
    state = with_player(round_7(), 0, goals=["thirst_for_knowledge", "geriatric", "juvenile"])
    state = with_player(state, 1, goals=["wealthy", "diverse_portfolio"], money=0)
    end, _ = ended(with_player(state, 0, money=0))
    assert [s["goals"] for s in end.scores] == [0, 0]


def test_a_goal_scores_for_the_most_and_not_for_less() -> None:
    state = with_player(round_7(), 0, goals=["thirst_for_knowledge"], cubes=["gin", "rum", "soju"])
    state = with_player(state, 1, goals=["wealthy"], cubes=["gin"], money=1)
    end, _ = ended(with_player(state, 0, money=3))
    assert [s["goals"] for s in end.scores] == [6, 0]


def americas(*display: str) -> Player:
    return Player(seat=0, name="P0", distiller="jacqueline", display=list(display))


@pytest.mark.parametrize(("display", "sp"), [
    ((), 0), (("pirate_bottle",), 0), (("pirate_bottle", "wrapped_bottle"), 2),
    (("pirate_bottle", "wrapped_bottle", "worm_bottle"), 4),
    (("pirate_bottle", "wrapped_bottle", "worm_bottle", "wax_sealed_bottle"), 7),
    (("pirate_bottle", "wrapped_bottle", "worm_bottle", "wax_sealed_bottle", "skull_bottle"), 10),
    (("pirate_bottle", "wrapped_bottle", "worm_bottle", "wax_sealed_bottle", "skull_bottle", "pig_bottle"), 15),
    (("pirate_bottle", "wrapped_bottle", "worm_bottle", "wax_sealed_bottle", "skull_bottle", "pig_bottle",
      "vintage_decanter_bottle"), 15),
    (("pirate_bottle", "skull_bottle"), 2),  # Home = the distiller's region (Americas)
    (("pirate_bottle", "scandinavian_bottle", "faceted_bottle"), 5),
    (("pirate_bottle", "wrapped_bottle", "rounded_bottle", "canister_bottle", "half_bottle"), 2 + 2 + 5),
    (("jug", "mason_jar", "plastic_liter_bottle", "frosted_glass_bottle"), 0),  # regionless bottles never count
    (("pirate_bottle", "jug", "mason_jar"), 0),
])
def test_bottle_sets(display: tuple[str, ...], sp: int) -> None:
    assert bottle_sets(americas(*display)) == sp


def test_home_bottles_follow_the_owners_region() -> None:
    angus = Player(seat=0, name="P0", distiller="angus", display=["skull_bottle", "scandinavian_bottle"])
    assert bottle_sets(angus) == 2
    assert bottle_sets(americas("skull_bottle", "scandinavian_bottle")) == 0


def test_unsold_stock_counts_cards_recipe_barrel_kvevri_and_one_sp_per_flavor_only() -> None:
    flavors = ["flavor_vanilla", "flavor_chocolate"]
    dolium = Spirit(1, 0, "grappa", ["grapes", "alcohol", "water"], "dolium_barrel", 1, flavors=list(flavors))
    assert unsold_sp(dolium) == 4 + 9 + 1 + 2  # no Dolium money, no flavor money, no bonus table
    kvevri = Spirit(2, 0, "grappa", ["grapes"], "kvevri_barrel", 1, flavors=list(flavors))
    assert unsold_sp(kvevri) == 4 + 9 + 0 + 2 + 2
