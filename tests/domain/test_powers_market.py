"""Market powers (RULES §3.3, §5.11): once-per-round discounts that stack (floor 0, base cost above 0 only),
saved on request; Nisha's third basic card; Gunnhild's money for basic Water."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.state import GameState
from tests.domain.builders import Game, after, assert_legal_agree, one, play, then_rejected, when, with_player

NEUTRAL = "guillermo"  # no Market power


def market(distiller: str = NEUTRAL, upgrades: tuple[str, ...] = (), money: int = 20, **game: object) -> GameState:
    """Round 1's Market, seat 0 to act."""
    state = Game(distillers=(distiller, "angus"), **game).start()  # type: ignore[arg-type]
    return with_player(state, 0, upgrades=list(upgrades), money=money)


def paid(state: GameState, command: c.Buy) -> ev.CardBought:
    bought: ev.CardBought = one(when(state, command), ev.CardBought)
    return bought


@pytest.mark.parametrize(("power", "source", "card", "cost"), [
    ("ajani", "items", "skull_bottle", 5 - 1),
    ("etienne", "upgrades", "worm_tub", 6 - 2),
    ("pilar", "items", "kvevri_barrel", 6 - 2),
    ("pilar", "basic", "wood_barrel", 4 - 2),
    ("mother_mary", "basic", "mixed_fruits", 2 - 1),
    ("mother_mary", "basic", "clay_barrel", 3 - 1),
    ("jeong", "ingredients", "barley", 4 - 2),
    ("jeong", "basic", "mixed_plants", 0),
    ("large_storage", "items", "skull_bottle", 5 - 1),
    ("large_storage", "basic", "clay_barrel", 3 - 1),
    ("malt_mill", "ingredients", "grapes", 6 - 2),
    ("glassworks", "items", "pirate_bottle", 3 - 2),
    ("glassblower", "items", "pirate_bottle", 3 - 1),
    ("architect", "upgrades", "orchard", 5 - 2),
    ("cooper", "items", "american_standard_barrel", 5 - 2),
])
def test_each_discount_takes_its_amount_off_one_matching_purchase(power: str, source: str, card: str,
                                                                  cost: int) -> None:
    state = market(power) if power in ("ajani", "etienne", "pilar", "mother_mary", "jeong") else market(
        upgrades=(power,))
    bought = paid(state, c.Buy(seat=0, source=source, card=card))
    assert (bought.cost, bought.discounts) == (cost, (power,))
    p = after(state, when(state, c.Buy(seat=0, source=source, card=card))).players[0]
    assert p.money == 20 - cost and power in p.powers_used


def test_intern_researcher_takes_2_off_a_recipe_cube() -> None:
    bought = paid(market(upgrades=("intern_researcher",)), c.Buy(seat=0, source="cube", recipe="gin"))
    assert (bought.cost, bought.discounts) == (4 - 2, ("intern_researcher",))


@pytest.mark.parametrize(("power", "source", "card"), [
    ("ajani", "items", "kvevri_barrel"), ("pilar", "items", "skull_bottle"), ("jeong", "items", "pirate_bottle"),
    ("mother_mary", "ingredients", "barley"), ("mother_mary", "basic", "yeast"), ("jeong", "basic", "water"),
    ("etienne", "ingredients", "rye")])
def test_a_discount_applies_only_to_its_kind_of_card_and_never_to_a_free_card(power: str, source: str,
                                                                              card: str) -> None:
    assert paid(market(power), c.Buy(seat=0, source=source, card=card)).discounts == ()


def test_discounts_stack_and_a_discount_that_would_be_wasted_is_kept() -> None:
    state = market("ajani", upgrades=("glassworks", "glassblower"))
    assert (paid(state, c.Buy(seat=0, source="items", card="skull_bottle")).cost) == 5 - 1 - 2 - 1
    bought = paid(state, c.Buy(seat=0, source="items", card="pirate_bottle"))  # 3: Glassworks and one more
    assert (bought.cost, bought.discounts) == (0, ("ajani", "glassworks"))
    state = play(state, c.Buy(seat=0, source="items", card="pirate_bottle"), c.PassTurn(seat=1))
    assert paid(state, c.Buy(seat=0, source="items", card="skull_bottle")).discounts == ("glassblower",)


def test_the_price_never_goes_below_zero() -> None:
    items = ("plastic_liter_bottle", "pirate_bottle", "kvevri_barrel", "skull_bottle")
    bought = paid(market(upgrades=("glassworks",), rows={"items": items}),
                  c.Buy(seat=0, source="items", card="plastic_liter_bottle"))
    assert (bought.cost, bought.discounts) == (0, ("glassworks",))


