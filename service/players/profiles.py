"""A player's profile: what may be stored in it (validation), and what is shown of it, to whom.

Contacts: an e-mail address counts only once confirmed (`deliverable_email`); webhook and push endpoints are
HTTPS URLs without credentials in them. A refusal names the field and what is wrong, never the value sent.
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
import zoneinfo
from typing import Any
from urllib.parse import urlsplit

from infra.players import PlayerRecord
from service.clock import now_epoch
from service.clocks.vacation import vacation_view
from service.names import EMAIL_PATTERN, HOST_LABEL, MAX_EMAIL, MAX_NAME, printable
from service.players.errors import InvalidField
from service.times import iso_seconds

MAX_WEBHOOK_URL = 512
MAX_PUSH_ENDPOINT = 1024
DEFAULT_TIME_ZONE = "UTC"
LANGUAGES = ("en", "es", "ko")  # the page's and the e-mails' (web/static/texts/<lang>.json)
# The document declares EMAIL_PATTERN and HTTPS_URL_PATTERN (service/names.py) on every field they check.
_EMAIL = re.compile(EMAIL_PATTERN)
_HOST = re.compile(rf"{HOST_LABEL}(?:\.{HOST_LABEL})*")


def _printable(field: str, value: str) -> None:
    if any(unicodedata.category(c).startswith("C") for c in value):
        raise InvalidField(field, "control_character", "must not contain control or format characters")


def valid_name(value: str) -> str:
    """service/names.py's rule (NAME_PATTERN, which the document declares), spaces around dropped first."""
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise InvalidField("name", "length", f"must be 1 to {MAX_NAME} characters (spaces around are dropped)")
    if not printable(name):
        raise InvalidField("name", "control_character", "must not contain control or format characters")
    return name


def valid_time_zone(value: str) -> str:
    """An IANA time zone name the tz database knows (Europe/Paris, UTC); not an offset, not a path."""
    if not value or len(value) > 64 or value.startswith("/") or ".." in value:
        raise InvalidField("time_zone", "unknown_time_zone", "must be an IANA time zone name, e.g. Europe/Paris")
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise InvalidField("time_zone", "unknown_time_zone",
                           "must be an IANA time zone name, e.g. Europe/Paris") from None
    return value


def valid_language(value: str) -> str:
    if value not in LANGUAGES:
        raise InvalidField("language", "unknown_language", f"must be one of {', '.join(LANGUAGES)}")
    return value


def valid_email(value: str) -> str:
    """One address, checked for shape only (whether it works is what the confirmation link finds out). The
    domain is lower-cased; the local part is kept as sent."""
    address = value.strip()
    if len(address) > MAX_EMAIL or not _EMAIL.fullmatch(address):
        raise InvalidField("email", "invalid_email", "must be one e-mail address, like name@example.org")
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


def _private_host(host: str) -> bool:
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return True
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return not ip.is_global


def valid_https_url(field: str, value: str, limit: int) -> str:
    """An https URL to a public host, with no user name or password in it, at most `limit` characters."""
    url = value.strip()
    if len(url) > limit:
        raise InvalidField(field, "too_long", f"must be at most {limit} characters")
    _printable(field, url)
    if any(c.isspace() for c in url):
        raise InvalidField(field, "invalid_url", "must not contain spaces")
    try:
        parts = urlsplit(url)
        host, port = (parts.hostname or ""), parts.port
    except ValueError:
        raise InvalidField(field, "invalid_url", "must be an https URL") from None
    if parts.scheme.lower() != "https" or not host:
        raise InvalidField(field, "not_https", "must be an https:// URL with a host")
    if parts.username is not None or parts.password is not None:
        raise InvalidField(field, "credentials_in_url", "must not carry a user name or password")
    if port == 0 or (not _HOST.fullmatch(host) and not _is_ip(host)) or _private_host(host):
        raise InvalidField(field, "invalid_host", "must name a public host")
    return url


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def deliverable_email(record: PlayerRecord) -> str | None:
    """The address a channel may send to: only a confirmed one."""
    return record.email if record.email is not None and record.email_confirmed else None


def own_profile(record: PlayerRecord) -> dict[str, Any]:
    """The profile as its player sees it: contacts included, secrets (key, codes, their hashes) never."""
    email = None
    if record.email is not None:
        pending = not record.email_confirmed and record.email_code_expires_at is not None
        email = {"address": record.email, "confirmed": record.email_confirmed,
                 "confirmation_expires_at": iso_seconds(record.email_code_expires_at)
                 if pending and record.email_code_expires_at is not None else None,
                 "disabled_reason": record.email_disabled_reason, "disabled_since": record.email_disabled_since}
    return {
        "player_id": record.player_id, "name": record.name, "time_zone": record.time_zone,
        "contacts": {"email": email, "webhook_url": record.webhook_url, "push_endpoint": record.push_endpoint},
        "created_at": record.created_at, "updated_at": record.updated_at, "revision": record.revision,
        "vacation": vacation_view(record, now_epoch()),
        **push_profile(record),
        "preferences": preferences(record),
        "webhook": webhook_state(record),
    }


def push_profile(record: PlayerRecord) -> dict[str, Any]:
    """The push devices (never their tokens or endpoints) and the quiet hours."""
    from service.notices.push.devices import shown_devices
    from service.notices.quiet_hours import from_stored

    quiet = from_stored(record.quiet_hours)
    return {"devices": shown_devices(record), "quiet_hours": quiet.shown() if quiet is not None else None}


def preferences(record: PlayerRecord) -> dict[str, Any]:
    return {"language": record.language or "en", "email_every_turn": bool(record.email_every_turn),
            "email_enabled": record.email_enabled is not False}


def webhook_state(record: PlayerRecord) -> dict[str, Any] | None:
    """Whether a webhook is set, enabled or disabled (after repeated failures) and since when; never its secret."""
    if record.webhook_url is None:
        return None
    disabled = record.webhook_disabled_at is not None
    state = "disabled" if disabled else "enabled" if record.webhook_secret else "set"
    return {"state": state, "since": record.webhook_disabled_at if disabled else record.webhook_since,
            "failures": record.webhook_failures or 0}


def public_profile(record: PlayerRecord) -> dict[str, Any]:
    """What anyone else may see of a player (a lobby, a seat's owner): never its contacts."""
    return {"player_id": record.player_id, "name": record.name}
