"""Ready-to-send commands for purchases (with and without discounts) and for the powers' pending choices."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from domain import commands as c
from domain.card_rules import UPGRADE_SLOTS
from domain.catalogue import CARDS
from domain.catalogue.model import Kind
from domain.commands import Action
from domain.powers.market import DISCOUNTS, best_price, unused_discounts
from domain.state import Player


def replacements(p: Player, cid: str) -> list[str | None]:
    if CARDS[cid].kind is Kind.UPGRADE and len(p.upgrades) >= UPGRADE_SLOTS:
        return list(p.upgrades)
    return [None]


Offer = tuple[str, str | None, str | None, int]  # source, card, recipe (cubes), base cost
UPGRADE_IDS = frozenset(cid for cid, d in CARDS.items() if d.kind is Kind.UPGRADE)


@cache
def _buy(seat: int, source: str, card: str | None, recipe: str | None, replace: str | None, save: bool) -> c.Buy:
    """Commands are frozen, so one instance per distinct purchase serves every listing (listing is hot)."""
    return c.Buy(seat=seat, source=source, card=card, recipe=recipe, replace=replace, save_discounts=save)


_PLAIN: dict[tuple[int, Offer], c.Buy] = {}  # (seat, offer) -> its purchase at the base price, no slot given up


def _plain(seat: int, item: Offer) -> c.Buy:
    buy = _PLAIN.get((seat, item))
    if buy is None:
        buy = _PLAIN[seat, item] = _buy(seat, item[0], item[1], item[2], None, False)
    return buy


def offers(p: Player, items: Iterable[Offer]) -> list[c.Buy]:
    """Each purchase as discounts price it, and with the discounts saved when that is affordable too."""
    unused = unused_discounts(p)
    money, seat = p.money, p.seat
    if not unused:  # most listings: every price is the base one, and nothing is saved
        return _undiscounted(p, items)
    reach = money + sum(DISCOUNTS[x].amount for x in unused)  # no dearer card is affordable, discounts or not
    plain: list[str | None] = [None]
    out: list[c.Buy] = []
    held = tuple(unused)
    for source, cid, recipe, base in [item for item in items if item[3] <= reach]:
        cost, used = best_price(cid, base, held)
        if cost > money:
            continue
        reps = replacements(p, cid) if cid in UPGRADE_IDS else plain
        for r in reps:  # loops, not comprehensions: each of those would be a call (Python 3.11)
            out.append(_buy(seat, source, cid, recipe, r, False))
        if used and base <= money:
            for r in reps:
                out.append(_buy(seat, source, cid, recipe, r, True))
    return out


def _undiscounted(p: Player, items: Iterable[Offer]) -> list[c.Buy]:
    """`offers` of a player with no discount left: each affordable item once, per upgrade it may replace."""
    money, seat = p.money, p.seat
    full = len(p.upgrades) >= UPGRADE_SLOTS  # else no purchase gives a slot up
    out: list[c.Buy] = []
    for item in items:
        if item[3] > money:
            continue
        if full and item[1] in UPGRADE_IDS:
            for r in p.upgrades:
                out.append(_buy(seat, item[0], item[1], item[2], r, False))
        else:
            out.append(_plain(seat, item))
    return out


def buys(p: Player, source: str, cid: str) -> list[c.Buy]:
    return offers(p, [(source, cid, None, CARDS[cid].cost or 0)])


def flavor_choices(p: Player) -> list[Action]:
    pend = p.pending
    if pend is not None and pend.kind == "keep_flavor":
        return [c.KeepFlavor(seat=p.seat, card=f) for f in sorted(set(pend.cards))]
    if pend is not None and pend.kind == "double_flavor":
        return [c.DoubleFlavor(seat=p.seat, card=f) for f in sorted(set(pend.cards))]
    return []
