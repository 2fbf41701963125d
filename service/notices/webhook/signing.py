"""Signing a webhook delivery (docs/webhooks.md, docs/adr/0025-standard-webhooks.md), pure: the caller hands in
the clock.

A delivery is signed in the Standard Webhooks format: `webhook-id` (the delivery id, the same on every attempt, so
a receiver drops a repeat), `webhook-timestamp` (the send time, integer epoch seconds) and `webhook-signature`
(`v1,` and the base64 HMAC-SHA256 of `f"{id}.{timestamp}.{body}"`, keyed with the secret's key). Receivers verify
it with a Standard Webhooks library (`standardwebhooks` on PyPI: devtools/webhook_receiver.py). The signing is
these few lines of hmac, not the library, so the code Lambda runs needs no dependency for it, and the tests check
what it produces against the library, an implementation written by others.

Secrets are in the spec's form, `whsec_` and the base64 of 32 random bytes (the key). A secret made before
(`wh~` and 43 URL-safe characters) keeps working: its key is its UTF-8 bytes, as its signatures always were, and
`standard_secret` gives its `whsec_` form for a receiver's library.

For one release every delivery also carries the headers of before, unchanged: `X-Distilled-Timestamp`,
`X-Distilled-Delivery` and `X-Distilled-Signature` (`v1=` and the hex HMAC-SHA256 of `f"{timestamp}.{body}"`
keyed with the secret's UTF-8 bytes, whatever its form), so a receiver written against them goes on verifying,
a new secret included, until it moves to the standard ones.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

SECRET_PREFIX = "whsec_"  # the Standard Webhooks form: whsec_ + base64(key)
SECRET_BYTES = 32  # the spec asks for 24 to 64
LEGACY_SECRET_PREFIX = "wh~"  # secrets made before ADR 25; the key is the whole string's UTF-8 bytes

WEBHOOK_ID = "webhook-id"
WEBHOOK_TIMESTAMP = "webhook-timestamp"
WEBHOOK_SIGNATURE = "webhook-signature"
SCHEME = "v1"

# The headers of before (ADR 20), kept for one release: to be dropped in the next one.
LEGACY_TIMESTAMP = "X-Distilled-Timestamp"
LEGACY_SIGNATURE = "X-Distilled-Signature"
LEGACY_DELIVERY = "X-Distilled-Delivery"


def new_secret() -> str:
    """A fresh webhook secret in the spec's form: `whsec_` and the (padded, standard) base64 of 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def _standard_key(value: str) -> bytes | None:
    try:
        return base64.b64decode(value.removeprefix(SECRET_PREFIX), validate=True)
    except (binascii.Error, ValueError):
        return None


def is_secret(value: str) -> bool:
    """A secret of either form: `whsec_` with a base64 key of 24 bytes or more, or one made before (`wh~`)."""
    if value.startswith(SECRET_PREFIX):
        key = _standard_key(value)
        return key is not None and len(key) >= 24
    return value.startswith(LEGACY_SECRET_PREFIX) and len(value) >= len(LEGACY_SECRET_PREFIX) + 43


def key(secret: str) -> bytes:
    """The HMAC key of the standard signature: the base64-decoded key of a `whsec_` secret, the UTF-8 bytes of
    one made before."""
    if secret.startswith(SECRET_PREFIX):
        decoded = _standard_key(secret)
        if decoded is not None:
            return decoded
    return secret.encode()


def standard_secret(secret: str) -> str:
    """The spec's `whsec_` form of a secret: itself, or for one made before `whsec_` + base64 of its UTF-8 bytes
    (the key it has always signed with), which a Standard Webhooks library takes as it is."""
    if secret.startswith(SECRET_PREFIX) and _standard_key(secret) is not None:
        return secret
    return SECRET_PREFIX + base64.b64encode(key(secret)).decode()


def signature(secret: str, delivery: str, timestamp: int, body: bytes) -> str:
    """`webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`."""
    signed = delivery.encode() + b"." + str(timestamp).encode() + b"." + body
    mac = hmac.new(key(secret), signed, hashlib.sha256).digest()
    return f"{SCHEME},{base64.b64encode(mac).decode()}"


def legacy_signature(secret: str, timestamp: int, body: bytes) -> str:
    """`X-Distilled-Signature`, as before: `v1=` and the hex HMAC-SHA256 of `timestamp.body`, keyed with the
    secret's UTF-8 bytes."""
    mac = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256)
    return f"{SCHEME}={mac.hexdigest()}"


def sign(secret: str, body: bytes, now: float, delivery: str) -> dict[str, str]:
    """The headers of one delivery of `body` at `now` (epoch seconds): the standard ones and, for one release,
    those of before."""
    timestamp = int(now)
    return {
        WEBHOOK_ID: delivery,
        WEBHOOK_TIMESTAMP: str(timestamp),
        WEBHOOK_SIGNATURE: signature(secret, delivery, timestamp, body),
        LEGACY_TIMESTAMP: str(timestamp),
        LEGACY_SIGNATURE: legacy_signature(secret, timestamp, body),
        LEGACY_DELIVERY: delivery,
    }
