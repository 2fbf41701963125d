"""Reply tokens: the address a "your turn" e-mail is answered to, `play+<reply token>@<REPLY_DOMAIN>`.

Like a link token (docs/adr/0013-link-tokens.md): random (160 bits), stored only as its SHA-256 (the link store,
kind `reply`, pk `REPLY#<hash>`), short-lived (REPLY_TTL_HOURS, 72 by default), for one seat of one game, and
bound to the seat's token hash at minting, so a reissued seat token voids every reply address of the seat. It
also records the game's version its e-mail showed: a reply is read against the choices that e-mail listed.

A new one is minted for every e-mail that carries one (each notice, each answer): rotated per message. Lower-case
hex, because some mail systems fold an address's case. REPLY_DOMAIN unset: no e-mail carries a reply address and
no mail is taken in.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
import time
from collections.abc import Callable, Iterable
from email.utils import getaddresses

from domain.records import record
from infra.auth import token_hash
from infra.links.base import Grant, GrantExists, LinkStore
from service.games.aggregate import Aggregate
from service.times import iso_seconds

LOCAL_PART = "play"
DEFAULT_REPLY_TTL_HOURS = 72
_TOKEN = re.compile(r"[0-9a-f]{40}")
_DRAWS = 3


def reply_domain() -> str:
    """Where replies are received (REPLY_DOMAIN); "": nowhere."""
    return os.environ.get("REPLY_DOMAIN", "").strip().lower()


def reply_seconds() -> int:
    value = os.environ.get("REPLY_TTL_HOURS", "").strip()
    return (int(value) if value.isdigit() and int(value) > 0 else DEFAULT_REPLY_TTL_HOURS) * 3600


def token_in(addresses: Iterable[str], domain: str) -> str | None:
    """The reply token of the first `play+<token>@<domain>` among these addresses (header values or plain
    addresses), or None."""
    for _, address in getaddresses([a for a in addresses if a]):
        local, at, host = address.strip().lower().rpartition("@")
        name, plus, token = local.partition("+")
        if at and host == domain and name == LOCAL_PART and plus and _TOKEN.fullmatch(token):
            return token
    return None


@record
class ReplyTokens:
    store: LinkStore
    domain: str
    clock: Callable[[], float] = time.time

    def address(self, aggregate: Aggregate, seat: int, version: int) -> str:
        """A new reply address for `seat`, read against the game at `version`."""
        if not 0 <= seat < len(aggregate.token_hashes):
            raise ValueError("no such seat")
        now = self.clock()
        for _ in range(_DRAWS):
            token = secrets.token_hex(20)
            grant = Grant(kind="reply", token_sha256=token_hash(token), game_id=aggregate.game_id, seat=seat,
                          seat_token_sha256=aggregate.token_hashes[seat], created_at=iso_seconds(now),
                          expires_at=int(now) + reply_seconds(), version=version)
            try:
                self.store.create(grant)
            except GrantExists:
                continue
            return f"{LOCAL_PART}+{token}@{self.domain}"
        raise GrantExists("reply")

    def find(self, token: str) -> Grant | None:
        """The unexpired grant of this token, or None (one consistent read; a malformed token costs none)."""
        if not _TOKEN.fullmatch(token):
            return None
        grant = self.store.get("reply", token_hash(token))
        return grant if grant is not None and grant.expires_at > self.clock() else None

    @staticmethod
    def current(grant: Grant, aggregate: Aggregate) -> bool:
        """Whether the grant is still the seat's: same game, and the seat token it was minted under."""
        hashes = aggregate.token_hashes
        return (grant.game_id == aggregate.game_id and grant.seat < len(hashes)
                and hmac.compare_digest(hashes[grant.seat], grant.seat_token_sha256))
