"""view: the only way state leaves the domain. It removes what the seat may not see (RULES D3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.legal import legal_actions, to_act
from domain.solo import claimable_at, floor, rows_completed, target
from domain.state import GameState, Player, Spirit


def _spirit(s: GameState, spirit: Spirit, mine: bool) -> dict[str, Any]:
    hidden_result = (s.phase == "distill" and s.options.distill_order == "simultaneous" and not spirit.warehouse
                     and not mine)
    out: dict[str, Any] = {
        "id": spirit.id, "warehouse": spirit.warehouse, "round_distilled": spirit.round_distilled,
        "flavors": len(spirit.flavors), "times_aged": spirit.times_aged,
    }
    if not hidden_result:
        out |= {"recipe": spirit.recipe, "barrel": spirit.barrel, "cards": sorted(spirit.cards),
                "label": spirit.label, "label_pending": spirit.label_pending}
    out["known_flavors"] = list(spirit.known_flavors) if mine else None  # drawn by a power: the owner's only
    return out


def _player(s: GameState, p: Player, viewer: int | None) -> dict[str, Any]:
    mine = viewer == p.seat
    finished = s.phase == "finished"
    secret_distill = s.phase == "distill" and not mine and s.options.distill_order == "simultaneous"
    out: dict[str, Any] = {
        "seat": p.seat, "name": p.name, "money": p.money, "sp": p.sp,
        "distiller": p.distiller if (mine or s.phase != "setup") else None,
        "storeroom": sorted(p.storeroom) if not secret_distill else None,
        "upgrades": list(p.upgrades), "display": list(p.display),
        "cubes": list(p.cubes), "label_spaces": list(p.label_spaces), "extra_labels": list(p.extra_labels),
        "signature_aside": p.signature_aside, "signature_made": p.signature_made,
        # A fresh spirit of another seat would tell that it distilled rather than skipped (D2).
        "spirits": [_spirit(s, x, mine) for x in p.spirits if x.warehouse or not secret_distill],
        "basics_bought": p.basics_bought, "passed": p.passed,
        "powers_used": list(p.powers_used) if not secret_distill else None,
        "distilled": p.distilled if not secret_distill else None,
        "goals": list(p.goals) if (mine or finished) else None, "goal_count": len(p.goals),
        "score": p.score,
    }
    out["pantry"] = sorted(p.pantry) if not secret_distill else None
    out["pantry_count"] = len(p.pantry) if not secret_distill else None
    if mine:
        out["dealt_distillers"] = list(p.dealt)
        out["pending"] = None if p.pending is None else {
            "kind": p.pending.kind, "deck": p.pending.deck, "card": p.pending.card,
            "cards": sorted(p.pending.cards), "cut": list(p.pending.cut), "recipe": p.pending.recipe,
            "power": p.pending.power, "spirit": p.pending.spirit, "top_only": p.pending.top_only,
        }
        out["tasting_due"], out["discard_due"] = p.tasting_due, p.discard_due
    return out


def _trades_secret(s: GameState) -> bool:
    """Trades put cards in the truck during a simultaneous Distill phase; they stay secret until it closes."""
    return s.phase == "distill" and s.options.distill_order == "simultaneous"


def _solo(s: GameState) -> dict[str, Any] | None:
    """The solo grid: face-down cards show as hidden; the clean-up deck only by the cards already turned."""
    solo = s.solo
    if solo is None:
        return None
    rows = [[{"card": g if solo.revealed[r][i] else None, "hidden": not solo.revealed[r][i],
              "available": solo.available[r][i], "completed": g in solo.completed,
              "claimable": claimable_at(solo, r, i)} for i, g in enumerate(row)] for r, row in enumerate(solo.grid)]
    turned = [solo.cleanup[k % len(solo.cleanup)] for k in range(solo.turned)] if solo.cleanup else []
    return {"rows": rows, "completed": list(solo.completed), "closed_below": floor(solo), "target": target(solo),
            "rows_completed": rows_completed(solo), "swap_used": solo.swap_used, "offered": list(solo.offered),
            "cleanup_turned": turned, "cleanup_size": len(solo.cleanup)}


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    s = state
    return {
        "phase": s.phase, "round": s.round, "first_player": s.first_player, "turn": s.turn,
        "flight": s.flight, "options": s.options.model_dump(),
        "rows": {k: list(v) for k, v in s.rows.items()},
        "deck_sizes": {k: len(v) for k, v in s.decks.items()},
        "truck": sorted(s.truck) if not _trades_secret(s) else None,
        "flavor_deck_size": len(s.flavor_deck), "flavor_discard": dict(Counter(s.flavor_discard)),
        "labels": dict(s.labels), "awards": list(s.awards),
        "awards_won": {k: list(v) for k, v in s.awards_won.items()},
        "players": [_player(s, p, seat) for p in s.players],
        "to_act": to_act(s), "winners": list(s.winners),
        "you": seat, "solo": _solo(s),
        "legal_actions": [a.model_dump() for a in legal_actions(s, seat)] if seat is not None else [],
    }
