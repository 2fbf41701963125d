"""The player store's records and contract, shared by every implementation.

A player is one item (pk `PLAYER#<id>`, sk `PROFILE`) written only by conditional puts on its `revision`, so
two updates that race never both land: the loser gets RevisionConflict and re-reads. A write may carry outbox
messages (the transactional outbox): they are stored in the same atomic write or not at all, and the table's
stream hands them to the notifier, which publishes them.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Protocol

from domain.records import field, record

PLAYER_ID_PATTERN = r"p[A-Za-z0-9_-]{16}"
_PLAYER_ID = re.compile(PLAYER_ID_PATTERN)
PLAYER_PREFIX = "PLAYER#"
PROFILE_KEY = "PROFILE"
OUTBOX_PREFIX = "OUTBOX#"
ADDRESS_PREFIX = "ADDRESS#"  # ADDRESS#<sha256 of the address>, sk PLAYER: whose address it is (SES feedback)
ADDRESS_KEY = "PLAYER"


def address_hash(address: str) -> str:
    """What an address is stored as where it is only a key (suppression, the player lookup): its SHA-256, the
    address lower-cased (mailbox providers treat local parts case-insensitively; a false match only turns off)."""
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()


def is_player_id(value: str) -> bool:
    return _PLAYER_ID.fullmatch(value) is not None


@record(frozen=True)
class PlayerRecord:
    """A player as stored. Secrets appear only as SHA-256 hashes (`key_sha256`, `email_code_sha256`)."""

    player_id: str
    key_sha256: str
    name: str
    time_zone: str
    created_at: str
    updated_at: str
    revision: int = 1
    email: str | None = None
    email_confirmed: bool = False
    email_code_sha256: str | None = None  # the newest confirmation code (kept once confirmed: a repeat is a no-op)
    email_code_expires_at: int | None = None  # epoch seconds
    webhook_url: str | None = None
    push_endpoint: str | None = None
    language: str | None = None  # the e-mails' language (en, es, ko); None: English
    # e-mail every "your turn", not only a round's first (service/notices/email/channel.py)
    email_every_turn: bool | None = None
    # epoch seconds: the player's turn clocks pause until then (service/clocks/vacation.py)
    vacation_until: int | None = None
    vacation_year: int | None = None  # the UTC year `vacation_days_used` counts
    vacation_days_used: int | None = None  # of that year's allowance
    devices: str | None = None  # the push devices, as JSON text (service/notices/push/devices.py); never a device token
    quiet_hours: str | None = None  # "22:00-08:00", wall clock in time_zone (service/notices/quiet_hours.py)
    # push every "your turn"; None: as email_every_turn (service/notices/push/channel.py)
    push_every_turn: bool | None = None
    email_enabled: bool | None = None  # the player's own off switch (PATCH, or one-click unsubscribe); None: on
    email_disabled_reason: str | None = None  # "bounced" / "complained" (SES feedback): until the address changes
    email_disabled_since: str | None = None
    # Webhooks (service/notices/webhook/settings.py): the secret signs deliveries, so it is kept as is; repr=False
    # keeps it out of any printed record. `webhook_since`: when the URL was set.
    webhook_secret: str | None = field(default=None, repr=False)
    webhook_since: str | None = None
    webhook_failures: int | None = None  # consecutive deliveries that failed every attempt
    webhook_disabled_at: str | None = None
    webhook_generation: int | None = None  # the revision that set the URL: a delivery queued before is dropped


@record(frozen=True)
class OutboxMessage:
    """A message to publish once the write carrying it has landed. `key` is unique per player (its sort key)."""

    player_id: str
    key: str
    message: dict[str, Any]
    expires_at: int  # epoch seconds: the item is gone by then (DynamoDB's TTL) whether relayed or not
    # The hash of the address it goes to (infra/channels/email.py address_hash): the store writes the address's
    # lookup item (ADDRESS#<hash> -> player) in the same write, so SES feedback finds the player without a scan.
    address_lookup: str | None = None


class PlayerExists(Exception):
    """A player with this id already exists: pick another id."""


class RevisionConflict(Exception):
    """The stored player is not at the revision this write was based on: nothing was written; re-read."""

    def __init__(self, player_id: str, revision: int) -> None:
        super().__init__(f"player {player_id!r} is no longer at revision {revision}")
        self.player_id, self.revision = player_id, revision


class PlayerStore(Protocol):
    def create(self, record: PlayerRecord) -> None:
        """Write a new player at revision 1; PlayerExists (and nothing written) if the id is taken."""
        ...

    def get(self, player_id: str) -> PlayerRecord | None:
        """The player as last written (a strongly consistent read), or None."""
        ...

    def replace(self, record: PlayerRecord, outbox: tuple[OutboxMessage, ...] = ()) -> None:
        """Write `record` (revision n + 1) over revision n, together with `outbox`, atomically; RevisionConflict
        and nothing written if the stored player is not at revision n (or does not exist)."""
        ...

    def player_of_address(self, address_hash: str) -> str | None:
        """The player whose latest address change named the address of this hash (its lookup item), or None."""
        ...


def check_record(record: PlayerRecord) -> None:
    """Refuse what no correct caller writes, identically in every store."""
    if not is_player_id(record.player_id):
        raise ValueError("not a player id")
    if isinstance(record.revision, bool) or not isinstance(record.revision, int) or record.revision < 1:
        raise ValueError(f"revision must be an int >= 1, got {record.revision!r}")
    if len(record.key_sha256) != 64:
        raise ValueError("key_sha256 must be a SHA-256 hex digest")


def check_outbox(record: PlayerRecord, outbox: tuple[OutboxMessage, ...]) -> None:
    if len({m.key for m in outbox}) != len(outbox) or any(m.player_id != record.player_id for m in outbox):
        raise ValueError("outbox messages must be the written player's, with distinct keys")


def record_fields(record: PlayerRecord) -> dict[str, Any]:
    """The record as plain JSON values, absent fields left out (as DynamoDB keeps them)."""
    return {k: v for k, v in record.__dict__.items() if v is not None}


def record_from(fields: dict[str, Any]) -> PlayerRecord:
    return PlayerRecord(**fields)
