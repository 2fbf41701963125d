"""Market hooks: once-per-round discounts (RULES §3.3, §5.11), the basic limit and the basic purchase bonus."""

# No `from __future__ import annotations`: NamedTuple would compile each field's annotation from its text.
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from domain.card_rules import BASIC_LIMIT
from domain.catalogue import CARDS
from domain.catalogue.model import Kind, Market
from domain.powers import owned
from domain.state import Player

Target = Callable[[str | None], bool]  # the card bought, or None for a recipe cube


def _kinds(*kinds: Kind) -> Target:
    return lambda cid: cid is not None and CARDS[cid].kind in kinds


def _basic(cid: str | None) -> bool:
    return cid is not None and CARDS[cid].market is Market.BASIC


def _cube(cid: str | None) -> bool:
    return cid is None


_INGREDIENT = (Kind.YEAST, Kind.WATER, Kind.SUGAR)


class Discount(NamedTuple):  # a named tuple: made in a third of a frozen dataclass's time at a cold start
    amount: int
    applies: Target


DISCOUNTS: dict[str, Discount] = {
    "ajani": Discount(1, _kinds(Kind.BOTTLE)),
    "etienne": Discount(2, _kinds(Kind.UPGRADE)),
    "pilar": Discount(2, _kinds(Kind.BARREL)),
    "mother_mary": Discount(1, _basic),
    "jeong": Discount(2, _kinds(*_INGREDIENT)),
    "large_storage": Discount(1, _kinds(Kind.BARREL, Kind.BOTTLE)),
    "malt_mill": Discount(2, _kinds(*_INGREDIENT)),
    "glassworks": Discount(2, _kinds(Kind.BOTTLE)),
    "glassblower": Discount(1, _kinds(Kind.BOTTLE)),
    "intern_researcher": Discount(2, _cube),
    "architect": Discount(2, _kinds(Kind.UPGRADE)),
    "cooper": Discount(2, _kinds(Kind.BARREL)),
}
_TARGETS: dict[str, frozenset[str | None]] = {  # what each discount applies to, worked out once
    x: frozenset(cid for cid in [None, *CARDS] if d.applies(cid)) for x, d in DISCOUNTS.items()}
EXTRA_BASICS: dict[str, int] = {"nisha": 1}  # Nisha Sakuhar: 3 basic cards a round
BASIC_BONUS: dict[str, dict[str, int]] = {"gunnhild": {"water": 1}}  # Gunnhild Hellström: +1 per basic Water
YEAST_BONUS = 1  # the basic Yeast's own purchase bonus


def unused_discounts(p: Player) -> list[str]:
    """The player's discount sources not used yet this round, whatever they apply to."""
    return [x for x in owned(p) if x in DISCOUNTS and x not in p.powers_used]


def usable_discounts(p: Player, card: str | None, base: int, unused: list[str] | None = None) -> list[str]:
    """Discount sources the player may still use this round on this purchase (base cost above 0 only)."""
    if base <= 0:
        return []
    return [x for x in (unused_discounts(p) if unused is None else unused) if card in _TARGETS[x]]


def price(p: Player, card: str | None, base: int, save: bool = False, unused: list[str] | None = None) -> tuple[
        int, tuple[str, ...]]:
    """The price and the discounts it uses. Discounts apply by themselves (unless saved): the lowest price,
    and among equal prices the fewest and smallest discounts, so a discount that would be wasted is kept.
    `unused`: `unused_discounts(p)`, when the caller prices many cards."""
    if save:
        return base, ()
    return best_price(card, base, tuple(unused_discounts(p) if unused is None else unused))


@lru_cache(maxsize=4096)  # the Market listing prices every affordable card for each decision of a player
def best_price(card: str | None, base: int, unused: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """`price` for a player whose unused discounts are `unused`: it reads nothing else of the player."""
    sources = [x for x in unused if card in _TARGETS[x]] if base > 0 else []
    if not sources:
        return base, ()
    if len(sources) == 1:
        return max(0, base - DISCOUNTS[sources[0]].amount), (sources[0],)
    best: tuple[int, int, int, tuple[str, ...]] | None = None
    for k in range(1, len(sources) + 1):
        for combo in combinations(sources, k):
            total = sum(DISCOUNTS[x].amount for x in combo)
            key = (max(0, base - total), total, k, combo)
            best = key if best is None or key[:3] < best[:3] else best
    assert best is not None
    return best[0], best[3]


def basic_limit(p: Player) -> int:
    return BASIC_LIMIT + sum(EXTRA_BASICS.get(x, 0) for x in owned(p))


def purchase_bonus(p: Player, card: str) -> int:
    """Money back on a basic Market purchase: the Yeast's own bonus, and powers' bonuses."""
    bonus = YEAST_BONUS if card == "yeast" else 0
    return bonus + sum(BASIC_BONUS.get(x, {}).get(card, 0) for x in owned(p))
