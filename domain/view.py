"""view: the only way state leaves the domain. It removes what the seat may not see (RULES D3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.legal import legal_actions, to_act
from domain.solo import claimable_at, floor, rows_completed, target
from domain.state import GameState, Player, Solo, Spirit


def _spirit(spirit: Spirit, mine: bool) -> dict[str, Any]:
    return {
        "id": spirit.id, "warehouse": spirit.warehouse, "round_distilled": spirit.round_distilled,
        "flavors": len(spirit.flavors), "times_aged": spirit.times_aged, "recipe": spirit.recipe,
        "barrel": spirit.barrel, "cards": sorted(spirit.cards), "label": spirit.label,
        "label_pending": spirit.label_pending,
        "known_flavors": list(spirit.known_flavors) if mine else None,  # drawn by a power: the owner's only
    }


def _player(s: GameState, p: Player, viewer: int | None) -> dict[str, Any]:
    """`p` is the live record for its own seat; for the others, during a secret phase, the record at its opening."""
    mine = viewer == p.seat
    finished = s.phase == "finished"
    out: dict[str, Any] = {
        "seat": p.seat, "name": p.name, "money": p.money, "sp": p.sp,
        "distiller": p.distiller if (mine or s.phase != "setup") else None,
        "storeroom": sorted(p.storeroom), "upgrades": list(p.upgrades), "display": list(p.display),
        "cubes": list(p.cubes), "label_spaces": list(p.label_spaces), "extra_labels": list(p.extra_labels),
        "signature_aside": p.signature_aside, "signature_made": p.signature_made,
        "spirits": [_spirit(x, mine) for x in p.spirits],
        "basics_bought": p.basics_bought, "passed": p.passed, "powers_used": list(p.powers_used),
        # Whether another seat distilled or skipped stays secret until the phase closes (D2); to_act tells who
        # still has to act.
        "distilled": p.distilled if (mine or s.opening is None) else None,
        "goals": list(p.goals) if (mine or finished) else None, "goal_count": len(p.goals),
        "score": p.score, "pantry": sorted(p.pantry), "pantry_count": len(p.pantry),
        "resigned": p.seat in s.resigned,
    }
    if mine:
        out["dealt_distillers"] = list(p.dealt)
        out["pending"] = None if p.pending is None else {
            "kind": p.pending.kind, "deck": p.pending.deck, "card": p.pending.card,
            "cards": sorted(p.pending.cards), "cut": list(p.pending.cut), "recipe": p.pending.recipe,
            "power": p.pending.power, "spirit": p.pending.spirit, "top_only": p.pending.top_only,
        }
        out["tasting_due"], out["discard_due"] = p.tasting_due, p.discard_due
    return out


def _solo(solo: Solo | None) -> dict[str, Any] | None:
    """The solo grid: face-down cards show as hidden; the clean-up deck only by the cards already turned."""
    if solo is None:
        return None
    rows = [[{"card": g if solo.revealed[r][i] else None, "hidden": not solo.revealed[r][i],
              "available": solo.available[r][i], "completed": g in solo.completed,
              "claimable": claimable_at(solo, r, i)} for i, g in enumerate(row)] for r, row in enumerate(solo.grid)]
    turned = [solo.cleanup[k % len(solo.cleanup)] for k in range(solo.turned)] if solo.cleanup else []
    return {"rows": rows, "completed": list(solo.completed), "closed_below": floor(solo), "target": target(solo),
            "rows_completed": rows_completed(solo), "swap_used": solo.swap_used, "offered": list(solo.offered),
            "cleanup_turned": turned, "cleanup_size": len(solo.cleanup)}


def _result(s: GameState) -> dict[str, Any] | None:
    """Once the game is over, for every seat and spectator alike: each seat's final SP (money breaks a tie),
    its place (a seat that resigned after every seat still in play: it never wins, D15), and the winners."""
    if s.phase != "finished":
        return None
    totals = {p.seat: ((p.score or {}).get("sp", p.sp), (p.score or {}).get("money", p.money)) for p in s.players}
    # A resigned seat places after every seat in play (D15).
    rank = {seat: (seat not in s.resigned, *total) for seat, total in totals.items()}
    standings = [{"seat": p.seat, "name": p.name, "sp": totals[p.seat][0], "money": totals[p.seat][1],
                  "place": 1 + sum(1 for other in rank.values() if other > rank[p.seat]),
                  "winner": p.seat in s.winners}
                 for p in sorted(s.players, key=lambda p: (tuple(-x for x in rank[p.seat]), p.seat))]
    return {"winners": list(s.winners), "winner_names": [s.players[w].name for w in s.winners],
            "standings": standings}


def _clocks(s: GameState) -> list[dict[str, Any]]:
    """Each seat's turn clock: public, as a chess clock is (whose clock runs is `to_act` already)."""
    return [{"seat": q, "deadline": c.deadline, "bank_left": c.bank_left, "timeouts": c.timeouts,
             "paused_until": c.paused_until} for q, c in enumerate(s.clocks)]


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    s = state
    # During a simultaneous Distill phase the others' boards and the shared piles are shown as the phase found
    # them (D2): only the seat's own board is live.
    table = s.opening
    others = table.players if table is not None else s.players
    truck = table.truck if table is not None else s.truck
    flavor_deck = table.flavor_deck if table is not None else len(s.flavor_deck)
    discard = table.flavor_discard if table is not None else s.flavor_discard
    face_down = table.flavor_discard_down if table is not None else len(s.flavor_discard_down)
    solo = s.solo if table is None or seat is not None else table.solo
    return {
        "phase": s.phase, "round": s.round, "first_player": s.first_player, "turn": s.turn,
        "flight": s.flight, "options": s.options.model_dump(),
        "rows": {k: list(v) for k, v in s.rows.items()},
        "deck_sizes": {k: len(v) for k, v in s.decks.items()},
        "truck": sorted(truck),
        "flavor_deck_size": flavor_deck, "flavor_discard": dict(Counter(discard)),
        "flavor_discard_face_down": face_down,
        "labels": dict(s.labels), "awards": list(s.awards),
        "awards_won": {k: list(v) for k, v in s.awards_won.items()},
        "players": [_player(s, p if p.seat == seat else others[p.seat], seat) for p in s.players],
        "to_act": to_act(s), "winners": list(s.winners), "result": _result(s),
        "secret_phase": table is not None,  # the others' boards and the shared piles as the phase found them
        "you": seat, "solo": _solo(solo), "clocks": _clocks(s) if s.clocks else [],
        "legal_actions": [a.model_dump() for a in legal_actions(s, seat)] if seat is not None else [],
    }
