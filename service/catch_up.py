"""Since you last looked (docs/catch-up.md): what happened in a game since a seat last saw it, only what that
seat may see (the commits after its last look exactly as GET /games/{id}/events?after=<that version> serves them
to it), in words, with its unread table talk. The page opens on it after an absence, `distilled show` prints it.

A look is recorded when the seat reads its view or acts (service/looks.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from infra.last_seen import Seen
from infra.store import Commit
from service.games.repository import Aggregate
from service.games.seat_history import redacted
from service.texts.history import QUIET, sentence
from service.texts.words import Seats, texts


def catch_up(aggregate: Aggregate, commits: Sequence[Commit], seat: int, since: Seen | None,
             language: str = "en") -> dict[str, Any]:
    """The answer of GET /games/{id}/catch-up: `commits`, the game's after the seat's last look (all of them when
    it never looked) up to `aggregate`'s version, as the seat may see them, and each event in words."""
    seen = redacted(commits, seat, aggregate.state)
    words = texts(language)
    who = Seats(words, [p.name for p in aggregate.state.players])
    return {
        "game_id": aggregate.game_id, "version": aggregate.version, "seat": seat,
        "since": {"version": since.version, "at": since.at} if since else None,
        "commits": [{"version": c.version, "seat": c.seat, "recorded_at": c.recorded_at, "events": events}
                    for c, events in zip(commits, seen, strict=True)],
        "lines": [sentence(words, e, who) for events in seen for e in events if e.get("type") not in QUIET],
        "language": words.language,
    }
