"""web/static/catalogue.json: the catalogue's numbers for the page (costs, what a card gives, recipes' needs), and
what the setup deals from (copies, flights left out, the solo grid's tiers), for the page's fairness check.

Names and texts are not here: they are words, in web/static/texts/<lang>.json. `python -m web.catalogue`
writes the file; tests/functions/test_web_texts.py fails when it is out of date.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.catalogue import AWARDS, CARDS, DISTILLERS, FLIGHTS, GOALS, LABEL_SPACES, RECIPES, SOLO_CARDS
from domain.purchase import cube_cost
from domain.solo import ROW_SIZES, TIERS
from domain.state import ROUNDS

PATH = Path(__file__).parent / "static" / "catalogue.json"


def _values(record: Any, *fields: str) -> dict[str, Any]:
    out = {}
    for name in fields:
        value = getattr(record, name)
        if isinstance(value, frozenset):
            value = sorted(str(v) for v in value)
        elif value is not None and not isinstance(value, (int, bool)):
            value = str(value)
        if value not in (None, "", []):
            out[name] = value
    return out


def catalogue() -> dict[str, Any]:
    return {
        "cards": {c.id: _values(c, "kind", "market", "cost", "money", "sp", "sugar", "barrel", "region",
                                "upgrade_kind", "copies") for c in CARDS.values()},
        "recipes": {r.id: _values(r, "tier", "allowed", "min_sugars", "barrel", "aged", "money", "sp", "region")
                    | {"cube_cost": cube_cost(r.id)} for r in RECIPES.values()},
        "distillers": {d.id: _values(d, "region", "money", "yeast", "water", "signature_recipe",
                                     "signature_ingredient", "removed_with_pairings") for d in DISTILLERS.values()},
        "goals": {g.id: _values(g, "sp", "excluded_flights") for g in GOALS.values()},
        "awards": {a.id: _values(a, "sp", "excluded_flights", "excluded_two_player_flights")
                   for a in AWARDS.values()},
        "solo": {"cards": {s.id: _values(s, "tier", "excluded_flights") for s in SOLO_CARDS.values()},
                 "row_sizes": list(ROW_SIZES), "row_tiers": TIERS},
        "label_spaces": [space.reward for space in LABEL_SPACES],
        "flights": {f.id: list(f.recipes) for f in FLIGHTS.values()},
        "rounds": ROUNDS,
    }


def text() -> str:
    return json.dumps(catalogue(), separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
