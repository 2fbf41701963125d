"""A span of commits as one seat may see it: GET /games/{id}/events, the catch-up and the e-mails judge alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.redact import redact_history
from domain.state import GameState
from infra.serialization import domain_event
from infra.store import Commit
from service.games.repository import RECORDS


def redacted(commits: Sequence[Commit], seat: int | None, state: GameState) -> list[list[dict[str, Any]]]:
    """Each commit's domain events as `seat` may see them in `state` (None: a spectator). The whole span is
    judged at once: it tells where an open secret phase began."""
    return redact_history([(c.seat, [domain_event(e) for e in c.events if e["type"] not in RECORDS])
                           for c in commits], seat, state)
