"""Taking a move back (docs/adr/0011): the last command, while it revealed nothing and no other seat acted."""

from __future__ import annotations

import random
from dataclasses import replace

from domain import commands as c
from domain import events as ev
from domain.decider import decide, execute
from domain.legal import legal_actions
from domain.state import GameState
from domain.take_back import quiet
from domain.view import view
from tests.domain.builders import Game, then_rejected, types, with_player
from tests.domain.positions import BASIC, distilling

RNG = random.Random(0)


def run(state: GameState, *commands: c.Command) -> GameState:
    for command in commands:
        state = execute(state, command, RNG)[1]
    return state


def test_a_quiet_basic_purchase_is_taken_back_and_money_and_cards_are_restored() -> None:
    start = Game(players=3).start()
    bought = run(start, c.Buy(seat=0, source="basic", card="yeast"))
    assert c.TakeBack(seat=0) in legal_actions(bought, 0)
    assert all(c.TakeBack(seat=q) not in legal_actions(bought, q) for q in (1, 2))
    events, back = execute(bought, c.TakeBack(seat=0))
    assert types(events) == ["move_taken_back"]
    assert back == replace(start, undo=None)
    assert back.players[0].money == start.players[0].money and back.players[0].pantry == start.players[0].pantry
    assert back.turn == 0 and c.TakeBack(seat=0) not in legal_actions(back, 0)  # one step only


def test_the_quiet_commit_starts_with_its_undo_point_and_the_next_one_lapses_it() -> None:
    start = Game(players=3).start()
    events = decide(start, c.Buy(seat=0, source="basic", card="yeast"), RNG)
    assert types(events) == ["undo_point_set", "card_bought"]
    bought = run(start, c.Buy(seat=0, source="basic", card="yeast"))
    refill = decide(with_player(bought, 1, money=20), c.Buy(seat=1, source="ingredients", card="corn"), RNG)
    assert types(refill)[0] == "undo_point_cleared"


def test_a_row_purchase_that_draws_a_refill_is_not_offered_and_is_refused() -> None:
    bought = run(with_player(Game(players=3).start(), 0, money=20), c.Buy(seat=0, source="ingredients", card="corn"))
    assert c.TakeBack(seat=0) not in legal_actions(bought, 0)
    then_rejected(bought, c.TakeBack(seat=0), "cannot_take_back")


def test_once_another_seat_has_acted_it_is_refused() -> None:
    state = run(Game(players=3).start(), c.Buy(seat=0, source="basic", card="yeast"),
                c.Buy(seat=1, source="basic", card="yeast"))
    then_rejected(state, c.TakeBack(seat=0), "cannot_take_back")
    assert c.TakeBack(seat=1) in legal_actions(state, 1)  # seat 1's own purchase is the last one


def test_the_water_reveal_is_never_taken_back_but_the_water_purchase_is() -> None:
    water = run(Game(players=3).start(), c.Buy(seat=0, source="basic", card="water"))
    assert c.TakeBack(seat=0) in legal_actions(water, 0)
    revealed = run(water, c.Reveal(seat=0, deck="items"))
    then_rejected(revealed, c.TakeBack(seat=0), "cannot_take_back")


def test_a_secret_trade_is_taken_back_and_the_others_see_nothing_change() -> None:
    state = distilling(BASIC, BASIC, [*BASIC, "barley"], game=Game(players=3))
    traded = run(state, c.Trade(seat=2, give="barley", take="water"))
    back = run(traded, c.TakeBack(seat=2))
    assert back.players[2].pantry == state.players[2].pantry and not back.players[2].traded
    for viewer in (None, 0, 1):
        assert view(back, viewer) == view(state, viewer)


def test_the_undo_point_never_shows_in_a_view() -> None:
    bought = run(Game(players=3).start(), c.Buy(seat=0, source="basic", card="yeast"))
    assert all("undo" not in str(sorted(view(bought, q))) for q in (None, 0, 1, 2))


def test_events_decided_by_chance_are_never_quiet() -> None:
    assert not quiet(ev.DeckReshuffled(deck="items", order=("jug",)))
    assert not quiet(ev.SpiritDistilled(seat=0, round=1, washback=("yeast",), alcohol_added=0, cut=(), spirit=()))
    assert not quiet(ev.CardBought(seat=0, source="ingredients", card="corn", cost=4, refill="rye"))
    assert not quiet(ev.CardBought(seat=0, source="looked", card="corn", cost=4))
    assert not quiet(ev.SeatResigned(seat=0))
    assert quiet(ev.CardBought(seat=0, source="basic", card="yeast", cost=1))
