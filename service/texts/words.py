"""The page's words in Python: web/static/texts/<lang>.json read as web/static/js/i18n.js reads it, and the names of
catalogue ids and seats as web/static/js/names.js and history.js's Seats give them. English fills any key (or
whole language) a translation lacks, as on the page. The history's sentences are service/texts/history.py's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from domain.catalogue import DISTILLERS, LABEL_SPACES

TEXTS_DIR = Path(__file__).resolve().parents[2] / "web" / "static" / "texts"
LANGUAGES = ("en", "es", "ko")
HIDDEN = "hidden"
_FIELD = re.compile(r"\{(\w+)\}")


def _lookup(table: Any, key: str) -> Any:
    node = table
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _read(path: Path) -> dict[str, Any]:
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


class Texts:
    def __init__(self, table: dict[str, Any], fallback: dict[str, Any], language: str) -> None:
        self.table, self.fallback, self.language = table, fallback, language

    def has(self, key: str) -> bool:
        return isinstance(_lookup(self.table, key), str) or isinstance(_lookup(self.fallback, key), str)

    def t(self, key: str, **params: Any) -> str:
        text = _lookup(self.table, key)
        if not isinstance(text, str):
            text = _lookup(self.fallback, key)
        if not isinstance(text, str):
            return key
        return _FIELD.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)

    # names.js
    def card(self, id: Any) -> str:
        if id == HIDDEN:
            return self.t("card.hidden")
        if id is None:
            return self.t("card.unknown")
        key = f"cards.{id}.name"
        return self.t(key) if self.has(key) else str(id)

    def cards(self, ids: Any) -> str:
        if isinstance(ids, int):
            return self.t("words.cards", count=ids)
        counts: dict[Any, int] = {}
        for id in ids or []:
            counts[id] = counts.get(id, 0) + 1
        named = [self.t("words.times", card=self.card(i), count=n) if n > 1 else self.card(i)
                 for i, n in counts.items()]
        return self.t("words.list").join(named) or self.t("words.none")

    def _named(self, table: str, id: Any, suffix: str = "") -> str:
        key = f"{table}.{id}{suffix}"
        return self.t(key) if id is not None and self.has(key) else str(id if id is not None else "?")

    def recipe(self, id: Any) -> str:
        return self._named("recipes", id)

    def distiller(self, id: Any) -> str:
        return self._named("distillers", id, ".name")

    def award(self, id: Any) -> str:
        return self._named("awards", id, ".name")

    def deck(self, id: Any) -> str:
        return self._named("decks", id)

    def goal(self, id: Any) -> str:
        if id == HIDDEN:
            return self.t("card.hidden")
        if self.has(f"goals.{id}.name"):
            return self.t(f"goals.{id}.name")
        return self.t("solo.cell", id=id, goal=self.t(f"solo_goals.{id}")) if self.has(f"solo_goals.{id}") else str(id)

    def power(self, id: Any) -> str:
        return self.distiller(id) if id in DISTILLERS else self.card(id)

    def phase(self, id: Any) -> str:
        key = f"phases.{id}"
        return self.t(key) if self.has(key) else str(id).replace("_", " ")

    def list(self, items: Iterable[str]) -> str:
        named = list(items)
        if len(named) > 1:
            return self.t("words.list").join(named[:-1]) + self.t("words.and") + named[-1]
        return named[0] if named else self.t("words.nobody")

    def label_reward(self, index: Any) -> str:
        if not isinstance(index, int) or not 0 <= index < len(LABEL_SPACES):
            return ""
        return self.t(f"label_rewards.{LABEL_SPACES[index].reward}")


@cache
def texts(language: str, directory: Path = TEXTS_DIR) -> Texts:
    """The texts of `language` (English for an unknown one), read once per container."""
    language = language if language in LANGUAGES else "en"
    fallback = _read(directory / "en.json")
    return Texts(fallback if language == "en" else _read(directory / f"{language}.json"), fallback, language)


class Seats:
    def __init__(self, words: Texts, names: Sequence[str]) -> None:
        self.words, self.names = words, list(names)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.words.t("words.seat", seat=seat)

    def several(self, seats: Any) -> str:
        return self.words.list(self.name(s) for s in seats or [])
