"""The applier registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.state import GameState

Applier = Callable[[GameState, Any], None]
APPLIERS: dict[str, Applier] = {}


def applies(event_type: type) -> Callable[[Applier], Applier]:
    def register(fn: Applier) -> Applier:
        APPLIERS[event_type.model_fields["type"].default] = fn  # type: ignore[attr-defined]
        return fn

    return register
