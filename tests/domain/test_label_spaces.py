"""Label bonus spaces (RULES §3.6, D5, D6): the 7 rewards, the 2 SP alternative, full boards."""

from __future__ import annotations

from typing import Any

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.options import Options
from domain.state import GameState
from tests.domain.builders import Game, after, assert_legal_agree, one, play, then_rejected, when
from tests.domain.positions import OLD, selling

# After the 2-player clean-up: rows and truck as the default Game leaves them.
TRUCK = ["tropical_warehouse", "orchard", "grapes", "rye", "skull_bottle", "kvevri_barrel"]


def labelling(game: Game | None = None, **seat0: Any) -> GameState:
    """Seat 0 has just sold a labelled Whiskey and must place its label."""
    state = play(selling(aging=[OLD], game=game, **seat0), c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    assert state.players[0].pending.kind == "place_label"  # type: ignore[union-attr]
    assert state.truck == TRUCK
    return state


def placed(state: GameState, **command: Any) -> tuple[ev.LabelPlaced, GameState]:
    events = when(state, c.PlaceLabel(seat=0, **command))
    return one(events, ev.LabelPlaced), after(state, events)


def test_space_0_gives_5_money() -> None:
    state = labelling()
    event, new = placed(state, space=0)
    assert event == ev.LabelPlaced(seat=0, recipe="whiskey", space=0, take_sp=False)
    p = new.players[0]
    assert (p.money - state.players[0].money, p.sp, p.label_spaces[0], p.pending) == (5, 11, "whiskey", None)


def test_space_1_brings_the_signature_ingredient_into_the_pantry() -> None:
    _, new = placed(labelling(), space=1)
    assert new.players[0].pantry == ["water", "blue_agave"] and not new.players[0].signature_aside


def test_space_1_gives_only_2_sp_once_the_signature_ingredient_is_in_play() -> None:
    state = labelling(signature_aside=False)
    then_rejected(state, c.PlaceLabel(seat=0, space=1), "take_sp_only")
    assert [a for a in legal_actions(state, 0) if a.space == 1] == [c.PlaceLabel(seat=0, space=1, take_sp=True)]
    _, new = placed(state, space=1, take_sp=True)
    assert new.players[0].sp == 11 + 2 and "blue_agave" not in new.players[0].pantry


def test_space_2_swaps_a_pantry_card_for_any_truck_card() -> None:
    state = labelling(pantry=["yeast", "barley"])
    then_rejected(state, c.PlaceLabel(seat=0, space=2, discard="yeast", card="corn"), "card_choice")
    then_rejected(state, c.PlaceLabel(seat=0, space=2, discard="figs", card="grapes"), "discard_choice")
    then_rejected(state, c.PlaceLabel(seat=0, space=2, discard="yeast"), "card_choice")
    _, basic = placed(state, space=2, discard="yeast", card="grapes")
    assert basic.players[0].pantry == ["barley", "grapes"]
    assert sorted(basic.truck) == sorted(t for t in TRUCK if t != "grapes")  # the basic Yeast left play
    _, premium = placed(state, space=2, discard="barley", card="orchard")
    assert "barley" in premium.truck and "orchard" not in premium.truck
    assert premium.players[0].upgrades == ["orchard"]


def test_space_3_gives_a_premium_ingredient_from_the_row_or_a_basic_ingredient() -> None:
    state = labelling()
    assert state.rows["ingredients"] == ["millet", "millet", "barley", "corn"]
    event, new = placed(state, space=3, card="barley")
    assert event.refill == state.decks["ingredients"][-1] == "barley"
    assert new.rows["ingredients"] == ["barley", "millet", "millet", "corn"] and "barley" in new.players[0].pantry
    _, basic = placed(state, space=3, card="mixed_fruits")
    assert basic.rows == state.rows and basic.players[0].pantry[-1] == "mixed_fruits"
    assert basic.players[0].basics_bought == 0 and basic.players[0].money == state.players[0].money
    for wrong in ("wood_barrel", "grapes", "pirate_bottle"):
        then_rejected(state, c.PlaceLabel(seat=0, space=3, card=wrong), "card_choice")
    then_rejected(state, c.PlaceLabel(seat=0, space=3, card="corn", recipe="gin"), "no_choice")


def test_space_4_gives_a_free_recipe_cube_of_the_flight() -> None:
    state = labelling(cubes=["gin"])
    _, new = placed(state, space=4, recipe="brandy")
    assert new.players[0].cubes == ["gin", "brandy"]
    for wrong in ("aquavit", "gin", None):
        then_rejected(state, c.PlaceLabel(seat=0, space=4, recipe=wrong), "cube_choice")


def test_space_5_gives_a_premium_item_from_the_row_or_a_basic_barrel() -> None:
    state = labelling()
    _, new = placed(state, space=5, card="pirate_bottle")
    assert "pirate_bottle" in new.players[0].storeroom and "pirate_bottle" not in new.rows["items"]
    _, clay = placed(state, space=5, card="clay_barrel")
    assert "clay_barrel" in clay.players[0].storeroom
    then_rejected(state, c.PlaceLabel(seat=0, space=5, card="mixed_grains"), "card_choice")


def test_space_6_gives_a_free_upgrade_into_a_slot() -> None:
    _, new = placed(labelling(), space=6, card="spirit_safe")
    assert new.players[0].upgrades == ["spirit_safe"]
    full = labelling(upgrades=["architect", "cooper", "coppersmith"])
    then_rejected(full, c.PlaceLabel(seat=0, space=6, card="spirit_safe"), "replace_required")
    _, replaced = placed(full, space=6, card="spirit_safe", replace="architect")
    assert replaced.players[0].upgrades == ["cooper", "coppersmith", "spirit_safe"] and "architect" in replaced.truck


@pytest.mark.parametrize("space", range(7))
def test_any_space_may_give_2_sp_instead(space: int) -> None:
    state = labelling()
    event, new = placed(state, space=space, take_sp=True)
    p, before = new.players[0], state.players[0]
    assert event.take_sp and p.sp == before.sp + 2 and p.money == before.money and p.label_spaces[space] == "whiskey"
    assert (p.pantry, p.cubes, p.upgrades, p.storeroom) == (before.pantry, before.cubes, before.upgrades,
                                                            before.storeroom)
    then_rejected(state, c.PlaceLabel(seat=0, space=space, take_sp=True, card="corn"), "take_sp_only")


def test_without_the_2_sp_option_a_reward_must_be_taken() -> None:
    game = Game(options=Options(flight="A", label_sp_alternative=False))
    state = labelling(game)
    then_rejected(state, c.PlaceLabel(seat=0, space=0, take_sp=True), "sp_option_off")
    assert not any(a.take_sp for a in legal_actions(state, 0))
    in_play = labelling(game, signature_aside=False)
    _, new = placed(in_play, space=1, take_sp=True)  # the only thing space 1 can give now
    assert new.players[0].sp == 11 + 2
    assert assert_legal_agree(in_play) > 0


def test_a_taken_space_is_refused_and_with_all_seven_full_the_label_gives_2_sp() -> None:
    state = labelling(label_spaces=["vodka", None, None, None, None, None, None])
    then_rejected(state, c.PlaceLabel(seat=0, space=0), "space_taken")
    full = labelling(label_spaces=["vodka"] * 7)
    assert legal_actions(full, 0) == [c.PlaceLabel(seat=0)]
    then_rejected(full, c.PlaceLabel(seat=0, space=0, take_sp=True), "spaces_full")
    event, new = placed(full)
    assert (event.space, event.take_sp) == (None, True)
    assert new.players[0].sp == 11 + 2 and new.players[0].extra_labels == ["whiskey"]


def test_legal_label_placements_are_all_accepted() -> None:
    state = labelling(pantry=["yeast", "barley"], cubes=["gin"])
    # 7 x 2 SP; spaces 0, 1; 2 discards x 6 truck cards; 3 + 5 ingredients; 6 cubes; 2 + 2 items; 4 upgrades
    assert assert_legal_agree(state) == 7 + 1 + 1 + 2 * 6 + (3 + 5) + 6 + (2 + 2) + 4
