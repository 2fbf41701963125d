"""The link store's records and contract, shared by every implementation.

A grant is what a link token, a session token or a reply token (service/replies/tokens.py) entitles its bearer
to: one seat of one game, until it expires,
while the seat keeps the token it had at minting (`seat_token_sha256`). A link is exchanged for sessions; a
session is presented on the game routes. Each is one item on the games table, keyed by the SHA-256 of its token
(pk `LINK#<hash>` / sk `LINK`, pk `SESSION#<hash>` /
sk `SESSION`, pk `REPLY#<hash>` / sk `REPLY`): a token itself is never stored. Grants are
written once and never changed; DynamoDB's TTL (`expires_at`, epoch seconds) removes them, lazily, so a reader
checks the expiry itself.
"""

from __future__ import annotations

from typing import Literal, Protocol

from domain.records import record

Kind = Literal["link", "session", "reply"]
KINDS: tuple[Kind, ...] = ("link", "session", "reply")
PREFIXES: dict[Kind, str] = {"link": "LINK#", "session": "SESSION#", "reply": "REPLY#"}
SORT_KEYS: dict[Kind, str] = {"link": "LINK", "session": "SESSION", "reply": "REPLY"}


@record(frozen=True)
class Grant:
    kind: Kind
    token_sha256: str
    game_id: str
    seat: int
    seat_token_sha256: str  # the seat's token hash at minting: a reissued seat token voids the grant
    created_at: str  # ISO 8601 UTC
    expires_at: int  # epoch seconds
    version: int = 0  # a reply token's: the game's version its e-mail showed (0 for links and sessions)


class GrantExists(Exception):
    """A grant with this token hash exists already (a token drawn twice): draw another token."""


class LinkStore(Protocol):
    def create(self, grant: Grant) -> None:
        """Write a new grant; GrantExists (and nothing written) if its token hash is taken."""
        ...

    def get(self, kind: Kind, token_sha256: str) -> Grant | None:
        """The grant of this kind and token hash (a strongly consistent read), or None. Expired grants that
        the TTL has not removed yet are answered too: the caller judges the expiry."""
        ...


def _is_sha256(value: str) -> bool:
    return len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def check_grant(grant: Grant) -> None:
    """Refuse what no correct caller writes, identically in every store."""
    if grant.kind not in KINDS:
        raise ValueError("not a grant kind")
    if not _is_sha256(grant.token_sha256) or not _is_sha256(grant.seat_token_sha256):
        raise ValueError("token hashes must be SHA-256 hex digests")
    if isinstance(grant.seat, bool) or not isinstance(grant.seat, int) or grant.seat < 0:
        raise ValueError("seat must be an int >= 0")
    if isinstance(grant.expires_at, bool) or not isinstance(grant.expires_at, int) or grant.expires_at <= 0:
        raise ValueError("expires_at must be epoch seconds")
    if isinstance(grant.version, bool) or not isinstance(grant.version, int) or grant.version < 0:
        raise ValueError("version must be an int >= 0")
    if not grant.game_id:
        raise ValueError("a grant names its game")
