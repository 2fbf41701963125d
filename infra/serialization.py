"""Domain values as stored JSON: events (with their schema version) and game states (for snapshots)."""

from __future__ import annotations

import json
import zlib
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from domain.events import EVENT, SCHEMA_VERSION
from domain.state import GameState
from infra.store import Event

# Bump when `evolve` changes what a state means without changing its shape (a fixed applier): every
# snapshot written before then is then ignored and rebuilt from the events.
STATE_CODEC_REVISION = 2  # 2: flavors a power draws and does not keep are discarded face down

# The fingerprint of the state's shape, written down rather than computed at cold start (building the
# schema costs a Lambda tens of milliseconds); tests/infra/test_serialization.py fails until it matches
# `state_shape()`, so a deploy that changes the shape always retires old snapshots.
SNAPSHOT_SCHEMA_VERSION = 1305537064


@cache
def _state_adapter() -> TypeAdapter[GameState]:
    """Built on first use: a cold start that never meets a snapshot never pays for it."""
    return TypeAdapter(GameState)


def state_shape() -> int:
    """A fingerprint of the state's JSON schema, kept below 2**31 (stored as a DynamoDB number)."""
    schema = json.dumps(_state_adapter().json_schema(), sort_keys=True, separators=(",", ":"))
    return zlib.crc32(f"{STATE_CODEC_REVISION}:{SCHEMA_VERSION}:{schema}".encode()) & 0x7FFFFFFF


def stored_event(event: Any) -> Event:
    """A domain event as the store keeps it: its JSON fields plus the schema version it was written in."""
    data: Event = event.model_dump(mode="json")
    data["v"] = SCHEMA_VERSION
    return data


def domain_event(stored: Event) -> Any:
    """The domain event back from its stored (already upcast) form."""
    return EVENT.validate_python({k: v for k, v in stored.items() if k != "v"})


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = _state_adapter().dump_python(state, mode="json")
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    return _state_adapter().validate_python(data)
