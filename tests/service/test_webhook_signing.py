"""Webhook signatures: what a receiver accepts and refuses (service/notices/webhook/signing.py)."""

from __future__ import annotations

import hashlib
import hmac

from service.notices.webhook.signing import DELIVERY, SIGNATURE, TIMESTAMP, is_secret, new_secret, sign, verify

NOW = 1_800_000_000.0
BODY = b'{"kind":"your_turn","game_id":"g1"}'


def test_a_signed_delivery_verifies_and_the_signature_is_the_documented_hmac() -> None:
    secret = new_secret()
    headers = sign(secret, BODY, NOW, "g1:3:0:webhook")
    expected = hmac.new(secret.encode(), f"{int(NOW)}.".encode() + BODY, hashlib.sha256).hexdigest()
    assert headers == {TIMESTAMP: str(int(NOW)), SIGNATURE: f"v1={expected}", DELIVERY: "g1:3:0:webhook"}
    assert verify(secret, headers, BODY, NOW)
    assert verify(secret, {k.lower(): v for k, v in headers.items()}, BODY, NOW + 299)


def test_a_tampered_body_timestamp_or_signature_is_refused() -> None:
    secret = new_secret()
    headers = sign(secret, BODY, NOW, "d")
    assert verify(secret, headers, BODY + b" ", NOW).reason == "bad_signature"
    later = {**headers, TIMESTAMP: str(int(NOW) + 1)}
    assert verify(secret, later, BODY, NOW).reason == "bad_signature"
    flipped = headers[SIGNATURE][:-1] + ("0" if headers[SIGNATURE][-1] != "0" else "1")
    assert verify(secret, {**headers, SIGNATURE: flipped}, BODY, NOW).reason == "bad_signature"
    assert verify(secret, {**headers, TIMESTAMP: "-5"}, BODY, NOW).reason == "bad_timestamp"
    assert verify(secret, {TIMESTAMP: headers[TIMESTAMP]}, BODY, NOW).reason == "missing_header"


def test_the_wrong_secret_is_refused() -> None:
    headers = sign(new_secret(), BODY, NOW, "d")
    assert verify(new_secret(), headers, BODY, NOW).reason == "bad_signature"


def test_outside_the_replay_window_is_refused_either_way() -> None:
    secret = new_secret()
    headers = sign(secret, BODY, NOW, "d")
    assert verify(secret, headers, BODY, NOW + 301).reason == "outside_window"
    assert verify(secret, headers, BODY, NOW - 301).reason == "outside_window"
    assert verify(secret, headers, BODY, NOW + 500, window=600)


def test_a_reused_delivery_id_is_refused_when_the_receiver_keeps_a_seen_set() -> None:
    secret, seen = new_secret(), set[str]()
    headers = sign(secret, BODY, NOW, "g1:3:0:webhook")
    assert verify(secret, headers, BODY, NOW, seen=seen)
    again = sign(secret, BODY, NOW + 30, "g1:3:0:webhook")  # a fresh signature, the same delivery
    assert verify(secret, again, BODY, NOW + 30, seen=seen).reason == "replayed"
    assert seen == {"g1:3:0:webhook"}


def test_secrets_are_random_long_and_prefixed() -> None:
    secrets = {new_secret() for _ in range(20)}
    assert len(secrets) == 20 and all(is_secret(s) and s.startswith("wh~") for s in secrets)
    assert not is_secret("wh~short")
