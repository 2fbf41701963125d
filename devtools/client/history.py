"""`distilled log`: the history GET /games/{id}/events served, one sentence per event, in English, Spanish or
Korean.

The sentences are the page's own: web/static/texts/<lang>.json, rendered by service/texts/history.py as the
e-mails are, so the terminal says what the page and the e-mails say. Only the fields of the served (redacted)
events are read: a hidden value stays hidden.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from service.texts.history import sentence
from service.texts.words import LANGUAGES, Seats, texts

__all__ = ["LANGUAGES", "catch_up", "lines"]


def _plain(text: str) -> str:
    """One terminal line: a control character in a player's name (a newline, an escape) prints as a space."""
    return "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)


def lines(commits: Iterable[dict[str, Any]], names: Sequence[str] = (), language: str = "en") -> list[str]:
    """`v12   Ada bought Barley for 3.`: each commit's version, then each of its events in `language`.

    `names` are the players by seat; without them the game_created event names them, as on the page."""
    words = texts(language)
    who = Seats(words, names)
    out = []
    for commit in commits:
        for event in commit.get("events") or []:
            if event.get("type") == "game_created" and not who.names:
                who.names = list((event.get("setup") or {}).get("names") or [])
            out.append(f"{'v' + str(commit.get('version')):<5} {_plain(sentence(words, event, who))}")
    return out


def every_page(client: Any, game_id: str, token: str | None,
               after: int = 0) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every commit after `after` (the API pages long histories), and the last page's answer."""
    commits: list[dict[str, Any]] = []
    while True:
        page: dict[str, Any] = client.events(game_id, token, after)
        commits += page.get("commits") or []
        if page.get("next_after") is None:
            return commits, page
        after = page["next_after"]


def catch_up(found: dict[str, Any]) -> list[str]:
    """GET /games/{id}/catch-up's answer as `distilled show` prints it: a title, then each line since."""
    words = texts(found.get("language") or "en")
    since = found.get("since")
    if since and not found.get("lines"):
        return [words.t("catchup.nothing")]
    title = words.t("catchup.title", version=since["version"], at=since["at"][:16].replace("T", " ")) if since \
        else words.t("catchup.never")
    return [title, *(f"- {_plain(line)}" for line in found.get("lines") or [])]
