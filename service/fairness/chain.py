"""The hash chain of a game's commits (docs/fairness.md, `distilled-chain-v1`): each commit stores the hash of the one
before it (`prev`), so that the newest commit's hash, the game's **head**, stands for its whole history: change
any commit, and every hash after it changes.

- `hash(commit)` = hex SHA-256 of the commit's canonical encoding: the JSON object
  {"game_id", "version", "command_id", "seat", "recorded_at", "digest", "prev", "salt", "events"}, in that order
  (digest and seat null when absent; `salt` the commit's own 12 random bytes, hex, served only once the
  game is over: without it no one can test a guess of another seat's hidden choice against a head shown); each
  event's keys in the order it was written in (the order the proof serves them: no key is a number, so a JSON
  parser keeps it), no whitespace, UTF-8, strings escaped as JSON.stringify escapes them (only `"`, `\\` and
  control characters), every number an integer or, if it has a fraction, its shortest round-trip form.
  In `events`, a seats record (token hashes, contact addresses: never served) stands sealed, as
  {"type": "seats", "sealed": <hex SHA-256 of the record's own canonical encoding>}.
- the first commit's `prev` is the genesis: hex SHA-256 of ASCII "distilled-chain-v1|<game id>".

Games whose first commit has no `prev` (created before the chain) have no head.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json

CHAIN = "distilled-chain-v1"
SEATS = "seats"
SALT_BYTES = 12




def _plain(value: Any) -> Any:
    """Integral floats as integers (JSON.stringify writes 5.0 as 5); a value a fold decoded in place (a commit's
    events taken over by a load: service/games/repository.py) back to its stored JSON form."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, BaseModel):
        return _plain(value.model_dump(mode="json"))
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


_INTEGRAL_FLOAT = re.compile(rb"\.0[,}\]]")  # "5.0" before a comma or a bracket: a float that is whole


def canonical(value: Any) -> bytes:
    """The canonical JSON (pydantic-core's encoder: compact, UTF-8, keys in their order). Fast unless the text shows
    what looks like an integral float ("5.0"): then again, with every integral float an integer (a string that
    merely looks so costs only the slower way)."""
    text = to_json(value)
    if _INTEGRAL_FLOAT.search(text):
        text = to_json(_plain(value))
    return text


def genesis(game_id: str) -> str:
    return hashlib.sha256(f"{CHAIN}|{game_id}".encode()).hexdigest()


def sealed(event: Mapping[str, Any]) -> Mapping[str, Any]:
    """An event as the chain holds it: a seats record by its hash alone."""
    if event.get("type") != SEATS or set(event) == {"type", "sealed"}:  # not a seats record, or sealed already
        return event
    return {"type": SEATS, "sealed": hashlib.sha256(canonical(event)).hexdigest()}


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def hash_of(game_id: str, version: int, command_id: str, seat: int | None, events: Any, recorded_at: str,
            digest: str | None, prev: str, salt: str) -> str:
    body = {"game_id": game_id, "version": version, "command_id": command_id, "seat": seat,
            "recorded_at": recorded_at, "digest": digest, "prev": prev, "salt": salt,
            "events": [e if e.get("type") != SEATS else sealed(e) for e in events]}
    return hashlib.sha256(canonical(body)).hexdigest()


def commit_hash(commit: Any) -> str | None:
    """The hash of a stored commit (an infra.store Commit); None for a commit of an unchained game."""
    if commit.prev is None or commit.salt is None:
        return None
    return hash_of(commit.game_id, commit.version, commit.command_id, commit.seat, commit.events,
                   commit.recorded_at, commit.digest, commit.prev, commit.salt)


def chained(aggregate: Any) -> dict[str, str]:
    """The chain's fields of the commit after `aggregate` (its prev, a new salt); none for an unchained game."""
    return {"prev": aggregate.head, "salt": new_salt()} if aggregate.head is not None else {}
