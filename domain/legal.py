"""legal_actions: every command a seat may send now, ready to post (one open entry for the washback)."""

from __future__ import annotations

from typing import Any

from domain import commands as c
from domain.catalogue import CARDS, FLIGHTS, LABEL_SPACES, SOLO_CARDS
from domain.catalogue.model import Market
from domain.distill import may_distill_now, recipe_options, trade_options, tradeable
from domain.lookups import bottles, can_distill, deck_of, washback_cards
from domain.market import cube_cost
from domain.powers.choices import Offer, buys, flavor_choices, offers, replacements, round_start_choices
from domain.powers.distill import extra_alcohol_options, may_redistill, top_only_options
from domain.powers.market import basic_limit
from domain.round import free_warehouses, waiting_to_age
from domain.sell import free_cards, free_cubes, must_sell, reward_possible, sellable
from domain.solo import claimable, collect_met, swappable
from domain.state import DECKS, GameState, Player

BASIC_OFFERS: list[Offer] = [("basic", d.id, None, d.cost or 0) for d in CARDS.values() if d.market is Market.BASIC]


def _market(s: GameState, p: Player) -> list[Any]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "reveal_deck":
        decks = [d for d in DECKS if s.decks[d] or any(deck_of(t) == d for t in s.truck)]
        return [*(c.Reveal(seat=seat, deck=d) for d in decks), c.Decline(seat=seat)]
    if p.pending is not None and p.pending.kind == "revealed":
        return [*buys(p, "revealed", p.pending.card or ""), c.Decline(seat=seat)]
    items: list[Offer] = []
    if p.basics_bought < basic_limit(p):
        items += BASIC_OFFERS
    for deck in DECKS:
        items += [(deck, cid, None, CARDS[cid].cost or 0) for cid in sorted(set(s.rows[deck]))]
    items += [("cube", None, r, cube_cost(r)) for r in FLIGHTS[s.flight].recipes if r not in p.cubes]
    return [*offers(p, items), c.PassTurn(seat=seat)]


def _distill(s: GameState, p: Player) -> list[Any]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "name_spirit":
        out: list[Any] = [
            c.NameSpirit(seat=seat, recipe=r, barrel=b, restore_signature=x, return_card=back, cash_card=cash)
            for r, b, x, back, cash in recipe_options(s, p, p.pending.cards, p.pending.cut)]
        return [*out, c.Redistill(seat=seat)] if may_redistill(p) else out
    if p.pending is not None:
        return flavor_choices(p)
    if not may_distill_now(s, p):
        return []
    out = []
    if not p.traded:
        out += [c.Trade(seat=seat, give=g, take=t) for g in tradeable(p) for t in trade_options(g)]
    if can_distill(p):
        out.append(c.OpenDistill(seat=seat, cards=tuple(sorted(washback_cards(p))),
                                 extra_alcohol=extra_alcohol_options(p), top_only=top_only_options(p)))
    return [*out, c.SkipDistill(seat=seat)]


def _label(s: GameState, p: Player) -> list[Any]:
    seat = p.seat
    if all(x is not None for x in p.label_spaces):
        return [c.PlaceLabel(seat=seat)]
    out: list[Any] = []
    for space, filled in enumerate(p.label_spaces):
        if filled is not None:
            continue
        possible = reward_possible(s, p, space)
        if s.options.label_sp_alternative or not possible:
            out.append(c.PlaceLabel(seat=seat, space=space, take_sp=True))
        if not possible:
            continue
        reward = LABEL_SPACES[space].reward
        if reward in ("money_5", "signature"):
            out.append(c.PlaceLabel(seat=seat, space=space))
        elif reward == "free_cube":
            out += [c.PlaceLabel(seat=seat, space=space, recipe=r) for r in free_cubes(s, p)]
        elif reward == "truck_swap":
            discards: list[str | None] = [*sorted(set(p.pantry))] or [None]
            takes: list[str | None] = [*free_cards(s, p, reward)] or [None]
            out += [c.PlaceLabel(seat=seat, space=space, discard=d, card=t, replace=r)
                    for d in discards for t in takes for r in (replacements(p, t) if t else [None])]
        else:
            out += [c.PlaceLabel(seat=seat, space=space, card=t, replace=r)
                    for t in free_cards(s, p, reward) for r in replacements(p, t)]
    return out


