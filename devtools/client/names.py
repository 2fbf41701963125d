"""Display names of catalogue ids ("barley" -> "Barley"), for text meant to be read rather than typed."""

from __future__ import annotations

from typing import Any

from devtools.client.phrases import WORDS
from domain.catalogue import AWARDS, CARDS, DISTILLERS, GOALS, RECIPES
from domain.redact import HIDDEN


def card(cid: Any) -> str:
    if cid == HIDDEN:
        return WORDS["hidden"]
    found = CARDS.get(str(cid))
    return found.name if found else str(cid)


def cards(ids: Any) -> str:
    """A list of cards, or a count where the history only says how many there were."""
    if isinstance(ids, int):
        return WORDS["cards"].format(count=ids)
    return WORDS["list"].join(card(c) for c in ids or []) or WORDS["none"]


def recipe(rid: Any) -> str:
    found = RECIPES.get(str(rid))
    return found.name if found else str(rid)


def distiller(did: Any) -> str:
    found = DISTILLERS.get(str(did))
    return found.name if found else str(did)


def goal(gid: Any) -> str:
    found = GOALS.get(str(gid))
    return found.name if found else str(gid)


def award(aid: Any) -> str:
    found = AWARDS.get(str(aid))
    return found.name if found else str(aid)


def power(pid: Any) -> str:
    """A power belongs to a distiller or to an upgrade card."""
    return distiller(pid) if str(pid) in DISTILLERS else card(pid)


def cost(cid: str) -> int | None:
    found = CARDS.get(cid)
    return found.cost if found else None
