"""`distilled catalogue`: print the card catalogue as plain-text tables, or its counts (`--counts`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Sequence

from domain.catalogue import (
    AWARDS,
    CARDS,
    DISTILLERS,
    FLIGHTS,
    GOALS,
    LABEL_SPACES,
    RECIPES,
    SOLO_CARDS,
    counts,
)
from domain.catalogue.model import CardDef, Market, RecipeDef, Tier


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the `catalogue` subcommand; `run` is stored as the parser's `func` default."""
    parser = subparsers.add_parser("catalogue", help="show the card catalogue")
    parser.add_argument("--counts", action="store_true", help="print component counts as one JSON line")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if getattr(args, "counts", False):
        print(json.dumps(counts()))
    else:
        print("\n".join(listing()))
    return 0


# ---------------------------------------------------------------------------------------------------------
# Plain-text listing
# ---------------------------------------------------------------------------------------------------------


def _table(title: str, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    """An aligned plain-text table; numeric columns are right-aligned."""
    raw = [list(row) for row in rows]
    cells = [[_cell(v) for v in row] for row in raw]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    numeric = [
        all(isinstance(r[i], int) and not isinstance(r[i], bool) for r in raw if r[i] is not None)
        for i in range(len(headers))
    ]

    def line(values: Sequence[str]) -> str:
        parts = (v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True))
        return "  ".join(parts).rstrip()

    out = [f"== {title} ==", line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return [*out, ""]


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, frozenset | set):
        return ",".join(sorted(str(v) for v in value)) or "-"
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value) or "-"
    return str(value)


def _cards(market: Market) -> list[CardDef]:
    return [c for c in CARDS.values() if c.market is market]


def _title(name: str, market: Market) -> str:
    defs = _cards(market)
    total = sum(c.copies for c in defs)
    return f"{name} ({len(defs)} defs, {total} cards)" if total != len(defs) else f"{name} ({total})"


def _recipe_row(r: RecipeDef) -> tuple[object, ...]:
    sugars = ",".join(s.value for s in sorted(r.allowed)) or "none"
    return (r.id, r.name, r.tier.value, r.cube_cost, sugars, r.min_sugars, r.barrel.value, r.aged, r.money,
            r.sp, r.region.value)


def _recipes(signature: bool) -> list[RecipeDef]:
    return [r for r in RECIPES.values() if (r.tier is Tier.SIGNATURE) == signature]


_RECIPE_HEADERS = ("id", "name", "tier", "cube", "sugars", "min", "barrel", "aged", "money", "sp", "region")


def listing() -> list[str]:
    """The whole catalogue as aligned plain-text tables, one section per component family."""
    out: list[str] = []
    out += _table(
        _title("Basic cards", Market.BASIC), ("id", "name", "kind", "type", "cost", "money", "sp"),
        ((c.id, c.name, c.kind.value, c.sugar or c.barrel, c.cost, c.money, c.sp)
         for c in _cards(Market.BASIC)),
    )
    out += _table(
        "Starting items (2) and alcohol", ("id", "name", "kind", "type", "money", "sp"),
        ((c.id, c.name, c.kind.value, c.barrel or c.region, c.money, c.sp)
         for c in _cards(Market.STARTING) + _cards(Market.ALCOHOL)),
    )
    out += _table(
        _title("Premium ingredients", Market.INGREDIENT),
        ("id", "name", "kind", "sugar", "key", "copies", "cost", "money", "sp"),
        ((c.id, c.name, c.kind.value, c.sugar, c.ingredient_key, c.copies, c.cost, c.money, c.sp)
         for c in _cards(Market.INGREDIENT)),
    )
    out += _table(
        _title("Premium items", Market.ITEM),
        ("id", "name", "kind", "region/barrel", "copies", "cost", "money", "sp"),
        ((c.id, c.name, c.kind.value, c.region or c.barrel, c.copies, c.cost, c.money, c.sp)
         for c in _cards(Market.ITEM)),
    )
    out += _table(
        _title("Upgrades", Market.UPGRADE), ("id", "name", "kind", "cost", "sp"),
        ((c.id, c.name, c.upgrade_kind, c.cost, c.sp) for c in _cards(Market.UPGRADE)),
    )
    out += _table(
        _title("Flavors", Market.FLAVOR), ("id", "name", "money"),
        ((c.id, c.name, c.money) for c in _cards(Market.FLAVOR)),
    )
    out += _table(
        f"Recipes ({len(_recipes(False))})", _RECIPE_HEADERS,
        (_recipe_row(r) for r in _recipes(False)),
    )
    out += _table(
        f"Signature recipes ({len(_recipes(True))})", (*_RECIPE_HEADERS, "must include"),
        ((*_recipe_row(r), r.must_include) for r in _recipes(True)),
    )
    out += _table(
        f"Flights ({len(FLIGHTS)})", ("id", "recipes", "note"),
        ((f.id, f.recipes, f.note) for f in FLIGHTS.values()),
    )
    out += _table(
        f"Distillers ({len(DISTILLERS)})",
        ("id", "name", "region", "$/yeast/water", "signature recipe", "ingredient", "removed on"),
        ((d.id, d.name, d.region.value, f"{d.money}/{d.yeast}/{d.water}", d.signature_recipe,
          d.signature_ingredient, d.removed_with_pairings) for d in DISTILLERS.values()),
    )
    out += _table(
        _title("Signature ingredients", Market.SIGNATURE),
        ("id", "name", "sugar", "key", "cost", "money", "sp"),
        ((c.id, c.name, c.sugar, c.ingredient_key, c.cost, c.money, c.sp) for c in _cards(Market.SIGNATURE)),
    )
    out += _table(
        f"Goals ({len(GOALS)})", ("id", "name", "sp", "not on flights"),
        ((g.id, g.name, g.sp, g.excluded_flights) for g in GOALS.values()),
    )
    out += _table(
        f"Awards ({len(AWARDS)})", ("id", "name", "sp", "not on flights", "not with 2 players on"),
        ((a.id, a.name, a.sp, a.excluded_flights, a.excluded_two_player_flights) for a in AWARDS.values()),
    )
    out += _table(
        f"Label spaces ({len(LABEL_SPACES)})", ("index", "reward", "text"),
        ((s.index, s.reward, s.text) for s in LABEL_SPACES),
    )
    out += _table(
        f"Solo cards ({len(SOLO_CARDS)})",
        ("id", "type", "condition", "target", "sp", "money", "back discard", "not on flights"),
        ((s.id, s.type, s.condition, s.target, s.reward_sp, s.reward_money,
          " | ".join(",".join(map(str, row)) for row in s.back_discard) if s.back_discard else None,
          s.excluded_flights) for s in SOLO_CARDS.values()),
    )
    return out
