"""One-click unsubscribe (RFC 8058): the link every notice e-mail carries, and what following it does.

A link is `<PAGE_BASE_URL>/unsubscribe/<token>`: the token is random (192 bits), minted for each e-mail sent,
and stored only as its SHA-256 beside what it turns off (a player, or a seat contact's address by its hash):
it names nobody, and is neither a player key nor a seat token. POSTing it turns e-mail off; a GET only shows
the page with the button (link scanners fetch every URL in a message). Any token, known or not, gets the same
answer: the page tells nothing about whom it concerns, and an unknown token writes nothing.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable

from domain.records import record
from infra.auth import token_hash
from infra.mail_state import MailState
from infra.players import PlayerStore
from service.notices.email.switch import ADDRESS_TARGET, PLAYER_TARGET, change_player, opted_out, parse_target, suppress

TOKEN_PREFIX = "u~"
TOKEN_PATTERN = r"u~[A-Za-z0-9_-]{32}"
_TOKEN = re.compile(TOKEN_PATTERN)
UNSUBSCRIBED = "unsubscribed"


def is_unsubscribe_token(value: str) -> bool:
    return _TOKEN.fullmatch(value) is not None


def unsubscribe_path(token: str) -> str:
    return f"/unsubscribe/{token}"


@record
class Unsubscribes:
    state: MailState
    players: PlayerStore | None = None
    clock: Callable[[], float] = time.time
    new_token: Callable[[], str] = lambda: TOKEN_PREFIX + secrets.token_urlsafe(24)

    def grant(self, player_id: str | None, address_hash: str) -> str:
        """A fresh token that turns off e-mail for this player (or, without one, this address)."""
        token = self.new_token()
        target = PLAYER_TARGET + player_id if player_id else ADDRESS_TARGET + address_hash
        self.state.grant_unsubscribe(token_hash(token), target)
        return token

    def url(self, page_base_url: str, player_id: str | None, address_hash: str) -> str:
        return page_base_url.rstrip("/") + unsubscribe_path(self.grant(player_id, address_hash))

    def unsubscribe(self, token: str) -> bool:
        """Turn off what the token names; whether anything was found (for metrics only, never the answer)."""
        if not is_unsubscribe_token(token):
            return False
        found = self.state.unsubscribe_target(token_hash(token))
        target = parse_target(found) if found else None
        if target is None:
            return False
        kind, value = target
        if kind == PLAYER_TARGET:
            if self.players is not None:
                change_player(self.players, value, opted_out, self.clock)
        else:
            suppress(self.state, value, UNSUBSCRIBED, self.clock())
        return True
