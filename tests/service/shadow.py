"""The true game, followed by a test from the store: the state every reply is checked against."""

from __future__ import annotations

from typing import Any

from domain.state import GameState
from infra.serialization import domain_event
from infra.store import EventStore
from service.games.repository import SEATS_RECORD, Aggregate, fold_commits


class Shadow:
    def __init__(self, store: EventStore, game_id: str) -> None:
        self.store, self.game_id = store, game_id
        self.aggregate = Aggregate(game_id)
        self.events: list[Any] = []
        self.phases: set[str] = set()
        self.advance()

    @property
    def state(self) -> GameState:
        return self.aggregate.state

    @property
    def version(self) -> int:
        return self.aggregate.version

    def advance(self) -> list[Any]:
        """Fold the commits written since last time; their domain events."""
        commits = self.store.commits(self.game_id, after=self.version)
        self.aggregate = fold_commits(self.aggregate, commits)
        new = [domain_event(e) for c in commits for e in c.events if e["type"] != SEATS_RECORD]
        self.events += new
        self.phases |= {e.phase for e in new if e.type == "phase_started"}
        self.phases |= {"market" for e in new if e.type == "round_started"} | {self.state.phase}
        return new
