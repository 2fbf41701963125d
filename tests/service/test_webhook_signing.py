"""Webhook signatures (service/notices/webhook/signing.py): what the sender produces verifies with the Standard
Webhooks library (`standardwebhooks`, written by others) as a receiver runs it, and nothing changed does; the
headers of before are still there, unchanged; secrets made before keep working."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from pathlib import Path
from typing import Any

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from devtools.webhook_receiver import verify
from service.notices.webhook.signing import (
    LEGACY_DELIVERY,
    LEGACY_SIGNATURE,
    LEGACY_TIMESTAMP,
    WEBHOOK_ID,
    WEBHOOK_SIGNATURE,
    WEBHOOK_TIMESTAMP,
    is_secret,
    key,
    new_secret,
    sign,
    standard_secret,
)

BODY = b'{"delivery":"g1:3:0:your_turn","kind":"your_turn","link":"https://play.example/play/g1#link=l~x"}'
DELIVERY = "g1:3:0:your_turn"
LEGACY = "wh~" + "Ab-_" * 10 + "xyz"  # the form of before: wh~ and 43 URL-safe characters


def refused(secret: str, body: bytes, headers: dict[str, str]) -> bool:
    """Whether the library refuses the delivery (it raises ValueError, too, on a malformed header)."""
    try:
        Webhook(secret).verify(body, headers)
    except (WebhookVerificationError, ValueError):
        return True
    return False


def test_what_the_sender_signs_verifies_with_the_standard_webhooks_library() -> None:
    secret, now = new_secret(), time.time()
    headers = sign(secret, BODY, now, DELIVERY)
    assert Webhook(secret).verify(BODY, headers) == {"delivery": DELIVERY, "kind": "your_turn",
                                                     "link": "https://play.example/play/g1#link=l~x"}
    assert (headers[WEBHOOK_ID], headers[WEBHOOK_TIMESTAMP]) == (DELIVERY, str(int(now)))  # the id, the send time
    assert (WEBHOOK_ID, WEBHOOK_TIMESTAMP, WEBHOOK_SIGNATURE) == ("webhook-id", "webhook-timestamp",
                                                                  "webhook-signature")
    assert verify(secret, headers, BODY) == ""  # the project's receiver: the same library


def test_the_signature_is_the_specs_hmac_over_id_timestamp_and_body() -> None:
    secret, now = new_secret(), 1_800_000_000.9
    headers = sign(secret, BODY, now, DELIVERY)
    raw = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    mac = hmac.new(raw, f"{DELIVERY}.1800000000.".encode() + BODY, hashlib.sha256).digest()
    assert headers[WEBHOOK_SIGNATURE] == "v1," + base64.b64encode(mac).decode()
    assert key(secret) == raw and len(raw) == 32


def test_a_changed_body_id_timestamp_or_signature_or_another_secret_is_refused() -> None:
    secret = new_secret()
    headers = sign(secret, BODY, time.time(), DELIVERY)
    assert refused(secret, BODY + b" ", headers)
    assert refused(secret, BODY, {**headers, WEBHOOK_ID: DELIVERY + "x"})  # the id is signed: no replay under another
    assert refused(secret, BODY, {**headers, WEBHOOK_TIMESTAMP: str(int(headers[WEBHOOK_TIMESTAMP]) + 1)})
    flipped = base64.b64encode(bytes(b ^ 1 for b in base64.b64decode(headers[WEBHOOK_SIGNATURE][3:]))).decode()
    assert refused(secret, BODY, {**headers, WEBHOOK_SIGNATURE: "v1," + flipped})
    assert refused(secret, BODY, {**headers, WEBHOOK_SIGNATURE: headers[LEGACY_SIGNATURE]})  # malformed: v1=hex
    assert refused(new_secret(), BODY, headers)
    assert verify(secret, {**headers, WEBHOOK_SIGNATURE: "v1=ab"}, BODY) != ""  # the project's receiver refuses it
    assert verify(secret, headers, BODY + b"\xff") != ""  # a body not UTF-8, too


@pytest.mark.parametrize("missing", ["webhook-id", "webhook-timestamp", "webhook-signature"])
def test_the_standard_header_names_are_the_ones_the_library_reads(missing: str) -> None:
    secret = new_secret()
    headers = sign(secret, BODY, time.time(), DELIVERY)
    assert not refused(secret, BODY, {k.upper(): v for k, v in headers.items()})  # any case, as HTTP allows
    assert refused(secret, BODY, {k: v for k, v in headers.items() if k != missing})


def test_outside_the_five_minute_window_is_refused_either_way() -> None:
    secret, now = new_secret(), time.time()
    assert refused(secret, BODY, sign(secret, BODY, now - 330, DELIVERY))
    assert refused(secret, BODY, sign(secret, BODY, now + 330, DELIVERY))
    assert not refused(secret, BODY, sign(secret, BODY, now - 240, DELIVERY))


def test_the_headers_of_before_are_still_sent_unchanged() -> None:
    secret, now = new_secret(), 1_800_000_000.0
    headers = sign(secret, BODY, now, DELIVERY)
    expected = hmac.new(secret.encode(), b"1800000000." + BODY, hashlib.sha256).hexdigest()
    assert {k: headers[k] for k in (LEGACY_TIMESTAMP, LEGACY_SIGNATURE, LEGACY_DELIVERY)} == {
        "X-Distilled-Timestamp": "1800000000", "X-Distilled-Signature": f"v1={expected}",
        "X-Distilled-Delivery": DELIVERY}
    assert len(headers) == 6


def test_a_secret_made_before_keeps_signing_both_ways() -> None:
    assert is_secret(LEGACY) and key(LEGACY) == LEGACY.encode()
    headers = sign(LEGACY, BODY, time.time(), DELIVERY)
    assert Webhook(LEGACY.encode()).verify(BODY, headers)  # its key is its UTF-8 bytes
    assert standard_secret(LEGACY) == "whsec_" + base64.b64encode(LEGACY.encode()).decode()
    assert Webhook(standard_secret(LEGACY)).verify(BODY, headers)  # or its whsec_ form
    assert refused(LEGACY, BODY, headers)  # given to the library as it is, it is not base64: refused, never a pass
    assert verify(LEGACY, headers, BODY) == ""  # the project's receiver takes either form
    expected = hmac.new(LEGACY.encode(), headers[LEGACY_TIMESTAMP].encode() + b"." + BODY, hashlib.sha256)
    assert headers[LEGACY_SIGNATURE] == f"v1={expected.hexdigest()}"  # as it always was


def test_secrets_are_random_long_and_in_the_specs_form() -> None:
    made = {new_secret() for _ in range(20)}
    assert len(made) == 20 and all(is_secret(s) and s.startswith("whsec_") and len(key(s)) == 32 for s in made)
    assert all(standard_secret(s) == s for s in made)
    assert not is_secret("wh~short") and not is_secret("whsec_c2hvcnQ=") and not is_secret("whsec_not*base64")


def test_the_receiver_in_the_docs_takes_a_delivery_once_and_refuses_a_forged_one() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "webhooks.md").read_text()
    code = text.split("## Receiving", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    secret, acted = new_secret(), []
    scope: dict[str, Any] = {"secret": secret, "act_on": acted.append}
    exec(compile(code, "docs/webhooks.md", "exec"), scope)
    headers, seen = {k.title(): v for k, v in sign(secret, BODY, time.time(), DELIVERY).items()}, set[str]()
    assert scope["receive"](headers, BODY, seen) == 204 and seen == {DELIVERY} and acted[0]["kind"] == "your_turn"
    assert scope["receive"](headers, BODY, seen) == 204 and len(acted) == 1  # the repeat, ignored
    assert scope["receive"](headers, BODY.replace(b"your_turn", b"game_over"), seen) == 401
    assert scope["receive"]({**headers, "Webhook-Signature": "v1=ab"}, BODY, seen) == 401
