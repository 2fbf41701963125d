"""Link tokens and sessions (docs/adr/0013-link-tokens.md): how a person gets into a game without pasting a
seat token.

A link token (in a page link's fragment, or an e-mail) is exchanged for a session token; a session token is a
bearer credential for its one game and seat, accepted wherever a seat token is. Both are random (192 bits),
stored only as SHA-256 hashes, expire (links after LINK_TTL_HOURS, 72 by default; sessions after
SESSION_TTL_DAYS, 30), and are bound to the seat's token hash at minting: a reissued seat token
(service/games/seat_tokens.py) voids them all, at their next use, with no write. A link may be redeemed more than
once until it expires (one e-mail opened on a phone and on a laptop).

Their shapes tell them apart from seat tokens (token_urlsafe: no `~`) and player keys (`<id>.<secret>`) without
a lookup: `l~<secret>` and `s~<secret>`.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.records import record
from infra.auth import TOKEN_BYTES, token_hash
from infra.links.base import Grant, GrantExists, Kind, LinkStore
from service.games.repository import Aggregate
from service.times import iso_seconds

if TYPE_CHECKING:
    from infra.limits import Limiter

LINK_MARK, SESSION_MARK = "l~", "s~"
_SECRET = r"[A-Za-z0-9_-]{32}"  # token_urlsafe(24): 32 characters
_SHAPES: dict[Kind, re.Pattern[str]] = {"link": re.compile(re.escape(LINK_MARK) + _SECRET),
                                        "session": re.compile(re.escape(SESSION_MARK) + _SECRET)}
_MARKS: dict[Kind, str] = {"link": LINK_MARK, "session": SESSION_MARK}
DEFAULT_LINK_TTL_HOURS = 72
DEFAULT_SESSION_TTL_DAYS = 30
DEFAULT_SESSIONS_PER_SOURCE_HOUR = 60
_DRAWS = 3  # a 192-bit token drawn twice is not going to happen; the bound only keeps the loop finite


class LinkInvalid(Exception):
    """Unknown, expired, malformed or voided link: one answer for all, so that it tells nothing."""


def is_session_token(token: str) -> bool:
    return _SHAPES["session"].fullmatch(token) is not None


def play_path(game_id: str, link_token: str) -> str:
    """Where a link token travels: in the fragment, which a browser never sends to a server."""
    return f"/play/{game_id}#link={link_token}"


def _setting(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else default


def link_seconds() -> int:
    return _setting("LINK_TTL_HOURS", DEFAULT_LINK_TTL_HOURS) * 3600


def session_seconds() -> int:
    return _setting("SESSION_TTL_DAYS", DEFAULT_SESSION_TTL_DAYS) * 86400


@record(frozen=True)
class Minted:
    """A new token (answered once: only its hash is stored) and its grant."""

    token: str
    grant: Grant


@record
class Links:
    store: LinkStore
    clock: Callable[[], float] = time.time

    def mint(self, aggregate: Aggregate, seat: int) -> Minted:
        """A link token for `seat` of the game (the caller is that seat: the route checked it)."""
        if not 0 <= seat < len(aggregate.token_hashes):
            raise ValueError("no such seat")
        return self._grant("link", aggregate.game_id, seat, aggregate.token_hashes[seat], link_seconds())

    def exchange(self, link_token: str, load: Callable[[str], Aggregate],
                 admit: Callable[[], None] | None = None) -> Minted:
        """A session for the link's seat; LinkInvalid (nothing written) unless the link is current. `admit`
        (a rate limit) runs once the link is known good, before the session is written."""
        link = self._find("link", link_token)
        if link is None:
            raise LinkInvalid()
        aggregate = load(link.game_id)
        if not aggregate.exists or not self._current(link, aggregate):
            raise LinkInvalid()
        if admit is not None:
            admit()
        return self._grant("session", link.game_id, link.seat, link.seat_token_sha256, session_seconds())

    def session_seat(self, token: str, aggregate: Aggregate) -> int | None:
        """The seat of `aggregate` this session token acts for, or None (unknown, expired, voided, another
        game's). One consistent read."""
        session = self._find("session", token)
        return session.seat if session is not None and self._current(session, aggregate) else None

    def _find(self, kind: Kind, token: str) -> Grant | None:
        if not isinstance(token, str) or _SHAPES[kind].fullmatch(token) is None:
            return None  # a malformed token costs no lookup
        return self.store.get(kind, token_hash(token))

    def _current(self, grant: Grant, aggregate: Aggregate) -> bool:
        hashes = aggregate.token_hashes
        return (grant.game_id == aggregate.game_id and grant.expires_at > self.clock()
                and grant.seat < len(hashes) and hmac.compare_digest(hashes[grant.seat], grant.seat_token_sha256))

    def _grant(self, kind: Kind, game_id: str, seat: int, seat_hash: str, lifetime: int) -> Minted:
        now = self.clock()
        for _ in range(_DRAWS):
            token = _MARKS[kind] + secrets.token_urlsafe(TOKEN_BYTES)
            grant = Grant(kind=kind, token_sha256=token_hash(token), game_id=game_id, seat=seat,
                          seat_token_sha256=seat_hash, created_at=iso_seconds(now), expires_at=int(now) + lifetime)
            try:
                self.store.create(grant)
            except GrantExists:
                continue
            return Minted(token, grant)
        raise GrantExists(kind)


def admit_session(limiter: Limiter, source_ip: str | None, now: float) -> None:
    """Count a new session from this source (LIMIT_SESSIONS_PER_SOURCE_HOUR, 0: no limit), or RateLimited.
    Only sessions about to be written are counted: a refused exchange writes nothing, not even a count."""
    from infra.limits import Limited, Window
    from service.limits.errors import RateLimited
    from service.limits.rules import HOUR, source_scope

    source = source_scope(source_ip)
    value = os.environ.get("LIMIT_SESSIONS_PER_SOURCE_HOUR", "").strip()
    limit = int(value) if value.isdigit() else DEFAULT_SESSIONS_PER_SOURCE_HOUR
    if source is None or limit == 0:
        return
    try:
        limiter.take([Window(f"sessions:source:{source}", limit, HOUR)], now)
    except Limited as full:
        raise RateLimited("sessions", full.retry_after) from None
