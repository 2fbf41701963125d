"""The body parser reads every JSON document within its bounds exactly as json does, and refuses the rest
with the one error powertools maps to malformed_json."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from functions.api.json_body import MAX_DEPTH, MAX_INT_DIGITS, BadBody, TooLarge, body_bytes, loads

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**29, 10**29),
                    st.floats(allow_nan=False, allow_infinity=False), st.text())
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner,
                                                                                             max_size=4), max_leaves=30)


def depth(value: Any) -> int:
    if isinstance(value, list | dict):
        items = value.values() if isinstance(value, dict) else value
        return 1 + max((depth(v) for v in items), default=0)
    return 0


@given(documents, st.booleans())
def test_json_within_the_bounds_reads_as_json_reads_it(document: Any, ascii_only: bool) -> None:
    text = json.dumps(document, ensure_ascii=ascii_only)  # as ASCII, text beyond the BMP is surrogate pairs
    if depth(document) <= MAX_DEPTH:
        assert loads(text) == json.loads(text)


@pytest.mark.parametrize("text", [
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "9" * (MAX_INT_DIGITS + 1), "1e400", "-1e400", "NaN", "[Infinity]",
    '"\\udc00"', '{"\\ud800": 1}', '"never ends', '"\\"' * 500, "", "{", "]" * 40,
])
def test_what_is_not_json_this_api_reads_is_a_decode_error(text: str) -> None:
    with pytest.raises(json.JSONDecodeError):
        loads(text)


def test_brackets_and_escaped_quotes_inside_strings_do_not_count_as_depth() -> None:
    text = json.dumps({"a": "[" * 100 + '\\"' + "{" * 100, "b": ["]]]}}}"]})
    assert loads(text) == json.loads(text)


def test_limits_count_the_bytes_sent_and_base64_is_checked() -> None:
    assert body_bytes("aGk=", True, 2) == b"hi"
    with pytest.raises(TooLarge):
        body_bytes("aGk=", True, 1)
    with pytest.raises(TooLarge):
        body_bytes("é", False, 1)  # one character, two bytes
    with pytest.raises(BadBody):
        body_bytes("not base64!", True, 100)
    with pytest.raises(BadBody):
        body_bytes("\udcff", False, 100)
