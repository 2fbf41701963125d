"""What a seat must never see, as the actual hidden values, for scanning the JSON text it was sent."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.events import GameCreated, Setup
from domain.state import GameState
from infra.auth import token_hash


def quoted(value: str) -> str:
    return json.dumps(value)


@dataclass
class Secrets:
    """The true game, known to the test; `tokens` every seat token; `public` the text of everything ever
    shown to all (the true events with the hidden parts of setups and reshuffles removed)."""

    setup: Setup
    tokens: list[str]
    public: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, events: Iterable[Any], tokens: list[str]) -> Secrets:
        events = list(events)
        created = next(e for e in events if isinstance(e, GameCreated))
        secrets = cls(created.setup, tokens)
        secrets.saw(events)
        return secrets

    def saw(self, events: Iterable[Any]) -> None:
        for event in events:
            data = event.model_dump(mode="json")
            if event.type == "game_created":
                for hidden in ("decks", "flavor_deck", "goals", "dealt_distillers"):
                    data["setup"].pop(hidden)
            if event.type == "deck_reshuffled":
                data.pop("order")
            if event.type == "goal_discarded":
                data.pop("goal")
            self.public.append(json.dumps(data))

    def never_public(self, values: Iterable[str]) -> set[str]:
        text = "\n".join(self.public)
        return {v for v in values if quoted(v) not in text}

    def needles(self, state: GameState, seat: int | None, *, history: bool = False) -> set[str]:
        """Strings that must not occur in anything sent to `seat` while the game is in `state`."""
        found = {t for t in self.tokens} | {token_hash(t) for t in self.tokens}
        if state.phase != "finished":
            found |= {quoted(g) for i, goals in enumerate(self.setup.goals) if i != seat for g in goals}
        hidden_cards = set(state.decks.get("upgrades", [])) | set(state.flavor_deck)
        # Face-down flavors are hidden from everyone; flavors a power drew are known to their owner only.
        hidden_cards |= {f for p in state.players for s in p.spirits for f in s.flavors
                         if f not in s.known_flavors or p.seat != seat}
        if history:  # a card once shown (then shuffled back) may be named in the history, just not located
            hidden_cards = self.never_public(hidden_cards)
        return found | {quoted(c) for c in hidden_cards}


def assert_no_leak(text: str, needles: set[str], where: str) -> None:
    leaked = sorted(n for n in needles if n in text)
    assert not leaked, f"{where} leaked {leaked[:5]}"
