"""The confirmation message of a new e-mail address (service/players/service.py writes it in the profile's transaction,
the transactional outbox): the only place its code ever goes."""

from __future__ import annotations

from infra.players import OutboxMessage, PlayerRecord
from infra.players.base import address_hash
from service.times import iso_seconds as iso


def confirmation(record: PlayerRecord, name: str, address: str, code: str, expires: int,
                 link_base: str, language: str | None = None) -> OutboxMessage:
    """The confirmation e-mail, as the e-mail channel will send it: the only place the code ever goes."""
    revision = record.revision + 1
    link = f"{link_base.rstrip('/')}/players/{record.player_id}/confirm-email?code={code}"
    text = (f"Hello {name}: to receive Distilled Online notices at this address, open {link} "
            f"(or run `distilled player confirm {code}`) before {iso(expires)}.")
    message = {
        "kind": "confirm_email", "channel": "email", "player_id": record.player_id, "to": address,
        "subject": "Confirm your e-mail address for Distilled Online", "text": text, "link": link, "code": code,
        "expires_at": iso(expires), "dedup_key": f"{record.player_id}:confirm_email:{revision}",
        "language": language or "en", "name": name,
    }
    return OutboxMessage(record.player_id, f"CONFIRM_EMAIL#{revision:010d}", message, expires, address_hash(address))
