"""Seat tokens: random bearer secrets, kept only as SHA-256 hashes and compared in constant time.

A token has 192 random bits, so a plain (unsalted, fast) hash is enough: there is nothing to guess.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence

TOKEN_BYTES = 24


def new_token() -> str:
    return word(TOKEN_BYTES)


def word(nbytes: int) -> str:
    """A random URL-safe word that never starts with "-": a command line would read one as an option."""
    while (drawn := secrets.token_urlsafe(nbytes)).startswith("-"):
        pass
    return drawn


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_for(token: str, hashes: Sequence[str]) -> int | None:
    """The seat this token belongs to, or None. Every hash is compared, so timing tells nothing."""
    presented = token_hash(token)
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if hmac.compare_digest(presented, stored):
            found = seat
    return found


def authorization(headers: Mapping[str, str]) -> str | None:
    """The Authorization header's value, whatever the header's case, or None when it was not sent."""
    return next((v for k, v in headers.items() if k.lower() == "authorization"), None)


def bearer_token(value: str) -> str | None:
    """The token of an `Authorization: Bearer <token>` value, or None when it is not one."""
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 256:
        return None
    return token
