"""The rule of every display name (a player's, a seat's, a bot's), written once as a pattern: the service checks
names with it and the OpenAPI document declares it, so that the two cannot differ.

1 to MAX_NAME characters, no space at either end (the service drops spaces around a name before it checks it),
and no control, format or private-use character of the Basic Multilingual Plane (the character class is in \\u
escapes, read alike by Python's re and by JSON Schema's ECMA-262 patterns; emoji and other scripts are names).
"""

from __future__ import annotations

import re

MAX_NAME = 40
# unicodedata categories Cc, Cf and Co below U+10000 (Unicode 14). No surrogates: a lone one is no text, and the
# body parser refuses it (functions/api/json_body.py); in a JS pattern they would be halves of an emoji.
FORBIDDEN = ("\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e"
              "\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ue000-\\uf8ff\\ufeff\\ufff9-\\ufffb")
NAME_PATTERN = rf"^[^\s{FORBIDDEN}](?:[^{FORBIDDEN}]{{0,{MAX_NAME - 2}}}[^\s{FORBIDDEN}])?$"
_NAME = re.compile(NAME_PATTERN)

# The rules of an address (service/players/profiles.py checks them; the document declares them wherever an address
# is taken: a profile's, a seat's), so that ECMA-262 and Python's re read them alike: `\\s` only beside FORBIDDEN
# (the engines' whitespace differs only in characters FORBIDDEN has: \\x1c-\\x1f, \\x85, \\ufeff).
MAX_EMAIL = 254
HOST_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
# No quoted local parts: nothing that could end an address in a mail header (",;<>()[]\" and spaces), no control
# or format character.
EMAIL_PATTERN = rf"^[^@\s,;<>()\[\]\\\"{FORBIDDEN}]{{1,64}}@{HOST_LABEL}(?:\.{HOST_LABEL})+$"
# What service/players/profiles.py's valid_https_url takes, but for an IP address as the host (a name only here) and
# a private host (no pattern can know): https, a host name, a port 1 to 65535, then printable ASCII.
_PORT = r"(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
_REST = r"(?:[/?#][!-~]*)?"
HTTPS_URL_PATTERN = rf"^https://{HOST_LABEL}(?:\.{HOST_LABEL})*{_PORT}{_REST}$"
# A player's webhook: an https URL, or http:// to this machine, which only the local server takes (its receivers
# listen there: service/notices/webhook/settings.py); deployed, that one is refused with its rule code, not_https.
WEBHOOK_URL_PATTERN = rf"^(?:https://{HOST_LABEL}(?:\.{HOST_LABEL})*|http://(?:localhost|127\.0\.0\.1|\[::1\])){_PORT}{_REST}$"
_ALLOWED_CHARACTERS = re.compile(rf"[^{FORBIDDEN}]*")


def is_name(value: str) -> bool:
    """Whether `value`, spaces around it dropped, is a name."""
    return _NAME.fullmatch(value.strip()) is not None


def printable(value: str) -> bool:
    """Whether `value` has none of the characters a name may not have."""
    return _ALLOWED_CHARACTERS.fullmatch(value) is not None
