"""Domain values as stored JSON: events (with their schema version) and game states (for snapshots)."""

from __future__ import annotations

import base64
import hashlib
import json
import typing
import zlib
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from domain.events import EVENT, SCHEMA_VERSION
from domain.events import Event as DomainEvent
from domain.state import GameState
from infra.store import Event
from infra.trusted import Convert, dataclass_converter, model_converter

# Bump when `evolve` changes what a state means without changing its shape (a fixed applier): every
# snapshot written before then is then ignored and rebuilt from the events.
# 2: flavors a power draws and does not keep are discarded face down. 3: snapshots hold a filter of the command
# keys instead of the keys (service/games/seen.py), compressed: code before it cannot read them, so it must skip them.
STATE_CODEC_REVISION = 3

# The fingerprint of the state's shape, written down rather than computed at cold start (building the
# schema costs a Lambda tens of milliseconds); tests/infra/test_serialization.py fails until it matches
# `state_shape()`, so a deploy that changes the shape always retires old snapshots.
SNAPSHOT_SCHEMA_VERSION = 1609599681


# Of sha256: 16 bytes (22 characters) tell commands apart as well as the whole hash would, at a fraction of
# the item size DynamoDB bills (commits and, for every processed command, snapshots).
DIGEST_BYTES = 16


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


@cache
def _trusted_events(consume: bool = False) -> dict[str, Convert]:
    """Each event class's trusted decoder by its `type`, derived on first use."""
    classes = typing.get_args(typing.get_args(DomainEvent)[0])
    return {cls.model_fields["type"].default: model_converter(cls, "v", consume) for cls in classes}


def trusted_event(stored: Event) -> Any:
    """`domain_event` for what this service stored itself (validated when written), without validating it
    again: the load path. A stored event that does not fit its class goes through validation, and fails there
    as it always has."""
    decode = _trusted_events().get(stored["type"])
    if decode is not None:
        try:
            return decode(stored)
        except (ValueError, TypeError, KeyError, AttributeError):
            pass
    return domain_event(stored)


def trusted_events(stored: list[Event], consume: bool = False) -> list[Any]:
    """`trusted_event` of each, in order. `consume`: the stored dicts were parsed for this call alone and are
    given away (they become the events' own, less their `v`): no copy of each."""
    decoders = _trusted_events(consume)
    try:
        return [decoders[e["type"]](e) for e in stored]
    except (ValueError, TypeError, KeyError, AttributeError):
        # One of them does not fit: each on its own. Those already consumed hold what validation makes of them
        # (no `v`, tuples, int keys, models), which decodes to the same events again.
        return [trusted_event(e) for e in stored]


def command_digest(command: Any) -> str:
    """A short fingerprint of what a domain command asks for: a resend has the same one, another command not.

    Made from the command as decided, not from the body's text: key order, spacing and spelled-out defaults
    do not count. Fields at their defaults are left out, so adding an optional field to a command later does
    not change the fingerprint of a resend that spans the deploy. The seat is left out: command ids are
    already scoped to a seat. The type is always in (a bare `pass` and a bare `decline` differ only by it).
    """
    fields = command.model_dump(mode="json", exclude_defaults=True, exclude={"seat"})
    fields["type"] = command.type
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    digest = hashlib.sha256(canonical.encode("ascii")).digest()[:DIGEST_BYTES]
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = _state_adapter().dump_python(state, mode="json")
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    return _state_adapter().validate_python(data)


def trusted_state(data: dict[str, Any]) -> GameState:
    """`state_from_json` for a snapshot this service wrote, without validating it again (TypeError or KeyError
    if it does not have the state's shape)."""
    state: GameState = dataclass_converter(GameState)(data)
    return state
