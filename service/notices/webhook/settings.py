"""A player's webhook: which URLs may be set, what its profile shows, and which addresses may be sent to.

The URL is checked twice. When set: https, a public host name or address (service/players/profiles.py). When sent
to: the host is resolved again and every address must be public, since a name that was public when set can
later resolve to 127.0.0.1 or the metadata service (DNS rebinding). Only the local server allows loopback
(`WEBHOOKS_ALLOW_LOOPBACK`, which no template sets): there, http://127.0.0.1:<port>/ reaches a test receiver.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from infra.players import PlayerRecord
from service.notices.webhook.signing import new_secret
from service.players.profiles import MAX_WEBHOOK_URL, valid_https_url

ALLOW_LOOPBACK = "WEBHOOKS_ALLOW_LOOPBACK"
_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def loopback_allowed() -> bool:
    """The local server's setting (devtools/local/server.py); never set in a deployed function."""
    return os.environ.get(ALLOW_LOOPBACK) == "1"


def _loopback_url(value: str) -> bool:
    try:
        parts = urlsplit(value.strip())
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises on a malformed port
    except ValueError:
        return False
    return (parts.scheme in ("http", "https") and host in _LOOPBACK_HOSTS and parts.username is None
            and parts.password is None and len(value) <= MAX_WEBHOOK_URL)


def valid_webhook_url(value: str, allow_loopback: bool = False) -> str:
    if allow_loopback and _loopback_url(value):
        return value.strip()
    return valid_https_url("webhook_url", value, MAX_WEBHOOK_URL)


def webhook_fields(record: PlayerRecord, url: str | None, now: str, allow_loopback: bool) -> dict[str, Any]:
    """What setting the URL changes. A URL set (the same or another) is enabled from now, its failures forgotten,
    with a secret made if there is none; the same enabled URL again changes nothing. A URL cleared takes its
    secret with it, so the next URL gets a new one, shown then. The generation (the revision that set the URL)
    tells the sender a delivery queued before from one queued after."""
    if url is None:
        return dict(webhook_url=None, webhook_secret=None, webhook_since=None, webhook_failures=None,
                    webhook_disabled_at=None, webhook_generation=None)
    url = valid_webhook_url(url, allow_loopback)
    if url == record.webhook_url and record.webhook_disabled_at is None and record.webhook_secret:
        return {}
    return dict(webhook_url=url, webhook_secret=record.webhook_secret or new_secret(), webhook_since=now,
                webhook_failures=None, webhook_disabled_at=None, webhook_generation=record.revision + 1)


def enabled(record: PlayerRecord) -> bool:
    """Whether deliveries go to this player's webhook."""
    return bool(record.webhook_url and record.webhook_secret and record.webhook_disabled_at is None)


class RefusedAddress(Exception):
    """The webhook's host resolves to an address deliveries must never reach (private, loopback, link-local)."""


Resolve = Callable[[str, int], Iterable[str]]


def resolve(host: str, port: int) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


def send_address(url: str, allow_loopback: bool, lookup: Resolve = resolve) -> str:
    """The one address to connect to for `url`, resolved now; RefusedAddress unless every address it resolves
    to is public (or, with `allow_loopback`, loopback). Connecting to the address checked, not to the name
    again, is what closes the window for a rebinding between the check and the connection."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = list(lookup(host, port))
    except OSError:
        raise RefusedAddress("unresolvable") from None
    if not addresses:
        raise RefusedAddress("unresolvable")
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
        checked = mapped or ip
        if not (checked.is_global or (allow_loopback and checked.is_loopback)):
            raise RefusedAddress("not_public")
    return addresses[0]
