"""What a purchase costs and where an upgrade goes: shared by the Market, the round-start purchases and
the label spaces (RULES §3.3, §5.25)."""

from __future__ import annotations

from domain.card_rules import CUBE_COST, UPGRADE_SLOTS
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Kind
from domain.errors import RuleViolation, require
from domain.powers.market import price, usable_discounts
from domain.state import Player

ROUND_START_SOURCES = frozenset({"looked", "truck"})  # a Buy from these is a round-start purchase


def check_slot(p: Player, cid: str, replace: str | None) -> None:
    """Upgrades fill 3 slots; a 4th replaces a chosen one (RULES §5.25)."""
    if CARDS[cid].kind is not Kind.UPGRADE:
        require(replace is None, "nothing_to_replace", "Only an upgrade replaces another upgrade.")
    elif len(p.upgrades) >= UPGRADE_SLOTS:
        require(replace in p.upgrades, "replace_required",
                "All 3 upgrade slots are full: name the upgrade to replace.", upgrades=p.upgrades)
    else:
        require(replace is None, "slot_free", "You still have a free upgrade slot; nothing is replaced.")


CUBE_COSTS = {r.id: CUBE_COST.get(r.tier.value, 0) for r in RECIPES.values()}


def cube_cost(recipe: str) -> int:
    return CUBE_COSTS[recipe]


def _afford(p: Player, cost: int) -> None:
    if p.money < cost:  # the message made only when needed: every purchase comes here
        raise RuleViolation("cannot_afford", f"That costs {cost} and you have {p.money}.")


def priced(p: Player, card: str | None, base: int, save: bool) -> tuple[int, tuple[str, ...]]:
    """The price to pay now, checked against the player's money; saving needs a discount to save."""
    require(not save or usable_discounts(p, card, base), "no_discount", "No discount applies to this purchase.")
    cost, used = price(p, card, base, save)
    _afford(p, cost)
    return cost, used
