"""The history's sentences live in web/static/texts/<lang>.json alone: every event the samples hold (each type,
each variant; tests/history_samples.py) picks a sentence each language file itself has, filled completely, and
every sentence of the files is one some event picks. tests/browser/test_history_sentences.py holds the page's
renderer to the Python one; this needs no browser."""

from __future__ import annotations

import json
import re

import pytest

from service.texts.history import FORMS, template
from service.texts.words import LANGUAGES, TEXTS_DIR, Seats, texts
from tests.history_samples import NAMES, event_types, samples

FIELD = re.compile(r"\{(\w+)\}")


def events_of(language: str) -> dict[str, str]:
    """The language file's own `events` (texts() would fill a missing one with English)."""
    table: dict[str, str] = json.loads((TEXTS_DIR / f"{language}.json").read_text(encoding="utf-8"))["events"]
    return table


def test_the_samples_hold_every_type_and_the_renderer_a_form_for_each() -> None:
    assert event_types() <= {e["type"] for e in samples()}
    assert set(FORMS) == event_types()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_picks_a_sentence_its_language_has_and_fills_it(language: str) -> None:
    own, words = events_of(language), texts(language)
    who = Seats(words, NAMES)
    for event in samples():
        key, fields = template(words, event, who)
        assert isinstance(own.get(key), str), f"{language}.json has no events.{key} (for {event})"
        assert set(FIELD.findall(own[key])) <= set(fields), (key, event)
        said = words.t(f"events.{key}", **fields)
        assert "{" not in said and "None" not in said and "event_bits." not in said, (event, said)


def test_every_sentence_of_the_texts_is_one_an_event_picks() -> None:
    """No sentence is left that no form chooses (or that these samples never reach)."""
    words = texts("en")
    who = Seats(words, NAMES)
    picked = {template(words, event, who)[0] for event in samples()}
    assert set(events_of("en")) - picked == set()
    for language in LANGUAGES:
        assert set(events_of(language)) == set(events_of("en")), language
