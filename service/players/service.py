"""The players' application service: create a player, authenticate its key, edit its profile, rotate its key,
confirm its e-mail address.

A player key is `<player_id>.<secret>` (192 random bits): it names its player, so one read authenticates it,
and only its SHA-256 is stored, compared in constant time. Every write is conditional on the revision it read
(infra/players): a write that loses a race is re-read, re-authenticated (a key rotated meanwhile fails at
once) and re-applied, a bounded number of times, so no update is ever lost; a caller that named the revision
it expects gets StaleRevision instead.

Changing the e-mail address sets it pending with a new confirmation code (random, stored hashed, valid for
CONFIRMATION_SECONDS). The code travels only in the confirmation message, written in the same transaction as
the profile (the transactional outbox), which the stream-fed notifier publishes: the message exists if and
only if the change landed.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from domain.records import record
from infra.auth import new_token, token_hash
from infra.players import OutboxMessage, PlayerExists, PlayerRecord, PlayerStore, RevisionConflict
from infra.players.base import is_player_id
from service.clock import now_epoch
from service.clocks.vacation import vacation_fields
from service.notices.webhook.settings import webhook_fields
from service.notices.webhook.signing import new_secret as new_webhook_secret
from service.players.confirmation import confirmation
from service.players.errors import (
    InvalidCode,
    InvalidField,
    PlayerContention,
    PlayerNotFound,
    StaleRevision,
    Unauthenticated,
)
from service.players.profiles import (
    DEFAULT_TIME_ZONE,
    MAX_PUSH_ENDPOINT,
    valid_email,
    valid_https_url,
    valid_language,
    valid_name,
    valid_time_zone,
)
from service.times import iso_seconds as iso

CONFIRMATION_SECONDS = 24 * 3600
ATTEMPTS = 3  # writes per request when other writes to the same player keep landing first
MAX_KEY = 128
_NO_MATCH = token_hash("no such player")  # compared when the player is unknown, so timing tells nothing

__all__ = ["Changes", "Confirmed", "Created", "InvalidCode", "InvalidField", "PlayerContention", "PlayerNotFound",
           "Players", "StaleRevision", "Unauthenticated"]


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@record(frozen=True)
class Changes:
    """What a PATCH asks for: UNSET leaves a field alone, None clears it (a cleared time zone is UTC)."""

    name: str | None = UNSET
    time_zone: str | None = UNSET
    email: str | None = UNSET
    webhook_url: str | None = UNSET
    push_endpoint: str | None = UNSET
    vacation_until: str | None = UNSET  # ISO 8601; None ends a vacation (service/clocks/vacation.py)
    quiet_hours: tuple[str, str] | None = UNSET  # (start, end), HH:MM
    language: str | None = UNSET  # None: English
    email_every_turn: bool | None = UNSET  # None: off (one e-mail per round)
    email_enabled: bool | None = UNSET  # None: on


@record(frozen=True)
class Created:
    record: PlayerRecord
    key: str  # shown once


@record(frozen=True)
class Updated:
    record: PlayerRecord
    webhook_secret: str | None = None  # made by this change (a webhook URL set for the first time): shown once


@record(frozen=True)
class Confirmed:
    record: PlayerRecord
    already: bool  # the address was confirmed by this same code before: nothing written


def split_key(key: str) -> str | None:
    """The player id a key names, or None when it has not the shape of a player key."""
    player_id, dot, secret = key.partition(".")
    if not dot or not secret or len(key) > MAX_KEY or not is_player_id(player_id):
        return None
    return player_id


def is_player_key(token: str) -> bool:
    """Player keys are told apart from seat tokens by their shape (seat tokens have no dot)."""
    return split_key(token) is not None


@record
class Players:
    store: PlayerStore
    clock: Callable[[], float] = now_epoch  # the service clock: a test or the local server may set it
    new_secret: Callable[[], str] = new_token
    # Hex: a code never starts with "-", so `distilled player confirm CODE` cannot read it as an option.
    new_code: Callable[[], str] = lambda: secrets.token_hex(16)
    allow_loopback_webhooks: bool = False  # the local server only (service/notices/webhook/settings.py)

    def create(self, name: str, time_zone: str | None = None, admit: Callable[[], None] | None = None) -> Created:
        """`admit`: the limits' check (service/limits/rules.py), once the request is known to be valid."""
        name, zone = valid_name(name), valid_time_zone(time_zone or DEFAULT_TIME_ZONE)
        if admit is not None:
            admit()
        now = iso(self.clock())
        while True:
            player_id = "p" + secrets.token_urlsafe(12)
            key = f"{player_id}.{self.new_secret()}"
            record = PlayerRecord(player_id, token_hash(key), name, zone, created_at=now, updated_at=now)
            try:
                self.store.create(record)
            except PlayerExists:  # 96 random bits: never in practice, but never an overwrite either
                continue
            return Created(record, key)

    def authenticate(self, key: str | None) -> PlayerRecord:
        player_id = split_key(key) if key else None
        record = self.store.get(player_id) if player_id else None
        presented = token_hash(key) if key else ""
        if not hmac.compare_digest(presented, record.key_sha256 if record else _NO_MATCH) or record is None:
            raise Unauthenticated()
        return record

    def update(self, key: str | None, changes: Changes, link_base: str,
               expected_revision: int | None = None) -> PlayerRecord:
        return self.update_profile(key, changes, link_base, expected_revision).record

    def update_profile(self, key: str | None, changes: Changes, link_base: str,
                       expected_revision: int | None = None) -> Updated:
        """`update`, with the webhook secret this change made, if it made one."""
        made: list[str] = []

        def change(record: PlayerRecord) -> tuple[PlayerRecord, tuple[OutboxMessage, ...]]:
            changed, outbox = self._changed(record, changes, link_base)
            made[:] = [changed.webhook_secret] if changed.webhook_secret != record.webhook_secret and \
                changed.webhook_secret else []
            return changed, outbox

        record = self._write(lambda: self.authenticate(key), change, expected_revision)
        return Updated(record, made[0] if made and made[0] == record.webhook_secret else None)

    def rotate_webhook_secret(self, key: str | None) -> Updated:
        """A new webhook secret, shown once; deliveries are signed with it from now on."""
        fresh: list[str] = []

        def rotated(record: PlayerRecord) -> tuple[PlayerRecord, tuple[OutboxMessage, ...]]:
            if record.webhook_url is None:
                raise InvalidField("webhook_url", "not_set", "set a webhook URL first")
            fresh[:] = [new_webhook_secret()]
            return replace(record, webhook_secret=fresh[0]), ()

        record = self._write(lambda: self.authenticate(key), rotated, None)
        return Updated(record, fresh[0])

    def rotate_key(self, key: str | None) -> Created:
        fresh: list[str] = []

        def rotated(record: PlayerRecord) -> tuple[PlayerRecord, tuple[OutboxMessage, ...]]:
            fresh[:] = [f"{record.player_id}.{self.new_secret()}"]
            return replace(record, key_sha256=token_hash(fresh[0])), ()

        record = self._write(lambda: self.authenticate(key), rotated, None)
        return Created(record, fresh[0])

    def confirm_own(self, key: str | None, code: str) -> Confirmed:
        return self._confirm(lambda: self.authenticate(key), code)

    def confirm(self, player_id: str, code: str) -> Confirmed:
        """The link's confirmation: the code is the credential."""

        def read() -> PlayerRecord:
            record = self.store.get(player_id) if is_player_id(player_id) else None
            if record is None:
                raise PlayerNotFound(player_id)
            return record

        return self._confirm(read, code)

    # --- internals ------------------------------------------------------------------------------------------

    def _confirm(self, read: Callable[[], PlayerRecord], code: str) -> Confirmed:
        already: list[bool] = []

        def confirmed(record: PlayerRecord) -> tuple[PlayerRecord, tuple[OutboxMessage, ...]]:
            if record.email is None or record.email_code_sha256 is None:
                raise InvalidCode("invalid_code")
            matches = hmac.compare_digest(token_hash(code), record.email_code_sha256)
            if record.email_confirmed:
                if not matches:
                    raise InvalidCode("invalid_code")
                already[:] = [True]
                return record, ()
            if self._expired(record):  # whatever was sent: an expired code is of no use, right or wrong
                raise InvalidCode("code_expired")
            if not matches:
                raise InvalidCode("invalid_code")
            return replace(record, email_confirmed=True, email_code_expires_at=None), ()

        record = self._write(read, confirmed, None)
        return Confirmed(record, bool(already))

    def _expired(self, record: PlayerRecord) -> bool:
        return record.email_code_expires_at is None or record.email_code_expires_at <= self.clock()

    def _write(self, read: Callable[[], PlayerRecord],
               change: Callable[[PlayerRecord], tuple[PlayerRecord, tuple[OutboxMessage, ...]]],
               expected_revision: int | None) -> PlayerRecord:
        """Read, change, write conditionally; on a lost race read again (and re-authenticate) and retry."""
        for _ in range(ATTEMPTS):
            record = read()
            if expected_revision is not None and record.revision != expected_revision:
                raise StaleRevision(expected_revision, record.revision)
            changed, outbox = change(record)
            if changed == record:
                return record  # nothing to change: nothing written
            written = replace(changed, revision=record.revision + 1, updated_at=iso(self.clock()))
            try:
                self.store.replace(written, outbox)
            except RevisionConflict:
                if expected_revision is not None:
                    raise StaleRevision(expected_revision, read().revision) from None
                continue
            return written
        raise PlayerContention()

    def _changed(self, record: PlayerRecord, changes: Changes,
                 link_base: str) -> tuple[PlayerRecord, tuple[OutboxMessage, ...]]:
        fields: dict[str, Any] = {}
        if changes.name is not UNSET:
            if changes.name is None:
                raise InvalidField("name", "required", "cannot be cleared")
            fields["name"] = valid_name(changes.name)
        if changes.time_zone is not UNSET:
            fields["time_zone"] = valid_time_zone(changes.time_zone or DEFAULT_TIME_ZONE)
        if changes.webhook_url is not UNSET:
            fields.update(webhook_fields(record, changes.webhook_url, iso(self.clock()), self.allow_loopback_webhooks))
        if changes.push_endpoint is not UNSET:
            fields["push_endpoint"] = None if changes.push_endpoint is None else valid_https_url(
                "push_endpoint", changes.push_endpoint, MAX_PUSH_ENDPOINT)
        if changes.quiet_hours is not UNSET:
            from service.notices.quiet_hours import stored_quiet_hours  # only a PATCH that sets them needs it

            fields["quiet_hours"] = stored_quiet_hours(changes.quiet_hours)
        fields.update(_preferences(changes))
        outbox: tuple[OutboxMessage, ...] = ()
        off = {"email_disabled_reason": None, "email_disabled_since": None}  # a new address starts deliverable
        if changes.email is None:
            fields.update(email=None, email_confirmed=False, email_code_sha256=None, email_code_expires_at=None, **off)
        elif changes.email is not UNSET:
            address = valid_email(changes.email)
            # A bounced or complained address sent again is confirmed again: the new link proves it works.
            if not (address == record.email and record.email_confirmed and not record.email_disabled_reason):
                code, expires = self.new_code(), int(self.clock()) + CONFIRMATION_SECONDS
                fields.update(email=address, email_confirmed=False, email_code_sha256=token_hash(code),
                              email_code_expires_at=expires, **off)
                named = fields.get("name", record.name)
                language = fields.get("language", record.language)
                outbox = (confirmation(record, named, address, code, expires, link_base, language),)
        if changes.vacation_until is not UNSET:
            fields.update(vacation_fields(record, changes.vacation_until, self.clock()))
        return replace(record, **fields), outbox


def _preferences(changes: Changes) -> dict[str, Any]:
    """The e-mail preferences a PATCH sets (None: back to the default, stored as absent)."""
    fields: dict[str, Any] = {}
    if changes.language is not UNSET:
        fields["language"] = None if changes.language is None else valid_language(changes.language)
    for name in ("email_every_turn", "email_enabled"):
        value = getattr(changes, name)
        if value is not UNSET:
            if value is not None and not isinstance(value, bool):
                raise InvalidField(name, "not_boolean", "must be true, false or null")
            fields[name] = value
    return fields
