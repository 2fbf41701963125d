"""legal_actions: every command a seat may send now, ready to post (one open entry for the washback)."""

from __future__ import annotations

from typing import Any

from domain import commands as c
from domain.catalogue import CARDS, FLIGHTS, LABEL_SPACES
from domain.catalogue.model import Kind, Market
from domain.distill import may_distill_now, recipe_options, trade_options, tradeable
from domain.lookups import BASIC_LIMIT, UPGRADE_SLOTS, bottles, can_distill, deck_of, washback_cards
from domain.market import cube_cost
from domain.round import free_warehouses, waiting_to_age
from domain.sell import free_cards, free_cubes, must_sell, reward_possible, sellable
from domain.state import DECKS, GameState, Player


def _replacements(p: Player, cid: str) -> list[str | None]:
    if CARDS[cid].kind is Kind.UPGRADE and len(p.upgrades) >= UPGRADE_SLOTS:
        return list(p.upgrades)
    return [None]


def _market(s: GameState, p: Player) -> list[Any]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "reveal_deck":
        decks = [d for d in DECKS if s.decks[d] or any(deck_of(t) == d for t in s.truck)]
        return [*(c.Reveal(seat=seat, deck=d) for d in decks), c.Decline(seat=seat)]
    if p.pending is not None and p.pending.kind == "revealed":
        cid = p.pending.card or ""
        buys = [c.Buy(seat=seat, source="revealed", card=cid, replace=r) for r in _replacements(p, cid)]
        return [*(buys if (CARDS[cid].cost or 0) <= p.money else []), c.Decline(seat=seat)]
    out: list[Any] = []
    if p.basics_bought < BASIC_LIMIT:
        out += [c.Buy(seat=seat, source="basic", card=d.id) for d in CARDS.values()
                if d.market is Market.BASIC and (d.cost or 0) <= p.money]
    for deck in DECKS:
        for cid in sorted(set(s.rows[deck])):
            if (CARDS[cid].cost or 0) <= p.money:
                out += [c.Buy(seat=seat, source=deck, card=cid, replace=r)
                        for r in _replacements(p, cid)]
    out += [c.Buy(seat=seat, source="cube", recipe=r) for r in FLIGHTS[s.flight].recipes
            if r not in p.cubes and cube_cost(r) <= p.money]
    return [*out, c.PassTurn(seat=seat)]


def _distill(s: GameState, p: Player) -> list[Any]:
    seat = p.seat
    if p.pending is not None and p.pending.kind == "name_spirit":
        return [c.NameSpirit(seat=seat, recipe=r, barrel=b, restore_signature=x)
                for r, b, x in recipe_options(s, p, p.pending.cards, p.pending.cut)]
    if not may_distill_now(s, p):
        return []
    out: list[Any] = []
    if not p.traded:
        out += [c.Trade(seat=seat, give=g, take=t) for g in tradeable(p) for t in trade_options(g)]
    if can_distill(p):
        out.append(c.OpenDistill(seat=seat, cards=tuple(sorted(washback_cards(p)))))
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
                    for d in discards for t in takes for r in (_replacements(p, t) if t else [None])]
        else:
            out += [c.PlaceLabel(seat=seat, space=space, card=t, replace=r)
                    for t in free_cards(s, p, reward) for r in _replacements(p, t)]
    return out


def _sell(s: GameState, p: Player) -> list[Any]:
    if p.pending is not None and p.pending.kind == "place_label":
        return _label(s, p)
    out: list[Any] = [c.Sell(seat=p.seat, spirit=sp.id, bottle=b) for sp in sellable(s, p) for b in bottles(p)]
    return out if must_sell(p) else [*out, c.PassTurn(seat=p.seat)]


def legal_actions(state: GameState, seat: int) -> list[Any]:
    """Commands `seat` may send now; `decide` accepts each one (a property test holds them together)."""
    s = state
    if not 0 <= seat < s.n:
        return []
    p = s.players[seat]
    if s.phase == "setup":
        return [] if p.distiller else [c.ChooseDistiller(seat=seat, distiller=d) for d in p.dealt]
    if s.phase == "market":
        return _market(s, p) if s.turn == seat else []
    if s.phase == "distill":
        return _distill(s, p)
    if s.phase == "sell":
        return _sell(s, p) if s.turn == seat else []
    if s.phase == "age":
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
    if s.phase in ("market", "sell"):
        return [s.turn] if s.turn is not None else []
    if s.phase == "setup":
        return [p.seat for p in s.players if p.distiller is None]
    if s.phase == "distill":
        return [p.seat for p in s.players if p.pending is not None or may_distill_now(s, p)]
    if s.phase == "age":
        return [p.seat for p in s.players if waiting_to_age(p)]
    if s.phase == "round_end":
        return [p.seat for p in s.players if p.tasting_due or p.discard_due]
    return []
