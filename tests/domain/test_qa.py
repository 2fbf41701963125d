"""The rules Q&A of seeds/000 (RULES.md, under the decisions table), one test or more per question.

RULES §6 engine cases live beside the rule they test: Moonshine when every sugar is cut and the forbidden
sugar (test_distill), the alcohol-only washback (test_distill), the 2-player double clean-up (test_market),
the flavor bonus table (test_sale_value), the award split (test_awards_goals), the tasting floor
(test_age_round_end), money 5:1 and bottle sets (test_scoring), the round-7 aged spirit (test_age_round_end)
and the worked example (test_sale_value). Tropical Warehouse's +1 flavor is in test_powers_sale.
"""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.state import GameState
from tests.domain.builders import (
    Cut,
    Game,
    add_spirit,
    after,
    assert_legal_agree,
    one,
    play,
    then_rejected,
    when,
    with_player,
)
from tests.domain.positions import OLD, at, distilling, drive, pass_market, selling

GRAINS = ["mixed_grains", "mixed_grains", "yeast", "water"]
FRUITS = ["mixed_fruits", "mixed_fruits", "yeast", "water"]


def recipes(state: GameState) -> set[str]:
    return {a.recipe for a in legal_actions(state, 0) if a.type == "name_spirit"}


def test_qa_same_round_sale_non_aged_must_sell_aged_must_wait_then_may_sell_or_keep_aging() -> None:
    vodka = selling("vodka")
    then_rejected(vodka, c.PassTurn(seat=0), "must_sell")
    whiskey = selling("whiskey", aging=[OLD])  # the new Whiskey is spirit 2
    then_rejected(whiskey, c.Sell(seat=0, spirit=2, bottle="glass_bottle"), "must_age_first")
    state = drive(play(whiskey, c.PassTurn(seat=0)), at("sell", 2))
    fresh = state.players[0].spirit(2)
    assert fresh is not None and (fresh.warehouse, len(fresh.flavors)) == (2, 1)  # one hidden flavor from Age
    assert c.Sell(seat=0, spirit=2, bottle="glass_bottle") in legal_actions(state, 0)
    assert c.PassTurn(seat=0) in legal_actions(state, 0)
    kept = drive(play(state, c.PassTurn(seat=0)), at("market", 3))
    assert len(kept.players[0].spirit(2).flavors) == 2  # type: ignore[union-attr]


def test_qa_the_cut_comes_first_and_recipes_are_checked_on_what_survives() -> None:
    start = distilling(FRUITS, cubes=["gin"])
    exact = play(start, c.Distill(seat=0, washback=tuple(FRUITS)), rng=Cut(top="mixed_fruits", bottom="water"))
    assert exact.players[0].pending.cut == ["mixed_fruits", "water"]  # type: ignore[union-attr]
    assert recipes(exact) == {"vodka"}  # the minimum of 2 fruits no longer holds
    then_rejected(exact, c.NameSpirit(seat=0, recipe="gin", barrel="metal_barrel"), "recipe_mismatch")
    lucky = play(start, c.Distill(seat=0, washback=tuple(FRUITS)), rng=Cut(top="yeast", bottom="alcohol"))
    assert recipes(lucky) == {"vodka", "gin"}


def test_qa_a_batch_that_no_longer_fits_still_makes_vodka_or_moonshine() -> None:
    start = distilling(["mixed_fruits", "yeast", "water"], cubes=["gin"])
    washback = ("mixed_fruits", "yeast", "water")
    some_sugar = play(start, c.Distill(seat=0, washback=washback), rng=Cut(top="yeast", bottom="water"))
    assert recipes(some_sugar) == {"vodka"}
    no_sugar = play(start, c.Distill(seat=0, washback=washback), rng=Cut(top="mixed_fruits", bottom="water"))
    assert recipes(no_sugar) == {"moonshine"}
    assert assert_legal_agree(no_sugar) == 1
    events = when(no_sugar, c.NameSpirit(seat=0, recipe="moonshine", barrel="metal_barrel"))
    assert one(events, ev.SpiritNamed).recipe == "moonshine"


