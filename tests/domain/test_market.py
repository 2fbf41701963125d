"""Market phase (RULES §3.3, §1.3, §1.9): purchases, passing, limits, the water reveal, slide and clean-up."""

from __future__ import annotations

from typing import Any

import pytest

from domain import commands as c
from domain import events as ev
from domain.catalogue import CARDS
from domain.legal import game_actions as legal_actions
from domain.state import GameState
from tests.domain.builders import (
    KEEP,
    Game,
    after,
    assert_legal_agree,
    edit,
    one,
    play,
    then_rejected,
    types,
    when,
    with_player,
)
from tests.domain.positions import at, drive


def _legal(state: GameState) -> list[Any]:
    return legal_actions(state, state.turn if state.turn is not None else 0)


def rich(money: int = 20, **game: object) -> GameState:
    """Round 1 Market, seat 0 to act with `money`."""
    return with_player(Game(**game).start(), 0, money=money)  # type: ignore[arg-type]


def test_a_basic_purchase_costs_its_price_and_passes_the_turn() -> None:
    state = Game().start()
    events = when(state, c.Buy(seat=0, source="basic", card="mixed_fruits"))
    assert events == [ev.CardBought(seat=0, source="basic", card="mixed_fruits", cost=2)]
    p = after(state, events).players[0]
    assert (p.money, p.pantry, p.basics_bought, after(state, events).turn) == (0, ["water", "mixed_fruits"], 1, 1)


def test_basic_yeast_pays_one_money() -> None:
    state = Game().start()
    events = when(state, c.Buy(seat=0, source="basic", card="yeast"))
    assert one(events, ev.CardBought).bonus_money == 1
    assert after(state, events).players[0].money == 3


def test_at_most_two_basic_cards_a_round_and_basic_barrels_count() -> None:
    state = play(rich(), c.Buy(seat=0, source="basic", card="wood_barrel"), c.PassTurn(seat=1),
                 c.Buy(seat=0, source="basic", card="clay_barrel"))
    assert state.turn == 0 and state.players[0].storeroom.count("wood_barrel") == 1
    then_rejected(state, c.Buy(seat=0, source="basic", card="mixed_grains"), "basic_limit")
    assert not any(a.type == "buy" and a.source == "basic" for a in _legal(state))
    assert assert_legal_agree(state) > 0
    assert one(when(state, c.Buy(seat=0, source="ingredients", card="corn")), ev.CardBought).cost == 4


def test_cannot_afford_and_unknown_choices_are_refused() -> None:
    state = Game(distillers=("jacqueline", "angus")).start()  # 2 money, no discount
    then_rejected(state, c.Buy(seat=0, source="basic", card="wood_barrel"), "cannot_afford")
    then_rejected(state, c.Buy(seat=0, source="ingredients", card="barley"), "cannot_afford")
    then_rejected(state, c.Buy(seat=0, source="ingredients", card="wheat"), "not_in_row")
    then_rejected(state, c.Buy(seat=0, source="basic", card="barley"), "not_basic")
    then_rejected(state, c.Buy(seat=0, source="basic", card="nonsense"), "unknown_card")


@pytest.mark.parametrize(("source", "card", "row_after", "zone"), [
    ("ingredients", "barley", ["millet", "corn", "rye", "grapes"], "pantry"),
    ("ingredients", "rye", ["millet", "barley", "corn", "grapes"], "pantry"),
    ("items", "kvevri_barrel", ["american_standard_barrel", "pirate_bottle", "american_standard_barrel",
                                "skull_bottle"], "storeroom"),
    ("items", "skull_bottle", ["american_standard_barrel", "pirate_bottle", "american_standard_barrel",
                               "kvevri_barrel"], "storeroom"),
    ("upgrades", "tropical_warehouse", ["biochemist", "spirit_safe", "worm_tub", "orchard"], "upgrades"),
])
def test_a_premium_purchase_slides_the_row_right_and_refills_slot_one(
        source: str, card: str, row_after: list[str], zone: str) -> None:
    state = rich(distillers=("jacqueline", "angus"))  # no discount on any of these
    events = when(state, c.Buy(seat=0, source=source, card=card))
    bought = one(events, ev.CardBought)
    assert (bought.card, bought.refill) == (card, row_after[0])
    new = after(state, events)
    assert new.rows[source] == row_after
    assert card in getattr(new.players[0], zone)
    assert len(new.decks[source]) == len(state.decks[source]) - 1
    assert bought.cost == CARDS[card].cost and new.players[0].money == 20 - bought.cost


