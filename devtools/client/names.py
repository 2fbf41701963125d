"""Display names of catalogue ids ("barley" -> "Barley") for `distilled show`, and what a card costs.

The history names its ids from web/static/texts/<lang>.json instead (service/texts/words.py), in the reader's
language; these are the catalogue's own English names, which texts/en.json holds equal."""

from __future__ import annotations

from typing import Any

from domain.catalogue import CARDS, DISTILLERS


def card(cid: Any) -> str:
    found = CARDS.get(str(cid))
    return found.name if found else str(cid)


def distiller(did: Any) -> str:
    found = DISTILLERS.get(str(did))
    return found.name if found else str(did)


def power(pid: Any) -> str:
    """A power belongs to a distiller or to an upgrade card."""
    return distiller(pid) if str(pid) in DISTILLERS else card(pid)


def cost(cid: str) -> int | None:
    found = CARDS.get(cid)
    return found.cost if found else None
