"""The distillers' and upgrades' powers (RULES §1.5.3, §1.11, §6 "Effect hooks").

Each hook is a table keyed by distiller or upgrade id, holding a small effect function or value; the rule
modules ask the hook, never a card's name. A player's powers are their distiller's and their upgrades'
(`owned`). Modules, by hook: `market` (discounts, basic limit, purchase bonus), `round_start` (free cards,
money, the look-and-buy choices), `distill` (extra alcohol, cut changes, Juliana), `flavors` (flavors drawn
by powers at the end of Distill and in Age), `sale` (money and SP bonuses at the sale), `endgame` (end-game
formulas, money conversion); `choices` lists the ready-to-send commands for purchases and pending choices.
Markers in `Player.powers_used` (reset each round): a power id once its once-per-round use or choice is spent,
"<power>:<spirit id>" once a flavor draw for that spirit is done, FRESH + card for an upgrade gained during
the round start.
"""

from __future__ import annotations

from domain import events as ev
from domain.state import GameState, Player

FRESH = "fresh:"  # a powers_used marker: an upgrade gained during this round start acts from the next round


def owned(p: Player) -> tuple[str, ...]:
    """The player's power sources: their distiller, then their upgrades in slot order."""
    return ((p.distiller,) if p.distiller else ()) + tuple(p.upgrades)


def ready(p: Player, power: str) -> bool:
    """The player holds `power` and has not used it yet this round."""
    return power in owned(p) and power not in p.powers_used


def resolved(p: Player, power: str) -> None:
    """The power has acted (or its choice was made) this round; its pending choice, if any, is over."""
    if p.pending is not None and p.pending.power == power:
        p.pending = None
    p.powers_used.append(power)


def money_gained(s: GameState, e: ev.MoneyGained) -> None:
    p = s.players[e.seat]
    p.money += e.money
    resolved(p, e.power)
