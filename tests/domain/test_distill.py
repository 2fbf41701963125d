"""Distill phase (RULES §3.4, §2.1, §1.6): the washback, new alcohol, the cut, naming the spirit, skipping."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.state import GameState
from tests.domain.builders import Cut, Game, after, assert_legal_agree, one, play, then_rejected, when, with_player
from tests.domain.positions import at, distilling, drive, pass_market

BASIC = ["mixed_grains", "yeast", "water"]


def names(state: GameState, seat: int = 0) -> set[tuple[str, str, bool]]:
    return {(a.recipe, a.barrel, a.restore_signature) for a in legal_actions(state, seat) if a.type == "name_spirit"}


def distilled(state: GameState, washback: list[str], cut: Cut, seat: int = 0) -> GameState:
    return play(state, c.Distill(seat=seat, washback=tuple(washback)), rng=cut)


@pytest.mark.parametrize(("washback", "valid"), [
    (["mixed_grains", "yeast", "water"], True),
    (["mixed_grains", "yeast", "alcohol"], True),
    (["mixed_grains", "water", "alcohol"], True),
    (["mixed_grains", "alcohol", "alcohol"], True),
    (["yeast", "water", "alcohol"], False),
    (["mixed_grains", "yeast", "yeast"], False),
    (["mixed_grains", "water", "water"], False),
    (["mixed_grains", "alcohol"], False),
])
def test_a_washback_needs_a_sugar_and_two_of_yeast_water_alcohol(washback: list[str], valid: bool) -> None:
    state = distilling(["mixed_grains", "yeast", "yeast", "water", "water", "alcohol", "alcohol"])
    command = c.Distill(seat=0, washback=tuple(washback))
    if valid:
        assert one(when(state, command, Cut()), ev.SpiritDistilled).washback == tuple(washback)
    else:
        then_rejected(state, command, "invalid_washback", Cut())


def test_the_washback_comes_from_the_pantry() -> None:
    state = distilling(BASIC)
    then_rejected(state, c.Distill(seat=0, washback=("barley", "yeast", "water")), "not_in_pantry", Cut())
    then_rejected(state, c.Distill(seat=0, washback=("mixed_grains", "yeast", "water", "water")), "not_in_pantry",
                  Cut())
    then_rejected(state, c.Distill(seat=0, washback=("mixed_grains", "yeast", "metal_barrel")), "not_in_pantry",
                  Cut())


@pytest.mark.parametrize(("washback", "added"), [
    (["mixed_grains", "mixed_plants", "mixed_fruits", "yeast", "water"], 3),
    (["mixed_grains", "turbo_yeast", "water"], 2),
    (["mixed_grains", "alcohol", "alcohol"], 1),
])
def test_one_alcohol_is_added_per_sugar_and_one_more_for_turbo_yeast(washback: list[str], added: int) -> None:
    state = distilling(["mixed_grains", "mixed_plants", "mixed_fruits", "yeast", "turbo_yeast", "water",
                        "alcohol", "alcohol"])
    event = one(when(state, c.Distill(seat=0, washback=tuple(washback)), Cut()), ev.SpiritDistilled)
    assert event.alcohol_added == added
    assert len(event.spirit) + len(event.cut) == len(washback) + added


def test_the_top_and_bottom_cards_are_cut_back_to_the_pantry() -> None:
    state = distilling(["mixed_grains", "mixed_fruits", "yeast", "water", "barley"])
    events = when(state, c.Distill(seat=0, washback=("mixed_grains", "mixed_fruits", "yeast", "water")),
                  Cut(top="yeast", bottom="mixed_fruits"))
    assert events == [ev.SpiritDistilled(
        seat=0, round=1, washback=("mixed_grains", "mixed_fruits", "yeast", "water"), alcohol_added=2,
        cut=("yeast", "mixed_fruits"), spirit=("mixed_grains", "water", "alcohol", "alcohol"))]
    p = after(state, events).players[0]
    assert sorted(p.pantry) == ["barley", "mixed_fruits", "yeast"]
    assert p.distilled and p.pending is not None and p.pending.kind == "name_spirit"
    assert assert_legal_agree(after(state, events)) == 1  # Vodka in the metal barrel


def test_mountain_spring_water_cut_out_leaves_a_basic_water_in_the_spirit() -> None:
    state = distilling(["mixed_grains", "yeast", "mountain_spring_water"])
    event = one(when(state, c.Distill(seat=0, washback=("mixed_grains", "yeast", "mountain_spring_water")),
                     Cut(top="mountain_spring_water", bottom="yeast")), ev.SpiritDistilled)
    assert event.spirit == ("mixed_grains", "alcohol", "water")


def test_moonshine_when_every_sugar_is_cut() -> None:
    state = distilled(distilling(BASIC), BASIC, Cut(top="mixed_grains", bottom="yeast"))
    assert state.players[0].pending.cards == ["water", "alcohol"]  # type: ignore[union-attr]
    assert names(state) == {("moonshine", "metal_barrel", False)}
    then_rejected(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"), "recipe_mismatch")
    events = when(state, c.NameSpirit(seat=0, recipe="moonshine", barrel="metal_barrel"))
    named = one(events, ev.SpiritNamed)
    assert (named.recipe, named.label, named.spirit_id) == ("moonshine", None, 1)
    spirit = after(state, events).players[0].spirits[0]
    assert (spirit.recipe, spirit.cards, spirit.barrel) == ("moonshine", ["water", "alcohol"], "metal_barrel")


def test_a_forbidden_sugar_rules_a_recipe_out_but_vodka_remains() -> None:
    washback = ["mixed_fruits", "mixed_fruits", "mixed_grains", "yeast", "water"]
    start = distilling(washback, cubes=["gin"])
    kept_grain = distilled(start, washback, Cut(top="yeast", bottom="water"))
    assert names(kept_grain) == {("vodka", "metal_barrel", False)}
    then_rejected(kept_grain, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel"), "recipe_mismatch")
    cut_grain = distilled(start, washback, Cut(top="mixed_grains", bottom="water"))
    assert names(cut_grain) == {("vodka", "metal_barrel", False), ("gin", "metal_barrel", False)}
    assert one(when(cut_grain, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel")), ev.SpiritNamed).recipe \
        == "gin"


def test_a_recipe_needs_its_minimum_of_sugars_after_the_cut() -> None:
    washback = ["mixed_grains", "mixed_grains", "yeast", "water"]
    start = distilling(washback, cubes=["soju"])
    one_left = distilled(start, washback, Cut(top="mixed_grains", bottom="water"))
    then_rejected(one_left, c.NameSpirit(seat=0, recipe="soju", barrel="metal_barrel"), "recipe_mismatch")
    both_left = distilled(start, washback, Cut(top="yeast", bottom="water"))
    assert ("soju", "metal_barrel", False) in names(both_left)


def test_an_unknown_recipe_is_refused() -> None:
    state = distilled(distilling(["mixed_grains", "mixed_grains", "yeast", "water"]),
                      ["mixed_grains", "mixed_grains", "yeast", "water"], Cut(top="yeast", bottom="water"))
    then_rejected(state, c.NameSpirit(seat=0, recipe="soju", barrel="metal_barrel"), "unknown_recipe")
    then_rejected(state, c.NameSpirit(seat=0, recipe="shochu", barrel="metal_barrel"), "unknown_recipe")


def test_a_recipe_needs_a_free_barrel_of_its_type() -> None:
    game = Game(flight="C")
    start = distilling(BASIC, game=game, cubes=["shochu"])
    no_clay = distilled(start, BASIC, Cut(top="yeast", bottom="water"))
    assert names(no_clay) == {("vodka", "metal_barrel", False)}
    then_rejected(no_clay, c.NameSpirit(seat=0, recipe="shochu", barrel="metal_barrel"), "no_barrel")
    then_rejected(no_clay, c.NameSpirit(seat=0, recipe="shochu", barrel="clay_barrel"), "no_barrel")
    with_clay = distilled(distilling(BASIC, game=game, cubes=["shochu"],
                                     storeroom=["metal_barrel", "glass_bottle", "clay_barrel"]),
                          BASIC, Cut(top="yeast", bottom="water"))
    assert ("shochu", "clay_barrel", False) in names(with_clay)
    assert assert_legal_agree(with_clay) == 2
    new = play(with_clay, c.NameSpirit(seat=0, recipe="shochu", barrel="clay_barrel"))
    assert new.players[0].storeroom == ["metal_barrel", "glass_bottle"]
    assert new.players[0].spirits[0].barrel == "clay_barrel"


BOURBON = ["mixed_grains", "mixed_grains", "yeast", "water"]
WOOD = ["metal_barrel", "glass_bottle", "wood_barrel"]
JACQUELINE = Game(distillers=("jacqueline", "angus"))  # Straight Bourbon Whiskey, with Dent Corn


def test_a_signature_recipe_must_include_its_named_ingredient() -> None:
    without = distilled(distilling([*BOURBON, "mixed_grains"], game=JACQUELINE, storeroom=WOOD),
                        [*BOURBON, "mixed_grains"], Cut(top="yeast", bottom="water"))
    then_rejected(without, c.NameSpirit(seat=0, recipe="straight_bourbon_whiskey", barrel="wood_barrel"),
                  "recipe_mismatch")
    corn = distilled(distilling([*BOURBON, "corn"], game=JACQUELINE, storeroom=WOOD), [*BOURBON, "corn"],
                     Cut(top="yeast", bottom="water"))
    assert ("straight_bourbon_whiskey", "wood_barrel", False) in names(corn)
    then_rejected(corn, c.NameSpirit(seat=0, recipe="straight_bourbon_whiskey", barrel="metal_barrel"), "no_barrel")


def test_a_cut_signature_ingredient_may_be_put_back() -> None:
    washback = [*BOURBON, "dent_corn"]
    state = distilled(distilling(washback, game=JACQUELINE, storeroom=WOOD, signature_aside=False), washback,
                      Cut(top="dent_corn", bottom="yeast"))
    assert ("straight_bourbon_whiskey", "wood_barrel", True) in names(state)
    assert ("straight_bourbon_whiskey", "wood_barrel", False) not in names(state)
    then_rejected(state, c.NameSpirit(seat=0, recipe="straight_bourbon_whiskey", barrel="wood_barrel"),
                  "recipe_mismatch")
    assert assert_legal_agree(state) == len(names(state))
    new = play(state, c.NameSpirit(seat=0, recipe="straight_bourbon_whiskey", barrel="wood_barrel",
                                   restore_signature=True))
    p = new.players[0]
    assert "dent_corn" in p.spirits[0].cards and "dent_corn" not in p.pantry and p.signature_made


def test_a_signature_recipe_is_made_once_per_game() -> None:
    washback = ["rice", "mixed_grains", "mixed_grains", "yeast", "water"]
    game = Game(distillers=("jeong", "angus"))
    first = distilled(distilling(washback, game=game), washback, Cut(top="yeast", bottom="water"))
    assert ("andong_soju", "metal_barrel", False) in names(first)
    state = drive(play(first, c.NameSpirit(seat=0, recipe="andong_soju", barrel="metal_barrel")), at("market", 2))
    assert state.players[0].signature_made and state.players[0].sp > 0  # sold in round 1
    state = distilled(pass_market(with_player(state, 0, pantry=washback)), washback, Cut(top="yeast", bottom="water"))
    assert ("andong_soju", "metal_barrel", False) not in names(state)
    then_rejected(state, c.NameSpirit(seat=0, recipe="andong_soju", barrel="metal_barrel"), "unknown_recipe")


def test_a_player_may_skip_and_one_who_cannot_distill_is_skipped() -> None:
    state = Game().start()
    state = with_player(play(state, c.PassTurn(seat=0)), 0, pantry=BASIC)
    events = when(state, c.PassTurn(seat=1))
    assert ev.DistillSkipped(seat=1, automatic=True, round=1) in events
    assert ev.DistillSkipped(seat=0, automatic=True, round=1) not in events
    state = after(state, events)
    assert [a.type for a in legal_actions(state, 0)] == ["trade", "trade", "trade", "trade", "trade", "trade",
                                                         "distill", "skip_distill"]
    events = when(state, c.SkipDistill(seat=0))
    assert events[0] == ev.DistillSkipped(seat=0, round=1)
    assert next(e.phase for e in events if isinstance(e, ev.PhaseStarted)) == "sell"
    then_rejected(with_player(state, 0, distilled=True), c.SkipDistill(seat=0), "already_distilled")
    then_rejected(after(state, events), c.SkipDistill(seat=0), "wrong_phase")
