"""Signing a webhook delivery and checking one (docs/webhooks.md), pure: the caller hands in the clock.

The signature covers the timestamp and the exact body bytes (`f"{timestamp}.{body}"`), so neither can be
changed or replayed under another time without the secret; a receiver also refuses a timestamp outside its
window and, given the ids it has seen, a delivery id twice (the sender may deliver one notice more than once).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, MutableSet

from domain.records import record

SECRET_PREFIX = "wh~"
SECRET_BYTES = 32
TIMESTAMP = "X-Distilled-Timestamp"
SIGNATURE = "X-Distilled-Signature"
DELIVERY = "X-Distilled-Delivery"
SCHEME = "v1"
WINDOW = 300  # seconds either side of the receiver's clock


def new_secret() -> str:
    """A fresh webhook secret: 32 random bytes, URL-safe, prefixed so a leaked one is recognisable."""
    return SECRET_PREFIX + secrets.token_urlsafe(SECRET_BYTES)


def is_secret(value: str) -> bool:
    return value.startswith(SECRET_PREFIX) and len(value) >= len(SECRET_PREFIX) + 43


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256)
    return f"{SCHEME}={mac.hexdigest()}"


def sign(secret: str, body: bytes, now: float, delivery: str) -> dict[str, str]:
    """The headers of one delivery of `body` at `now` (epoch seconds)."""
    timestamp = int(now)
    return {TIMESTAMP: str(timestamp), SIGNATURE: signature(secret, timestamp, body), DELIVERY: delivery}


@record(frozen=True)
class Verdict:
    ok: bool
    reason: str = ""  # why not: missing_header, bad_timestamp, outside_window, bad_signature, replayed

    def __bool__(self) -> bool:
        return self.ok


def _header(headers: Mapping[str, str], name: str) -> str | None:
    wanted = name.lower()
    return next((v for k, v in headers.items() if k.lower() == wanted), None)


def verify(secret: str, headers: Mapping[str, str], body: bytes, now: float, window: int = WINDOW,
           seen: MutableSet[str] | None = None) -> Verdict:
    """Whether a received delivery is genuine, fresh and (with `seen`) new; a new one is added to `seen`.
    Header names are matched case-insensitively (HTTP servers differ in how they hand them over)."""
    stamp, signed, delivery = (_header(headers, h) for h in (TIMESTAMP, SIGNATURE, DELIVERY))
    if stamp is None or signed is None or delivery is None:
        return Verdict(False, "missing_header")
    if not stamp.isascii() or not stamp.isdigit() or len(stamp) > 12:
        return Verdict(False, "bad_timestamp")
    timestamp = int(stamp)
    if abs(now - timestamp) > window:
        return Verdict(False, "outside_window")
    # Constant time: a receiver answering faster for a longer correct prefix would let one guess it byte by byte.
    if not hmac.compare_digest(signature(secret, timestamp, body).encode(), signed.encode()):
        return Verdict(False, "bad_signature")
    if seen is not None:
        if delivery in seen:
            return Verdict(False, "replayed")
        seen.add(delivery)
    return Verdict(True)
