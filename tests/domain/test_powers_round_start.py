"""Round-start powers (RULES §3.2, §1.5.3, §1.11): free basic cards and money at once, then the choices of
Jacqueline Booker, Co-op Manager, Fang Xin, Market Buyer and Trucker in a "round_start" phase."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.legal import to_act
from domain.redact import redact
from domain.state import GameState
from domain.view import view
from tests.domain.builders import (
    Game,
    add_spirit,
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
from tests.domain.positions import OLD, next_round

JACQUELINE = Game(distillers=("jacqueline", "angus"))
FANG_XIN = Game(distillers=("fang_xin", "angus"))


def round_2(upgrades: list[str], money: int = 2, game: Game | None = None) -> tuple[list[object], GameState]:
    """Seat 0 holds `upgrades` from round 1 on; the events that start round 2 and the state then."""
    return next_round(with_player((game or Game()).start(), 0, upgrades=upgrades, money=money, pantry=[]))


@pytest.mark.parametrize(("upgrade", "card"), [
    ("orchard", "mixed_fruits"), ("natural_spring", "water"), ("greenhouse", "mixed_plants"),
    ("farmer", "mixed_grains"), ("biochemist", "yeast")])
def test_an_upgrade_gives_its_free_basic_card_at_round_start(upgrade: str, card: str) -> None:
    events, state = round_2([upgrade])
    assert ev.CardGained(seat=0, card=card, power=upgrade) in events
    p = state.players[0]
    assert (state.phase, p.pantry, p.money, p.basics_bought, p.pending) == ("market", [card], 2, 0, None)
    state = play(state, c.PassTurn(seat=1))  # round 2: seat 1 opens the Market
    assert [a.card for a in legal_actions(state, 0) if a.type == "buy" and a.source == "basic"]  # limit untouched


def test_sakai_gains_1_money_every_round_start_round_1_included() -> None:
    history = Game(distillers=("sakai", "angus")).history()
    assert ev.MoneyGained(seat=0, money=1, power="sakai") in history
    state = Game(distillers=("sakai", "angus")).start()
    assert state.players[0].money == 2 + 1
    events, state = next_round(state)
    assert ev.MoneyGained(seat=0, money=1, power="sakai") in events and state.players[0].money == 4


def test_tour_guide_gains_1_money_and_private_investor_2_with_a_spirit_in_a_warehouse() -> None:
    events, state = round_2(["tour_guide", "private_investor"])
    assert ev.MoneyGained(seat=0, money=1, power="tour_guide") in events
    assert not any(isinstance(e, ev.MoneyGained) and e.power == "private_investor" for e in events)
    assert state.players[0].money == 3
    aging = add_spirit(with_player(Game().start(), 0, upgrades=["private_investor"]), 0, **OLD)
    events, state = next_round(aging)
    assert ev.MoneyGained(seat=0, money=2, power="private_investor") in events


def test_automatic_effects_resolve_in_turn_order_from_the_first_player() -> None:
    state = with_player(with_player(Game().start(), 0, upgrades=["orchard"]), 1, upgrades=["farmer"])
    events, state = next_round(state)
    assert state.first_player == 1
    gains = [e for e in events if isinstance(e, ev.CardGained)]
    assert [(g.seat, g.card) for g in gains] == [(1, "mixed_grains"), (0, "mixed_fruits")]


def test_jacqueline_chooses_a_basic_water_or_yeast_before_the_market_opens() -> None:
    history = JACQUELINE.history()
    assert types(history)[-2:] == ["phase_started", "power_offered"]
    assert history[-1] == ev.PowerOffered(seat=0, power="jacqueline", kind="gain_basic")
    state = JACQUELINE.opening()
    assert (state.phase, to_act(state)) == ("round_start", [0])
    assert legal_actions(state, 0) == [c.Gain(seat=0, card="water"), c.Gain(seat=0, card="yeast")]
    assert legal_actions(state, 1) == []
    assert assert_legal_agree(state) == 2
    then_rejected(state, c.Gain(seat=0, card="mixed_grains"), "gain_choice")
    then_rejected(state, c.Gain(seat=1, card="water"), "no_round_start_choice")
    then_rejected(state, c.PassTurn(seat=0), "wrong_phase")
    then_rejected(state, c.Buy(seat=0, source="basic", card="yeast"), "wrong_phase")
    then_rejected(state, c.Decline(seat=0), "no_round_start_choice")
    events = when(state, c.Gain(seat=0, card="yeast"))
    assert events == [ev.CardGained(seat=0, card="yeast", power="jacqueline"),
                      ev.PhaseStarted(phase="market", turn=0)]
    p = after(state, events).players[0]
    assert (p.pantry, p.money, p.basics_bought, p.pending) == (["yeast", "yeast"], 2, 0, None)


def test_co_op_manager_chooses_any_basic_ingredient() -> None:
    _, state = round_2(["co_op_manager"])
    assert state.phase == "round_start"
    assert [a.card for a in legal_actions(state, 0)] == ["yeast", "water", "mixed_grains", "mixed_plants",
                                                         "mixed_fruits"]
    then_rejected(state, c.Gain(seat=0, card="clay_barrel"), "gain_choice")
    assert after(state, when(state, c.Gain(seat=0, card="mixed_fruits"))).players[0].pantry == ["mixed_fruits"]


def test_fang_xin_looks_at_the_top_2_of_a_deck_buys_one_and_the_other_goes_to_the_bottom() -> None:
    state = FANG_XIN.opening()
    assert [a.type for a in legal_actions(state, 0)] == ["look", "look", "look", "decline"]
    events = when(state, c.Look(seat=0, deck="upgrades"))
    assert events == [ev.DeckLooked(seat=0, deck="upgrades", cards=("biochemist", "cooper"))]
    looked = after(state, events)
    assert looked.players[0].pending.cards == ["biochemist", "cooper"]  # type: ignore[union-attr]
    assert len(looked.decks["upgrades"]) == len(state.decks["upgrades"]) - 2
    assert legal_actions(looked, 0) == [c.Buy(seat=0, source="looked", card="biochemist"),
                                        c.Buy(seat=0, source="looked", card="cooper"), c.Decline(seat=0)]
    assert assert_legal_agree(looked) == 3
    then_rejected(looked, c.Buy(seat=0, source="looked", card="spirit_safe"), "wrong_card")
    events = when(looked, c.Buy(seat=0, source="looked", card="cooper"))
    assert events[0] == ev.CardBought(seat=0, source="looked", card="cooper", cost=5)
    bought = after(looked, events)
    p = bought.players[0]
    assert (p.upgrades, p.money, bought.phase, bought.turn) == (["cooper"], 0, "market", 0)
    assert bought.decks["upgrades"][0] == "biochemist"  # under the deck
    assert bought.rows == state.rows


def test_what_is_looked_at_is_seen_by_its_owner_only() -> None:
    state = FANG_XIN.opening()
    events = when(state, c.Look(seat=0, deck="upgrades"))
    looked = after(state, events)
    assert redact(events[0], 1, looked)["cards"] == 2 and redact(events[0], None, looked)["cards"] == 2
    assert redact(events[0], 0, looked)["cards"] == ["biochemist", "cooper"]
    assert view(looked, 0)["players"][0]["pending"]["cards"] == ["biochemist", "cooper"]
    assert "pending" not in view(looked, 1)["players"][0]


def test_cards_looked_at_and_left_both_go_under_the_deck_and_looking_may_be_declined() -> None:
    state = play(FANG_XIN.opening(), c.Look(seat=0, deck="upgrades"))
    events = when(state, c.Decline(seat=0))
    assert events[0] == ev.PowerDeclined(seat=0, power="fang_xin")
    new = after(state, events)
    assert new.decks["upgrades"][:2] == ["biochemist", "cooper"] and new.phase == "market"
    unseen = FANG_XIN.opening()
    new = after(unseen, when(unseen, c.Decline(seat=0)))
    assert new.decks == unseen.decks and new.phase == "market"


def test_a_round_start_purchase_uses_discounts_which_are_then_spent_for_the_market() -> None:
    state = with_player(play(FANG_XIN.opening(), c.Look(seat=0, deck="upgrades")), 0, upgrades=["architect"])
    events = when(state, c.Buy(seat=0, source="looked", card="cooper"))
    assert one(events, ev.CardBought).cost == 5 - 2 and one(events, ev.CardBought).discounts == ("architect",)
    market = with_player(after(state, events), 0, money=20)
    assert one(when(market, c.Buy(seat=0, source="upgrades", card="worm_tub")), ev.CardBought).cost == 6


def test_market_buyer_looks_at_the_top_3() -> None:
    _, state = round_2(["market_buyer"], money=10)
    state = play(state, c.Look(seat=0, deck="ingredients"))
    assert state.players[0].pending.cards == ["barley", "rice", "rice"]  # type: ignore[union-attr]
    assert {a.card for a in legal_actions(state, 0) if a.type == "buy"} == {"rice", "barley"}
    new = play(state, c.Buy(seat=0, source="looked", card="barley"))
    assert new.players[0].pantry == ["barley"] and new.players[0].money == 10 - 4
    assert new.decks["ingredients"][:2] == ["rice", "rice"]


def test_trucker_may_buy_one_truck_card_at_its_cost_with_discounts() -> None:
    _, state = round_2(["trucker"], money=10)  # the 2-player clean-up filled the truck
    assert state.players[0].pending.kind == "truck"  # type: ignore[union-attr]
    buys = {a.card: a for a in legal_actions(state, 0) if a.type == "buy"}
    assert set(buys) == {"orchard", "grapes", "rye", "skull_bottle", "kvevri_barrel", "tropical_warehouse"}
    assert assert_legal_agree(state) == len(legal_actions(state, 0))
    then_rejected(state, c.Buy(seat=0, source="truck", card="barley"), "wrong_card")
    events = when(state, c.Buy(seat=0, source="truck", card="kvevri_barrel"))
    assert one(events, ev.CardBought) == ev.CardBought(seat=0, source="truck", card="kvevri_barrel", cost=6 - 2,
                                                       discounts=("pilar",))
    new = after(state, events)
    assert "kvevri_barrel" not in new.truck and "kvevri_barrel" in new.players[0].storeroom
    assert new.phase == "market"
    declined = after(state, when(state, c.Decline(seat=0)))
    assert declined.truck == state.truck and declined.phase == "market"


def test_trucker_is_not_asked_when_nothing_in_the_truck_is_affordable() -> None:
    events, state = round_2(["trucker"], money=0)
    assert state.phase == "market" and not any(isinstance(e, ev.PowerOffered) for e in events)


def test_choices_come_in_turn_order_from_the_first_player() -> None:
    state = Game(distillers=("jacqueline", "fang_xin"), first_player=1).opening()
    assert to_act(state) == [1] and state.players[1].pending.power == "fang_xin"  # type: ignore[union-attr]
    state = play(state, c.Decline(seat=1))
    assert to_act(state) == [0] and state.players[0].pending.power == "jacqueline"  # type: ignore[union-attr]
    state = play(state, c.Gain(seat=0, card="water"))
    assert (state.phase, state.turn) == ("market", 1)


def test_an_upgrade_bought_at_round_start_acts_from_the_next_round() -> None:
    _, state = round_2(["trucker"], money=10)

    def to_truck(s: GameState) -> None:
        s.decks["upgrades"].remove("market_buyer")
        s.truck.append("market_buyer")

    state = edit(state, to_truck)
    state = play(state, c.Buy(seat=0, source="truck", card="market_buyer"))
    assert state.phase == "market"  # Market Buyer waits for round 3
    events, state = next_round(with_player(state, 0, money=10))
    offered = [e.power for e in events if isinstance(e, ev.PowerOffered)]
    assert offered == ["trucker"] and state.phase == "round_start"
    state = play(state, c.Decline(seat=0))
    assert state.players[0].pending.power == "market_buyer"  # type: ignore[union-attr]
