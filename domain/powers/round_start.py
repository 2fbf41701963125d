"""Round-start powers (RULES §3.2): the free cards and money they give, the choices they open and which choice
comes next. The phase that plays them: domain.phases.round_start. Cards gained for free here do not count
toward the basic limit and give no purchase bonus; an upgrade gained during the round start does not act until
the next round.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.card_rules import BASIC_INGREDIENTS, deck_of
from domain.catalogue import CARDS
from domain.powers import FRESH, owned
from domain.powers.market import price
from domain.state import DECKS, GameState, Player

FREE_CARD: dict[str, str] = {
    "orchard": "mixed_fruits", "natural_spring": "water", "greenhouse": "mixed_plants", "farmer": "mixed_grains",
    "biochemist": "yeast",
}


MONEY: dict[str, Callable[[Player], int]] = {
    "sakai": lambda p: 1,
    "tour_guide": lambda p: 1,
    "private_investor": lambda p: 2 if p.warehouse_spirits else 0,
}


CHOICES: dict[str, str] = {  # power -> the pending kind it opens
    "jacqueline": "gain_basic", "co_op_manager": "gain_basic", "fang_xin": "look_deck",
    "market_buyer": "look_deck", "trucker": "truck",
}


GAIN_OPTIONS: dict[str, tuple[str, ...]] = {"jacqueline": ("water", "yeast"), "co_op_manager": BASIC_INGREDIENTS}


LOOK_COUNT: dict[str, int] = {"fang_xin": 2, "market_buyer": 3}


def lookable(state: GameState) -> list[str]:
    return [d for d in DECKS if state.decks[d] or any(deck_of(t) == d for t in state.truck)]


def truck_buys(p: Player, state: GameState) -> list[str]:
    """Truck cards the player can afford now (discounts included)."""
    return sorted({c for c in state.truck if price(p, c, CARDS[c].cost or 0)[0] <= p.money})


def _available(state: GameState, p: Player, power: str) -> bool:
    kind = CHOICES[power]
    if kind == "look_deck":
        return bool(lookable(state))
    if kind == "truck":
        return bool(truck_buys(p, state))
    return True


def next_choice(state: GameState) -> tuple[int, str] | None:
    """The next round-start choice to offer: turn order from the first player, distiller then slot order."""
    for seat in state.order():
        p = state.players[seat]
        for power in owned(p):
            if (power in CHOICES and power not in p.powers_used and FRESH + power not in p.powers_used
                    and _available(state, p, power)):
                return seat, power
    return None
