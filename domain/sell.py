"""Sell phase decisions (RULES §3.5-§3.6, D5, D6)."""

from __future__ import annotations

from domain import events as ev
from domain.catalogue import CARDS, FLIGHTS, LABEL_SPACES, RECIPES
from domain.catalogue.model import Kind
from domain.commands import DoubleFlavor, PassTurn, PlaceLabel, Sell
from domain.context import Ctx
from domain.errors import require
from domain.lookups import BASIC_BARRELS, BASIC_INGREDIENTS, bottles
from domain.market import check_slot
from domain.powers.sale import BEST, double_candidates
from domain.sale import sale_value
from domain.solo import offer_sale
from domain.state import GameState, Player, Spirit

WAREHOUSE_SPACES = 2


def sellable(state: GameState, p: Player) -> list[Spirit]:
    """Warehouse spirits may sell; a fresh non-aged spirit must; a fresh aged spirit cannot."""
    return [s for s in p.spirits if s.warehouse or not RECIPES[s.recipe].aged]


def must_sell(p: Player) -> bool:
    fresh = [s for s in p.spirits if not s.warehouse]
    if any(not RECIPES[s.recipe].aged for s in fresh):
        return True
    return len(fresh) + len(p.warehouse_spirits) > WAREHOUSE_SPACES


def sell(ctx: Ctx, cmd: Sell) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    require(p.pending is None, "pending_choice", "Finish the last sale first (its flavor or label).")
    spirit = p.spirit(cmd.spirit)
    require(spirit is not None, "unknown_spirit", "You have no such spirit.")
    assert spirit is not None
    require(spirit in sellable(ctx.state, p), "must_age_first",
            "A freshly distilled aged spirit must spend an Age phase in the warehouse first.")
    require(cmd.bottle in bottles(p), "no_bottle", "Choose a bottle from your storeroom.")
    choice = len(double_candidates(p, spirit, RECIPES[spirit.recipe].aged)) > 1 and not ctx.state.options.auto_best
    money, sp, breakdown = sale_value(p, spirit, cmd.bottle, None if choice else BEST)
    ctx.emit(ev.SpiritSold(seat=cmd.seat, spirit_id=spirit.id, bottle=cmd.bottle, flavors=tuple(spirit.flavors),
                           money=money, sp=sp, breakdown=breakdown, double_choice=choice))
    if not choice:
        offer_sale(ctx)


def double_flavor(ctx: Ctx, cmd: DoubleFlavor) -> None:
    """Warehouse Manager, after the reveal: the flavor card whose money counts twice."""
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    pend = p.pending
    require(pend is not None and pend.kind == "double_flavor", "no_flavor_choice",
            "You have no sold flavors to choose from.")
    assert pend is not None and pend.spirit is not None
    require(cmd.card in pend.cards, "flavor_choice", "Choose one of the flavors revealed.", revealed=pend.cards)
    ctx.emit(ev.FlavorDoubled(seat=cmd.seat, spirit_id=pend.spirit, card=cmd.card, money=CARDS[cmd.card].money))
    offer_sale(ctx)


def pass_sell(ctx: Ctx, cmd: PassTurn) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    require(p.pending is None, "pending_choice", "Place your label first.")
    require(not must_sell(p), "must_sell",
            "You must sell: a non-aged spirit sells this round, and a new aged spirit needs a free warehouse.")
    ctx.emit(ev.PlayerPassed(seat=cmd.seat, phase="sell"))


def free_cards(state: GameState, p: Player, reward: str) -> list[str]:
    """The cards a label space offers for free."""
    rows = state.rows
    if reward == "free_ingredient":
        return sorted(set(rows["ingredients"])) + list(BASIC_INGREDIENTS)
    if reward == "free_item":
        return sorted(set(rows["items"])) + list(BASIC_BARRELS)
    if reward == "free_upgrade":
        return sorted(set(rows["upgrades"]))
    if reward == "truck_swap":
        return sorted(set(state.truck))
    return []


def free_cubes(state: GameState, p: Player) -> list[str]:
    return [r for r in FLIGHTS[state.flight].recipes if r not in p.cubes]


