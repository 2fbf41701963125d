"""Request bodies as the API accepts them: strict UTF-8, then JSON with bounded depth and plain numbers (a whole
number is an int however it is written: 1, 1.0, 1e0).

Python's json module accepts more than JSON (NaN, Infinity) and fails in ways that are not a
JSONDecodeError (RecursionError on deep nesting, ValueError past the int-string conversion limit,
inf from 1e999). Each of those would be a 500; here each is refused as malformed JSON instead.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from typing import Any

# The deepest body any route takes is 3 levels ({"seats": [{"name": ...}]}); a little room beyond that.
MAX_DEPTH = 16
# Every integer the API takes fits in a few digits; the bound keeps int() far from its conversion limit.
MAX_INT_DIGITS = 30
# The largest whole number a float holds exactly (2**53): a whole float up to it reads as the int it is.
MAX_EXACT_INT = 2**53
# The largest count the API takes (a version, a revision): every client's JSON numbers hold it exactly (JavaScript's
# Number.MAX_SAFE_INTEGER). The document declares it as the maximum of those fields.
MAX_COUNT = 2**53 - 1

# A whole JSON string, or a lone quote (a string that never ends: the body is malformed anyway), or a bracket.
# Matching whole strings first means brackets inside strings are never counted, in one linear pass.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{}]', re.DOTALL)
_OPENERS = frozenset("[{")


class BadBody(ValueError):
    """The body is not UTF-8 JSON this API reads. The message names the reason, never the content."""


class TooLarge(Exception):
    """The body is over the limit."""


def body_bytes(body: str, base64_encoded: bool, limit: int) -> bytes:
    """The body's bytes as the client sent them. API Gateway base64-encodes bodies it considers binary.

    Raises BadBody (base64 that does not decode, text that cannot be UTF-8) or TooLarge (over `limit`).
    """
    if not base64_encoded:
        if len(body) > limit:  # every character is at least one byte: no need to encode to know
            raise TooLarge
        try:
            raw = body.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: no client sent these bytes
            raise BadBody("the body is not valid UTF-8") from None
    else:
        if len(body) > 4 * (limit // 3 + 1):  # decode nothing that cannot fit once decoded
            raise TooLarge
        try:
            raw = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise BadBody("the body is not valid base64") from None
    if len(raw) > limit:
        raise TooLarge
    return raw


def body_text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody("the body is not valid UTF-8") from None


def check_depth(text: str) -> None:
    depth = 0
    for found in _TOKENS.finditer(text):  # lazily: the first unending string stops the scan
        token = found.group()
        if token in _OPENERS:
            depth += 1
            if depth > MAX_DEPTH:
                raise BadBody(f"the body is nested more than {MAX_DEPTH} deep")
        elif token == '"':
            raise BadBody("the body has a string that never ends")
        elif token in "]}":
            depth -= 1


def _int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        raise BadBody(f"the body has an integer of more than {MAX_INT_DIGITS} digits")
    return int(literal)


def _float(literal: str) -> float | int:
    """A number with a fraction or an exponent. One whose value is whole (1.0, 2e1) is an integer to JSON Schema,
    so it reads as one, while a float holds it exactly: the body's strict int fields take it as the client's
    serializer may have written it, and still refuse 1.5 and true."""
    value = float(literal)
    if not math.isfinite(value):
        raise BadBody("the body has a number too large for JSON")
    if value.is_integer() and abs(value) <= MAX_EXACT_INT:
        return int(value)
    return value


def _constant(name: str) -> Any:
    raise BadBody(f"{name} is not JSON")


def _check_strings(value: Any) -> None:
    """JSON's \\u escapes can spell lone surrogates: no text, and no store can write them."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    raise BadBody("the body has a string that is not valid Unicode") from None
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def loads(text: str) -> Any:
    """JSON text to Python, or json.JSONDecodeError for anything this API does not read.

    JSONDecodeError because that is what powertools turns into its json_invalid validation error (400
    malformed_json here), whichever of the checks refused the body.
    """
    try:
        check_depth(text)
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
        _check_strings(value)
    except json.JSONDecodeError:
        raise
    except ValueError as error:  # BadBody included
        raise json.JSONDecodeError(str(error) if isinstance(error, BadBody) else "not JSON", text, 0) from None
    return value