def test_each_discount_is_used_once_a_round() -> None:
    state = market("ajani", decks={"items": ("jug", "half_bottle", "rounded_bottle", "faceted_bottle")})
    state = play(state, c.Buy(seat=0, source="items", card="pirate_bottle"), c.PassTurn(seat=1))
    assert paid(state, c.Buy(seat=0, source="items", card="skull_bottle")).cost == 5
    state = play(state, c.PassTurn(seat=0))  # nobody can distill: round 2 starts at once
    assert (state.round, state.phase, state.turn) == (2, "market", 1)
    state = with_player(play(state, c.PassTurn(seat=1)), 0, money=20)
    assert paid(state, c.Buy(seat=0, source="items", card="faceted_bottle")).cost == 3 - 1


def test_discounts_may_be_saved_for_a_later_purchase() -> None:
    state = market("ajani")
    full = paid(state, c.Buy(seat=0, source="items", card="pirate_bottle", save_discounts=True))
    assert (full.cost, full.discounts) == (3, ())
    state = play(state, c.Buy(seat=0, source="items", card="pirate_bottle", save_discounts=True), c.PassTurn(seat=1))
    assert paid(state, c.Buy(seat=0, source="items", card="skull_bottle")).cost == 4
    then_rejected(state, c.Buy(seat=0, source="ingredients", card="barley", save_discounts=True), "no_discount")


def test_legal_actions_price_with_discounts_and_offer_saving_them_when_affordable() -> None:
    state = market("ajani", money=4)
    bottles = [a for a in legal_actions(state, 0) if a.type == "buy" and a.source == "items"]
    assert bottles == [c.Buy(seat=0, source="items", card="pirate_bottle"),
                       c.Buy(seat=0, source="items", card="pirate_bottle", save_discounts=True),
                       c.Buy(seat=0, source="items", card="skull_bottle")]  # 5 - 1: affordable only discounted
    assert not any(a.card == "american_standard_barrel" for a in bottles)  # 5: no bottle, no discount
    assert assert_legal_agree(state) == len(legal_actions(state, 0))
    then_rejected(state, c.Buy(seat=0, source="items", card="skull_bottle", save_discounts=True), "cannot_afford")


def test_the_water_reveal_purchase_may_use_discounts() -> None:
    state = play(market("pilar", money=3), c.Buy(seat=0, source="basic", card="water"),
                 c.Reveal(seat=0, deck="items"))
    assert state.players[0].pending.card == "american_standard_barrel"  # type: ignore[union-attr]
    assert legal_actions(state, 0) == [c.Buy(seat=0, source="revealed", card="american_standard_barrel"),
                                       c.Decline(seat=0)]
    bought = paid(state, c.Buy(seat=0, source="revealed", card="american_standard_barrel"))
    assert (bought.cost, bought.discounts) == (5 - 2, ("pilar",))


def test_nisha_buys_3_basic_cards_a_round() -> None:
    state = play(market("nisha"), c.PassTurn(seat=0), c.PassTurn(seat=1))  # round 2: seat 1 first
    state = with_player(play(state, c.PassTurn(seat=1)), 0, money=20)
    for _ in range(3):
        state = play(state, c.Buy(seat=0, source="basic", card="mixed_grains"))
        assert state.turn == 0
    assert state.players[0].basics_bought == 3
    assert not any(a.type == "buy" and a.source == "basic" for a in legal_actions(state, 0))
    then_rejected(state, c.Buy(seat=0, source="basic", card="yeast"), "basic_limit")
    then_rejected(play(market(), c.Buy(seat=0, source="basic", card="yeast"), c.PassTurn(seat=1),
                       c.Buy(seat=0, source="basic", card="yeast")), c.Buy(seat=0, source="basic", card="yeast"),
                  "basic_limit")


def test_gunnhild_gains_1_money_for_each_basic_water_bought() -> None:
    state = market("gunnhild", money=3)
    water = paid(state, c.Buy(seat=0, source="basic", card="water"))
    assert water.bonus_money == 1
    assert after(state, when(state, c.Buy(seat=0, source="basic", card="water"))).players[0].money == 4
    assert paid(state, c.Buy(seat=0, source="basic", card="yeast")).bonus_money == 1  # the Yeast's own bonus
    assert paid(market(money=3), c.Buy(seat=0, source="basic", card="water")).bonus_money == 0