def test_qa_alcohol_need_not_remain_and_cut_alcohol_is_reused_later() -> None:
    state = distilling(["mixed_grains", "yeast", "water"])
    state = play(state, c.Distill(seat=0, washback=("mixed_grains", "yeast", "water")),
                 rng=Cut(top="alcohol", bottom="yeast"))
    assert state.players[0].pending.cards == ["mixed_grains", "water"]  # type: ignore[union-attr]
    assert recipes(state) == {"vodka"}
    state = play(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"))
    assert sorted(state.players[0].pantry) == ["alcohol", "yeast"]
    state = drive(state, at("market", 2))
    state = distilling(start=with_player(state, 0, pantry=["alcohol", "alcohol", "mixed_plants"]))
    events = when(state, c.Distill(seat=0, washback=("mixed_plants", "alcohol", "alcohol")), Cut())
    assert one(events, ev.SpiritDistilled).alcohol_added == 1


def test_qa_the_trade_reopens_nothing() -> None:
    state = distilling(["barley", "mixed_grains", "yeast", "water"], basics_bought=2)
    then_rejected(state, c.Trade(seat=0, give="barley", take="wood_barrel"), "cannot_take")
    then_rejected(state, c.Trade(seat=0, give="barley", take="pirate_bottle"), "cannot_take")
    then_rejected(state, c.Trade(seat=0, give="yeast", take="water"), "cannot_give")
    then_rejected(state, c.Trade(seat=0, give="metal_barrel", take="water"), "cannot_give")
    traded = play(state, c.Trade(seat=0, give="barley", take="yeast"))
    p = traded.players[0]
    assert (p.money, p.basics_bought, p.passed) == (state.players[0].money, 2, state.players[0].passed)
    then_rejected(traded, c.Buy(seat=0, source="basic", card="yeast"), "wrong_phase")
    then_rejected(traded, c.Trade(seat=0, give="water", take="yeast"), "already_traded")


def test_qa_both_warehouses_full_means_selling_an_older_batch_first() -> None:
    state = selling("whiskey", aging=[OLD, OLD])
    then_rejected(state, c.PassTurn(seat=0), "must_sell")
    state = play(state, c.Sell(seat=0, spirit=2, bottle="glass_bottle"), c.PlaceLabel(seat=0, space=0, take_sp=True))
    state = play(state, c.PassTurn(seat=0))
    assert legal_actions(state, 0) == [c.Age(seat=0, warehouse=2)]
    stored = after(state, when(state, c.Age(seat=0, warehouse=2)))
    assert sorted(s.warehouse for s in stored.players[0].spirits) == [1, 2]


def test_qa_several_players_meeting_one_award_split_it_and_aging_labels_count() -> None:
    state = Game(awards=("land_grab", "sweet", "proof_120"), distillers=("pilar", "anne")).start()
    # Pilar (Americas): a placed Gin (Europe) + a labelled Whiskey (Home) aging = 2 regions.
    state = add_spirit(with_player(state, 0, label_spaces=["gin", None, None, None, None, None, None]), 0, **OLD)
    # Anne (Europe): a placed Cachaca (Americas) + a labelled Whiskey (Home) aging = 2 regions.
    state = add_spirit(with_player(state, 1, label_spaces=["cachaca", None, None, None, None, None, None]), 1,
                       **OLD)
    state = play(pass_market(state), c.PassTurn(seat=0))
    events = when(state, c.PassTurn(seat=1))
    assert one(events, ev.AwardsScored) == ev.AwardsScored(round=1, awards={"land_grab": (0, 1)},
                                                           shares={"land_grab": 3})
    assert [p.sp for p in after(state, events).players] == [3, 3]
