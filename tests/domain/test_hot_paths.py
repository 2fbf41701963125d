"""The shortcuts the simulation's hot paths take (issue 9) give what the plain rule gives: over seeded bot games,
each is checked against the rule worked out the long way at every decision it applies to."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from devtools.bots import greedy_bot, random_bot
from domain import GameState, decide, execute, fold, to_act, zones
from domain import commands as c
from domain import events as ev
from domain.card_rules import valid_washback, washback_cards
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.phases import age, distill, distill_events, market, round_end, round_start
from domain.phases.distill import can_start, trade_options, tradeable
from domain.powers.choices import UPGRADE_IDS, Offer, offers, replacements
from domain.powers.market import DISCOUNTS, basic_limit, price, unused_discounts
from domain.state import DECKS, Player, Undo
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


def plain_price(p: Player, cid: str | None, base: int) -> tuple[int, tuple[str, ...]]:
    """The price as the rule reads (RULES §3.3): of every set of the usable discounts, the lowest price, then the
    smallest total, then the fewest discounts; worked out afresh, no cache."""
    usable = [x for x in unused_discounts(p) if DISCOUNTS[x].applies(cid)] if base > 0 else []
    sets = [combo for k in range(len(usable) + 1) for combo in combinations(usable, k)]
    best = min(sets, key=lambda s: (max(0, base - sum(DISCOUNTS[x].amount for x in s)),
                                    sum(DISCOUNTS[x].amount for x in s), len(s)))
    return max(0, base - sum(DISCOUNTS[x].amount for x in best)), best


def plain_offers(p: Player, items: list[Offer]) -> list[c.Buy]:
    """offers() as the rule reads, every item priced: no bound on what may be affordable, no cache."""
    out = []
    for source, cid, recipe, base in items:
        cost, used = plain_price(p, cid, base)
        assert (cost, used) == price(p, cid, base)
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
def test_the_market_listing_is_every_item_of_the_table_priced(players: int, seed: int) -> None:
    """market.actions, its rows and cubes from caches, against the table read afresh."""
    checked = 0
    for s in positions(players, seed):
        p = s.players[s.turn] if s.phase == "market" and s.turn is not None else None
        if p is None or p.pending is not None:
            continue
        basics = [o for o in market.BASIC_OFFERS if p.basics_bought < basic_limit(p)]
        rows = [market.ROW_OFFERS[d][x] for d in DECKS for x in sorted(set(s.rows[d]))]
        cubes = [(src, cid, r, cost) for src, cid, r, cost in market.CUBE_OFFERS[s.flight] if r not in p.cubes]
        assert market.actions(s, p) == [*plain_offers(p, [*basics, *rows, *cubes]), c.PassTurn(seat=p.seat)]
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
    cached += [
        (zones.sell_pass(3), ev.PlayerPassed(seat=3, phase="sell", automatic=True)),
        (zones.turn_phase("distill", None), ev.PhaseStarted(phase="distill", turn=None)),
        (zones.turn_phase("market", 2), ev.PhaseStarted(phase="market", turn=2)),
        (distill_events.traded_event(1, "rye", "yeast", 4), ev.Traded(seat=1, gave="rye", took="yeast", round=4)),
        (distill_events.skipped_event(1, 4), ev.DistillSkipped(seat=1, round=4)),
        (distill_events.stuck_event(1, 4), ev.DistillSkipped(seat=1, automatic=True, round=4)),
        (market._revealed_event(0, "items", "x"), ev.CardRevealed(seat=0, deck="items", card="x")),
        (market._declined_event(0, None, None), ev.RevealDeclined(seat=0, deck=None, card=None)),
        (age._started(), ev.PhaseStarted(phase="age")),
        (round_start._started(), ev.PhaseStarted(phase="round_start")),
        (round_start._round_started_event(3, 1), ev.RoundStarted(round=3, first_player=1)),
        (round_end._started((0,), ()), ev.PhaseStarted(phase="round_end", tasting=(0,), discard=())),
        (round_end._tasted(2, 3), ev.TastingHeld(seat=2, sp=3)),
        (round_end._ended(5), ev.RoundEnded(round=5)),
        (c.seated(c.PassTurn, 1), c.PassTurn(seat=1)),
        (c.seated(c.SkipDistill, 2), c.SkipDistill(seat=2)),
        (round_end._taste(1, 3), c.Taste(seat=1, sp=3)),
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
