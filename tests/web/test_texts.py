"""The page's words: web/static/texts/<lang>.json, one file per language holding all of its texts, card names
included. English is the reference; Spanish and Korean (the languages of the game's rule documents) must say
the same things: the same keys, the same {placeholders} in each text, nothing left empty, a name for every
entry of the catalogue and a phrase for every event the history can show.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from domain import catalogue, events

TEXTS = Path(__file__).resolve().parents[2] / "web" / "static" / "texts"
TRANSLATIONS = ("es", "ko")
LANGUAGES = ("en", *TRANSLATIONS)
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# Each catalogue registry and the section of the texts that names its entries.
NAMED: dict[str, Mapping[str, Any]] = {
    "cards": catalogue.CARDS, "recipes": catalogue.RECIPES, "distillers": catalogue.DISTILLERS,
    "goals": catalogue.GOALS, "awards": catalogue.AWARDS,
}


def texts(language: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((TEXTS / f"{language}.json").read_text(encoding="utf-8"))
    return loaded


def flat(tree: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Dotted key -> leaf value."""
    out: dict[str, Any] = {}
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else key
        out.update(flat(value, path) if isinstance(value, dict) else {path: value})
    return out


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def event_types() -> list[str]:
    union = typing.get_args(events.Event)[0]
    return [typing.get_args(model.model_fields["type"].annotation)[0] for model in typing.get_args(union)]


def name(words: dict[str, Any], section: str, entry: str) -> Any:
    """A catalogue entry's name: the text itself, or the "name" of its texts (a card may also have a "text")."""
    value = words.get(section, {}).get(entry)
    return value.get("name") if isinstance(value, dict) else value


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_has_exactly_the_keys_of_english(language: str) -> None:
    english, translated = flat(texts("en")), flat(texts(language))
    assert sorted(english.keys() - translated.keys()) == [], f"{language}.json lacks these keys"
    assert sorted(translated.keys() - english.keys()) == [], f"{language}.json has keys English does not"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_keeps_each_texts_placeholders(language: str) -> None:
    english, translated = flat(texts("en")), flat(texts(language))
    differ = {key: (sorted(placeholders(text)), sorted(placeholders(str(translated[key]))))
              for key, text in english.items()
              if key in translated and placeholders(str(text)) != placeholders(str(translated[key]))}
    assert differ == {}, f"{language}.json: placeholders (English, {language}) differ"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_is_empty(language: str) -> None:
    empty = [key for key, text in flat(texts(language)).items() if not isinstance(text, str) or not text.strip()]
    assert empty == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_file_names_its_own_language(language: str) -> None:
    assert texts(language)["meta"]["lang"] == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_of_the_catalogue_has_a_name(language: str) -> None:
    words = texts(language)
    unnamed = [f"{section}.{entry}" for section, registry in NAMED.items() for entry in registry
               if not isinstance(name(words, section, entry), str) or not name(words, section, entry).strip()]
    assert unnamed == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_type_has_a_phrase(language: str) -> None:
    phrases = texts(language).get("events", {})
    assert [kind for kind in event_types() if not isinstance(phrases.get(kind), str)] == []


def test_the_checks_see_every_event_type_and_card() -> None:
    """The lists the tests above walk are the domain's own, not empty by a typo."""
    assert {"game_created", "card_bought", "game_ended"} <= set(event_types())
    assert {"yeast", "flavor_vanilla", "sorghum_bicolor"} <= catalogue.CARDS.keys()


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_is_not_english_left_in_place(language: str) -> None:
    """The phase names and the event phrases are the texts a player reads most: none may be the English."""
    english, translated = texts("en"), texts(language)
    same = [f"{section}.{key}" for section in ("phases", "events") for key, text in english[section].items()
            if translated[section].get(key) == text and PLACEHOLDER.sub("", text).strip(" .,:;")]
    assert same == []