def test_an_upgrade_fills_a_free_slot_and_a_fourth_replaces_one_which_goes_to_the_truck() -> None:
    state = rich()
    then_rejected(state, c.Buy(seat=0, source="upgrades", card="worm_tub", replace="orchard"), "slot_free")
    then_rejected(state, c.Buy(seat=0, source="ingredients", card="corn", replace="orchard"), "nothing_to_replace")
    full = with_player(state, 0, upgrades=["celebrity_promoter", "cooper", "coppersmith"])
    then_rejected(full, c.Buy(seat=0, source="upgrades", card="worm_tub"), "replace_required")
    then_rejected(full, c.Buy(seat=0, source="upgrades", card="worm_tub", replace="orchard"), "replace_required")
    replacements = [a.replace for a in _legal(full) if a.type == "buy" and a.card == "worm_tub"]
    assert replacements == ["celebrity_promoter", "cooper", "coppersmith"]
    events = when(full, c.Buy(seat=0, source="upgrades", card="worm_tub", replace="cooper"))
    assert one(events, ev.CardBought).replaced == "cooper"
    new = after(full, events)
    assert new.players[0].upgrades == ["celebrity_promoter", "coppersmith", "worm_tub"] and new.truck == ["cooper"]
    assert assert_legal_agree(full) > 20


@pytest.mark.parametrize(("recipe", "cost"), [("cachaca", 2), ("gin", 4), ("brandy", 6)])
def test_recipe_cubes_cost_2_4_6_by_tier(recipe: str, cost: int) -> None:
    state = rich(6)
    events = when(state, c.Buy(seat=0, source="cube", recipe=recipe))
    assert events == [ev.CardBought(seat=0, source="cube", recipe=recipe, cost=cost)]
    new = after(state, events)
    assert (new.players[0].cubes, new.players[0].money) == ([recipe], 6 - cost)
    assert new.turn == 1


def test_a_cube_must_be_in_the_flight_new_and_affordable() -> None:
    state = rich(5)
    then_rejected(state, c.Buy(seat=0, source="cube", recipe="aquavit"), "not_in_flight")
    then_rejected(state, c.Buy(seat=0, source="cube", recipe="vodka"), "not_in_flight")
    then_rejected(state, c.Buy(seat=0, source="cube", recipe="straight_bourbon_whiskey"), "not_in_flight")
    then_rejected(state, c.Buy(seat=0, source="cube", recipe="brandy"), "cannot_afford")
    then_rejected(with_player(state, 0, cubes=["gin"]), c.Buy(seat=0, source="cube", recipe="gin"), "cube_owned")


def test_only_the_player_on_turn_acts_and_passing_is_final() -> None:
    state = Game(players=3, first_player=1).start()
    then_rejected(state, c.Buy(seat=0, source="basic", card="yeast"), "not_your_turn")
    state = play(state, c.PassTurn(seat=1), c.Buy(seat=2, source="basic", card="yeast"),
                 c.Buy(seat=0, source="basic", card="yeast"))
    assert state.turn == 2  # seat 1 passed and is skipped from now on
    then_rejected(state, c.Buy(seat=1, source="basic", card="yeast"), "not_your_turn")
    then_rejected(state, c.PassTurn(seat=1), "not_your_turn")
    assert assert_legal_agree(state) > 0


def test_water_lets_the_buyer_reveal_a_premium_card_and_buy_it_in_the_same_turn() -> None:
    state = play(rich(), c.Buy(seat=0, source="basic", card="water"))
    assert (state.turn, state.players[0].pending.kind) == (0, "reveal_deck")  # type: ignore[union-attr]
    then_rejected(state, c.PassTurn(seat=0), "pending_choice")
    then_rejected(state, c.Buy(seat=0, source="basic", card="yeast"), "pending_choice")
    assert [a.type for a in _legal(state)] == ["reveal", "reveal", "reveal", "decline"]
    assert assert_legal_agree(state) == 4
    events = when(state, c.Reveal(seat=0, deck="ingredients"))
    assert events == [ev.CardRevealed(seat=0, deck="ingredients", card="millet")]
    revealed = after(state, events)
    then_rejected(revealed, c.Buy(seat=0, source="revealed", card="barley"), "wrong_card")
    assert assert_legal_agree(revealed) == 2
    events = when(revealed, c.Buy(seat=0, source="revealed", card="millet"))
    assert one(events, ev.CardBought).cost == 3
    bought = after(revealed, events)
    assert bought.players[0].pantry[-1] == "millet" and bought.players[0].money == 17
    assert bought.turn == 1 and bought.rows == state.rows
    assert len(bought.decks["ingredients"]) == len(state.decks["ingredients"]) - 1


def test_a_revealed_card_left_goes_to_the_bottom_of_its_deck() -> None:
    state = play(Game().start(), c.Buy(seat=0, source="basic", card="water"), c.Reveal(seat=0, deck="items"))
    then_rejected(state, c.Buy(seat=0, source="revealed"), "cannot_afford")  # 2 money, the card costs 5
    events = when(state, c.Decline(seat=0))
    assert events == [ev.RevealDeclined(seat=0, deck="items", card="american_standard_barrel")]
    new = after(state, events)
    assert new.decks["items"][0] == "american_standard_barrel" and new.turn == 1
    assert new.players[0].pending is None


