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
_ALLOWED_CHARACTERS = re.compile(rf"[^{FORBIDDEN}]*")


def is_name(value: str) -> bool:
    """Whether `value`, spaces around it dropped, is a name."""
    return _NAME.fullmatch(value.strip()) is not None


def printable(value: str) -> bool:
    """Whether `value` has none of the characters a name may not have."""
    return _ALLOWED_CHARACTERS.fullmatch(value) is not None
