"""Solo invariants and secrets for the property tests (RULES §3.10)."""

from __future__ import annotations

from domain.catalogue import SOLO_CARDS
from domain.solo import target
from domain.state import GameState


def check_solo(s: GameState) -> None:
    solo = s.solo
    assert solo is not None and s.n == 1 and not s.awards and not s.players[0].goals
    assert [len(row) for row in solo.grid] == [2, 3, 4, 3, 2]
    cards = [g for row in solo.grid for g in row] + solo.cleanup
    assert len(cards) == len(set(cards)) and all(SOLO_CARDS[g].tier in "ABC" for g in cards)
    assert not {"A11", "B14", "B17"} & set(cards) or s.flight != "G"
    rows = [r for g in solo.completed for r, row in enumerate(solo.grid) if g in row]
    assert len(rows) == len(solo.completed) and rows == sorted(rows)  # never back down into a closed row
    for r, row in enumerate(solo.grid):
        for i, g in enumerate(row):
            assert not solo.available[r][i] or solo.revealed[r][i] or r in (0, 2, 4)
            assert g not in solo.completed or (solo.available[r][i] and solo.revealed[r][i])
    assert set(solo.offered) <= set(cards)
    assert target(solo) == sum(SOLO_CARDS[g].target for g in solo.completed if g[0] in "AB") + 5 * solo.swap_used


def solo_secrets(s: GameState) -> set[str]:
    """Face-down goals and the clean-up cards not turned yet: hidden from everyone."""
    solo = s.solo
    if solo is None:
        return set()
    down = {g for r, row in enumerate(solo.grid) for i, g in enumerate(row) if not solo.revealed[r][i]}
    return down | set(solo.cleanup[solo.turned:])