def reward_possible(state: GameState, p: Player, space: int) -> bool:
    reward = LABEL_SPACES[space].reward
    if reward == "signature":
        return p.signature_aside
    if reward == "free_cube":
        return bool(free_cubes(state, p))
    if reward == "free_upgrade":
        return bool(free_cards(state, p, reward))
    return True


def place_label(ctx: Ctx, cmd: PlaceLabel) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    s = ctx.state
    require(p.pending is not None and p.pending.kind == "place_label", "no_label",
            "You have no label waiting to be placed.")
    assert p.pending is not None and p.pending.recipe is not None
    base = {"seat": cmd.seat, "recipe": p.pending.recipe}
    extras = (cmd.card, cmd.recipe, cmd.discard, cmd.replace)
    if all(x is not None for x in p.label_spaces):
        require(cmd.space is None and not any(extras), "spaces_full",
                "Every bonus space is full: the label scores 2 SP (send no space).")
        ctx.emit(ev.LabelPlaced(**base, space=None, take_sp=True))
        return
    require(cmd.space is not None and p.label_spaces[cmd.space] is None, "space_taken",
            "Choose an empty bonus space.")
    assert cmd.space is not None
    reward = LABEL_SPACES[cmd.space].reward
    if cmd.take_sp or not reward_possible(s, p, cmd.space):
        require(cmd.take_sp and not any(extras), "take_sp_only",
                "This space can only give its 2 SP now." if not cmd.take_sp else "2 SP comes with nothing else.")
        require(s.options.label_sp_alternative or not reward_possible(s, p, cmd.space), "sp_option_off",
                "This game does not allow 2 SP instead of a space's reward.")
        ctx.emit(ev.LabelPlaced(**base, space=cmd.space, take_sp=True))
        return
    _check_reward(ctx, p, cmd, reward)
    refill = None
    if cmd.card in s.rows.get(_row_of(reward), []) and reward != "truck_swap":
        deck = _row_of(reward)
        ctx.ensure_deck(deck)
        refill = ctx.top(deck)
    ctx.emit(ev.LabelPlaced(**base, space=cmd.space, take_sp=False, card=cmd.card, recipe_cube=cmd.recipe,
                            discard=cmd.discard, replace=cmd.replace, refill=refill))


def _row_of(reward: str) -> str:
    return {"free_ingredient": "ingredients", "free_item": "items", "free_upgrade": "upgrades"}.get(reward, "")


def _check_reward(ctx: Ctx, p: Player, cmd: PlaceLabel, reward: str) -> None:
    s = ctx.state
    if reward in ("money_5", "signature"):
        require(not any((cmd.card, cmd.recipe, cmd.discard, cmd.replace)), "no_choice",
                "This space's reward needs no choice.")
    elif reward == "free_cube":
        require(cmd.recipe in free_cubes(s, p), "cube_choice", "Name a recipe of the flight you do not know.")
        require(not any((cmd.card, cmd.discard, cmd.replace)), "no_choice", "Only a recipe is chosen here.")
    else:
        offered = free_cards(s, p, reward)
        if reward == "truck_swap":
            require(cmd.discard in p.pantry if p.pantry else cmd.discard is None, "discard_choice",
                    "Discard one card from your pantry.")
            require(cmd.card in offered if offered else cmd.card is None, "card_choice",
                    "Take one card from the truck.")
        else:
            require(cmd.card in offered, "card_choice", "Choose one of the cards this space offers.",
                    offered=offered)
            require(cmd.discard is None, "no_choice", "Nothing is discarded here.")
        require(cmd.recipe is None, "no_choice", "No recipe is chosen here.")
        if cmd.card is not None:
            check_slot(p, cmd.card, cmd.replace)
        elif cmd.replace is not None:
            require(False, "nothing_to_replace", "Only an upgrade replaces another upgrade.")
    if cmd.card is not None:
        require(CARDS[cmd.card].kind is not Kind.FLAVOR, "card_choice", "Flavors are never offered.")
