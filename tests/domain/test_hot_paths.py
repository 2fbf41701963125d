"""The shortcuts the simulation's hot paths take (issue 9) give what the plain rule gives: over seeded bot games,
each is checked against the rule worked out the long way at every decision it applies to."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from devtools.bots import greedy_bot, random_bot
from domain import GameState, decide, execute, fold, to_act
from domain import commands as c
from domain import events as ev
from domain.card_rules import valid_washback, washback_cards
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.phases import distill, market
from domain.phases.distill import can_start, trade_options, tradeable
from domain.powers.choices import UPGRADE_IDS, Offer, offers, replacements
from domain.powers.market import price, unused_discounts
from domain.state import Player, Undo
from domain.take_back import marker


def positions(players: int, seed: int) -> Iterator[GameState]:
    """Every state a seeded game of bots passes through (greedy bots on odd seeds: they buy more)."""
    chance, choices = random.Random(seed), random.Random(seed * 7919 + 1)
    bot = greedy_bot if seed % 2 else random_bot
    seats = tuple(SeatSpec(name=f"Bot {i + 1}") for i in range(players))
    state = fold(decide(GameState(), CreateGame(seats=seats, options=Options()), chance))
    while state.phase != "finished":
        yield state
        seat = choices.choice(to_act(state))
        state = execute(state, bot(state, seat, choices), chance)[1]


GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(4)]


def plain_offers(p: Player, items: list[Offer]) -> list[c.Buy]:
    """offers() as the rule reads, every item priced: no bound on what may be affordable, no cache."""
    out = []
    for source, cid, recipe, base in items:
        cost, used = price(p, cid, base, unused=unused_discounts(p))
        if cost > p.money:
            continue
        reps = replacements(p, cid) if cid in UPGRADE_IDS else [None]
        out += [c.Buy(seat=p.seat, source=source, card=cid, recipe=recipe, replace=r) for r in reps]
        if used and base <= p.money:
            out += [c.Buy(seat=p.seat, source=source, card=cid, recipe=recipe, replace=r, save_discounts=True)
                    for r in reps]
    return out


def plain_can_start(p: Player) -> bool:
    """can_start as the rule reads, worked out afresh each time."""
    cards = washback_cards(p)
    if valid_washback(cards):
        return True
    if p.traded:
        return False
    for give in tradeable(p):
        rest = list(cards)
        if give in rest:
            rest.remove(give)
        if any(valid_washback([*rest, take]) for take in trade_options(give)):
            return True
    return False


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_market_offers_are_those_of_every_item_priced(players: int, seed: int) -> None:
    checked = 0
    for s in positions(players, seed):
        for p in s.players:
            if s.phase != "market" or p.pending is not None:
                continue
            rich = Player(p.seat, p.name, distiller=p.distiller, money=p.money + 3, upgrades=list(p.upgrades),
                          powers_used=list(p.powers_used))  # a little more money: more items near the bound
            items = [*market.BASIC_OFFERS, *(market.ROW_OFFERS[d][x] for d in s.rows for x in sorted(set(s.rows[d]))),
                     *market.CUBE_OFFERS[s.flight]]
            for q in (p, rich):
                assert offers(q, items) == plain_offers(q, items)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_can_start_is_the_washback_rule_with_the_one_trade(players: int, seed: int) -> None:
    seen = 0
    for s in positions(players, seed):
        if s.phase == "distill":
            for p in s.players:
                assert can_start(p) == plain_can_start(p), (p.pantry, p.storeroom, p.traded)
                seen += 1
    assert seen > 4


def test_cached_listings_and_events_equal_fresh_ones() -> None:
    """Shared instances stand for commands and events made afresh: equal, with the same fields set."""
    cached = [
        (distill.trades(2, "mixed_fruits")[0], c.Trade(seat=2, give="mixed_fruits", take="yeast")),
        (distill.open_distill(1, ("yeast", "water"), (0,), (False,)),
         c.OpenDistill(seat=1, cards=("yeast", "water"), extra_alcohol=(0,), top_only=(False,))),
        (market._basic_bought(0, "yeast", 1, 1, ()),
         ev.CardBought(seat=0, source="basic", card="yeast", cost=1, bonus_money=1, discounts=())),
        (market._row_bought(1, "items", "x", 3, None, "y", ("ajani",)),
         ev.CardBought(seat=1, source="items", card="x", cost=3, replaced=None, refill="y", discounts=("ajani",))),
    ]
    for shared, fresh in cached:
        assert shared == fresh and shared.model_fields_set == fresh.model_fields_set
        assert shared.model_dump_json() == fresh.model_dump_json()
    assert distill.trades(2, "mixed_fruits") is distill.trades(2, "mixed_fruits")


def test_a_quiet_commit_is_marked_and_one_that_reveals_lapses_the_standing_mark() -> None:
    fresh, standing = GameState(), GameState(undo=Undo(1, GameState()))
    quiet: list[ev.Event] = [ev.PlayerPassed(seat=2, phase="market")]
    revealing: list[ev.Event] = [ev.CardBought(seat=2, source="items", card="x", cost=0, refill="y")]
    assert marker(fresh, c.PassTurn(seat=2), quiet) == ev.UndoPointSet(seat=2)
    assert marker(standing, c.PassTurn(seat=2), quiet) == ev.UndoPointSet(seat=2)
    assert marker(standing, c.PassTurn(seat=2), revealing) == ev.UndoPointCleared()
    assert marker(fresh, c.PassTurn(seat=2), revealing) is None
