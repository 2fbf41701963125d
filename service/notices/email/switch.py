"""Turning e-mail off for a player or an address: the one write that unsubscribe and SES feedback share.

A player is switched off on its record (conditional on its revision, re-read on a lost race, like every player
write); a seat contact, which has no record, by a suppression item keyed by its address's hash.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from infra.mail_state import MailState
from infra.players import PlayerRecord, PlayerStore, RevisionConflict
from infra.players.base import address_hash as hash_of
from service.times import iso_seconds as iso

ATTEMPTS = 3
PLAYER_TARGET, ADDRESS_TARGET = "player:", "address:"


def change_player(players: PlayerStore, player_id: str, change: Callable[[PlayerRecord], PlayerRecord | None],
                  clock: Callable[[], float] = time.time) -> bool:
    """Apply `change` (None: nothing to do) to the player, conditionally on its revision; whether it wrote."""
    for _ in range(ATTEMPTS):
        record = players.get(player_id)
        changed = change(record) if record is not None else None
        if record is None or changed is None or changed == record:
            return False
        try:
            players.replace(replace(changed, revision=record.revision + 1, updated_at=iso(clock())))
        except RevisionConflict:
            continue
        return True
    raise RevisionConflict(player_id, -1)


def opted_out(record: PlayerRecord) -> PlayerRecord | None:
    return None if record.email_enabled is False else replace(record, email_enabled=False)


def address_off(reason: str, address_hash: str, since: str) -> Callable[[PlayerRecord], PlayerRecord | None]:
    """The player's address turned off, if it is still the address the feedback was about."""
    def change(record: PlayerRecord) -> PlayerRecord | None:
        if record.email is None or hash_of(record.email) != address_hash:
            return None  # the player has moved to another address since: the old one's lookup is stale
        if record.email_disabled_reason == reason:
            return None
        return replace(record, email_disabled_reason=reason, email_disabled_since=since)

    return change


def suppress(state: MailState, address_hash: str, reason: str, now: float) -> None:
    if state.suppressed(address_hash) != reason:
        state.suppress(address_hash, reason, iso(now))


def target_of(kind: str, value: str) -> str:
    return f"{kind}{value}"


def parse_target(target: str) -> tuple[str, str] | None:
    for kind in (PLAYER_TARGET, ADDRESS_TARGET):
        if target.startswith(kind) and len(target) > len(kind):
            return kind, target[len(kind):]
    return None

