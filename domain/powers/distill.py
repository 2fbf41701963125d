"""Distill hooks (RULES §3.4): extra alcohol, the cut's changes, and Juliana's money from a cut card."""

from __future__ import annotations

from itertools import combinations

from domain.catalogue import CARDS
from domain.powers import owned, ready
from domain.state import GameState, Player

EXTRA_ALCOHOL: dict[str, int] = {"worm_tub": 2, "coppersmith": 1}  # may add, all or nothing per source
TOP_ONLY = frozenset({"column_still"})  # may cut only the top card, declared with the Distill command
REDISTILL = "coffey_still"  # once per Distill phase, after seeing the cut: cut again
RETURN_CUT = frozenset({"spirit_safe"})  # may put one cut card back into the spirit
CASH_CUT = "juliana"  # once per Distill phase: the money value of one card still cut


def extra_alcohol_options(p: Player) -> tuple[int, ...]:
    amounts = [EXTRA_ALCOHOL[x] for x in owned(p) if x in EXTRA_ALCOHOL]
    if not amounts:
        return (0,)  # the usual case, asked at every Distill listing
    return tuple(sorted({sum(c) for k in range(len(amounts) + 1) for c in combinations(amounts, k)}))


def top_only_options(p: Player) -> tuple[bool, ...]:
    return (False, True) if TOP_ONLY.intersection(owned(p)) else (False,)


def may_redistill(p: Player) -> bool:
    return ready(p, REDISTILL)


def return_options(p: Player, cut: list[str], signature: str | None) -> list[str | None]:
    """Cut cards Spirit Safe may put back (the signature ingredient has its own way back)."""
    if not RETURN_CUT.intersection(owned(p)):
        return [None]
    return [None, *sorted({c for c in cut if c != signature})]


def cash_options(state: GameState, p: Player, left: list[str]) -> list[str | None]:
    """Juliana names the cut card whose money she takes (auto_best: the engine picks, see `auto_cash`)."""
    if not left or not ready(p, CASH_CUT) or state.options.auto_best:
        return [None]
    return [*sorted(set(left))]


def auto_cash(state: GameState, p: Player, left: list[str]) -> str | None:
    """auto_best: the cut card worth the most (BGA)."""
    if not left or not ready(p, CASH_CUT) or not state.options.auto_best:
        return None
    return max(sorted(set(left)), key=lambda c: CARDS[c].money)