def _sell(s: GameState, p: Player) -> list[Any]:
    if p.pending is not None and p.pending.kind == "place_label":
        return _label(s, p)
    if p.pending is not None:
        return flavor_choices(p)
    out: list[Any] = [c.Sell(seat=p.seat, spirit=sp.id, bottle=b) for sp in sellable(s, p) for b in bottles(p)]
    return out if must_sell(p) else [*out, c.PassTurn(seat=p.seat)]


def _solo(s: GameState, base: list[Any]) -> list[Any]:
    """Solo: the goals offered (claim one or decline) block everything else; otherwise the Collect goals met and
    the Swap card's swaps join whatever else the player may do now."""
    solo = s.solo
    assert solo is not None
    met = collect_met(s)
    if solo.offered:
        goals = dict.fromkeys([g for g in solo.offered if g in claimable(solo) and SOLO_CARDS[g].type != "collect"]
                              + met)
        return [*(c.ClaimGoal(goal=g) for g in goals), c.DeclineGoals()]
    if not base:
        return base
    return [*base, *(c.ClaimGoal(goal=g) for g in met),
            *(c.SwapGoals(row=r, a=a, b=b) for r, a, b in swappable(solo))]


def legal_actions(state: GameState, seat: int) -> list[Any]:
    """Commands `seat` may send now; `decide` accepts each one (a property test holds them together)."""
    s = state
    if not 0 <= seat < s.n:
        return []
    if s.solo is not None and s.phase not in ("setup", "finished"):
        return _solo(s, _base(s, seat))
    return _base(s, seat)


def _base(s: GameState, seat: int) -> list[Any]:
    p = s.players[seat]
    if s.phase == "setup":
        return [] if p.distiller else [c.ChooseDistiller(seat=seat, distiller=d) for d in p.dealt]
    if s.phase == "round_start":
        return round_start_choices(s, p)
    if s.phase == "market":
        return _market(s, p) if s.turn == seat else []
    if s.phase == "distill":
        return _distill(s, p)
    if s.phase == "sell":
        return _sell(s, p) if s.turn == seat else []
    if s.phase == "age":
        if p.pending is not None:
            return flavor_choices(p)
        return [c.Age(seat=seat, warehouse=w) for w in free_warehouses(p)] if waiting_to_age(p) else []
    if s.phase == "round_end":
        out: list[Any] = []
        if p.tasting_due:
            out += [c.Taste(seat=seat, sp=k) for k in range(min(4, p.sp) + 1)]
        if p.discard_due:
            out += [c.DiscardGoal(seat=seat, goal=g) for g in p.goals]
        return out
    return []


def to_act(state: GameState) -> list[int]:
    """Seats that must act before the game can move on (exactly those with legal actions)."""
    s = state
    if s.solo is not None and s.solo.offered:
        return [0]
    if s.phase in ("market", "sell"):
        return [s.turn] if s.turn is not None else []
    if s.phase == "setup":
        return [p.seat for p in s.players if p.distiller is None]
    if s.phase == "round_start":
        return [p.seat for p in s.players if p.pending is not None]
    if s.phase == "distill":
        return [p.seat for p in s.players if p.pending is not None or may_distill_now(s, p)]
    if s.phase == "age":
        return [p.seat for p in s.players if p.pending is not None or waiting_to_age(p)]
    if s.phase == "round_end":
        return [p.seat for p in s.players if p.tasting_due or p.discard_due]
    return []