def test_the_reveal_may_be_skipped_and_is_only_for_water() -> None:
    state = Game().start()
    then_rejected(state, c.Reveal(seat=0, deck="items"), "no_reveal")
    then_rejected(state, c.Decline(seat=0), "nothing_to_decline")
    then_rejected(state, c.Buy(seat=0, source="revealed"), "nothing_revealed")
    state = play(state, c.Buy(seat=0, source="basic", card="water"))
    events = when(state, c.Decline(seat=0))
    assert events == [ev.RevealDeclined(seat=0)]
    assert after(state, events).turn == 1


def test_clean_up_discards_the_rightmost_card_of_each_row_and_refills_from_the_left() -> None:
    state = play(Game(players=3).start(), c.PassTurn(seat=0), c.PassTurn(seat=1))
    events = when(state, c.PassTurn(seat=2))
    cleaned = one(events, ev.MarketCleanedUp)
    assert cleaned.discarded == {"upgrades": ("tropical_warehouse",), "ingredients": ("grapes",),
                                 "items": ("skull_bottle",)}
    assert cleaned.refills == {"upgrades": ("biochemist",), "ingredients": ("millet",),
                               "items": ("american_standard_barrel",)}
    new = after(state, events)
    assert new.rows["ingredients"] == ["millet", "barley", "corn", "rye"]
    assert sorted(new.truck) == ["grapes", "skull_bottle", "tropical_warehouse"]


def test_with_two_players_clean_up_discards_two_cards_per_row() -> None:
    state = play(Game().start(), c.PassTurn(seat=0))
    events = when(state, c.PassTurn(seat=1))
    cleaned = one(events, ev.MarketCleanedUp)
    assert cleaned.discarded["ingredients"] == ("grapes", "rye")
    assert cleaned.refills["ingredients"] == ("millet", "millet")
    new = after(state, events)
    assert new.rows["upgrades"] == ["cooper", "biochemist", "spirit_safe", "worm_tub"]
    assert sorted(new.truck) == sorted(["tropical_warehouse", "orchard", "grapes", "rye", "skull_bottle",
                                        "kvevri_barrel"])


def test_an_empty_deck_is_rebuilt_from_its_truck_cards() -> None:
    state = edit(rich(decks={"ingredients": ()}), lambda s: s.truck.extend(["figs", "apples", "pirate_bottle"]))
    events = when(state, c.Buy(seat=0, source="ingredients", card="barley"), KEEP)
    assert types(events) == ["deck_reshuffled", "card_bought"]
    assert events[0] == ev.DeckReshuffled(deck="ingredients", order=("figs", "apples"))
    assert one(events, ev.CardBought).refill == "apples"
    new = after(state, events)
    assert new.truck == ["pirate_bottle"] and new.decks["ingredients"] == ["figs"]
    assert new.rows["ingredients"] == ["apples", "corn", "rye", "grapes"]


def test_clean_up_also_rebuilds_a_short_deck_from_the_truck() -> None:
    state = edit(Game(decks={"items": ("jug",)}).start(), lambda s: s.truck.extend(["mason_jar"]))
    state = play(state, c.PassTurn(seat=0))
    events = when(state, c.PassTurn(seat=1), KEEP)
    assert ev.DeckReshuffled(deck="items", order=("mason_jar",)) in events
    assert one(events, ev.MarketCleanedUp).refills["items"] == ("jug", "mason_jar")


def test_the_basic_limit_starts_again_each_round() -> None:
    state = play(rich(), c.Buy(seat=0, source="basic", card="yeast"), c.PassTurn(seat=1),
                 c.Buy(seat=0, source="basic", card="yeast"))
    then_rejected(state, c.Buy(seat=0, source="basic", card="yeast"), "basic_limit")
    state = drive(play(state, c.PassTurn(seat=0)), at("market", 2))
    assert state.players[0].basics_bought == 0 and state.turn == 1
    state = play(state, c.PassTurn(seat=1))
    assert one(when(state, c.Buy(seat=0, source="basic", card="yeast")), ev.CardBought).bonus_money == 1


def test_a_reveal_from_an_empty_deck_rebuilds_it_from_the_truck_or_is_refused() -> None:
    state = play(rich(decks={"items": ()}), c.Buy(seat=0, source="basic", card="water"))
    then_rejected(state, c.Reveal(seat=0, deck="items"), "empty_deck")
    assert [a.type for a in _legal(state)] == ["reveal", "reveal", "decline"]
    state = edit(state, lambda s: s.truck.extend(["jug", "corn"]))
    events = when(state, c.Reveal(seat=0, deck="items"), KEEP)
    assert events == [ev.DeckReshuffled(deck="items", order=("jug",)), ev.CardRevealed(seat=0, deck="items",
                                                                                       card="jug")]
    assert after(state, events).truck == ["corn"]
