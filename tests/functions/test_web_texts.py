"""The page's words: every key its scripts and pages name exists in texts/en.json, and en.json covers the
catalogue, the events, the phases, the commands and the choices a seat may owe. Read without running any JS."""

from __future__ import annotations

import ast
import inspect
import json
import re
import string
from pathlib import Path
from typing import Any, get_args

import pytest

import domain
import functions
from domain import events, scoring
from domain.catalogue import AWARDS, CARDS, DISTILLERS, GOALS, LABEL_SPACES, RECIPES, SOLO_CARDS
from domain.catalogue.model import BarrelType, Kind, Region, Sugar, Tier, UpgradeKind
from domain.commands import COMMAND_TYPES
from domain.state import PendingKind, Phase
from web import catalogue
from web.serving import STATIC

EN: dict[str, Any] = json.loads((STATIC / "texts" / "en.json").read_text(encoding="utf-8"))
SCRIPTS = {p.relative_to(STATIC).as_posix(): p.read_text(encoding="utf-8") for p in STATIC.rglob("*.js")}
PAGES = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.html")}


def text(key: str) -> Any:
    node: Any = EN
    for part in key.split("."):
        assert isinstance(node, dict) and part in node, f"en.json has no {key!r}"
        node = node[part]
    return node


def test_every_literal_key_the_scripts_use_is_a_text() -> None:
    used = {(name, key) for name, source in SCRIPTS.items()
            for key in re.findall(r"""\b(?:t|has)\(\s*["']([a-z0-9_.]+)["']""", source)}
    assert len(used) > 100
    for name, key in used:
        assert isinstance(text(key), str), (name, key)


def test_every_key_built_at_run_time_starts_with_a_section_of_texts() -> None:
    prefixes = {(name, prefix) for name, source in SCRIPTS.items()
                for prefix in re.findall(r"\b(?:t|has)\(\s*`([a-z0-9_.]+)\.\$\{", source)}
    assert prefixes
    for name, prefix in prefixes:
        assert isinstance(text(prefix), dict), (name, prefix)


def test_every_text_the_pages_name_exists() -> None:
    keys = {(page, key) for page, html in PAGES.items() for key in re.findall(r'data-t(?:-label)?="([^"]+)"', html)}
    assert len(keys) > 10
    for page, key in keys:
        assert isinstance(text(key), str), (page, key)


def test_every_history_sentence_the_scripts_pick_exists() -> None:
    source = SCRIPTS["js/history.js"]
    picked = set(re.findall(r'\["([a-z_]+)", ', source))  # a form's answer: [key, fields]
    picked |= set(re.findall(r'\b\w+: "(card_bought_[a-z]+)"', source))  # card_bought by source
    for base, variant in re.findall(r'flag\("([a-z_]+)", e\.\w+ \? "([a-z]+)"', source):
        picked |= {base, f"{base}_{variant}"}
    assert len(picked) > 45
    for key in picked:
        assert isinstance(text(f"events.{key}"), str), key
    for name in re.findall(r"event_bits\.([a-z_]+)", source):
        assert isinstance(text(f"event_bits.{name}"), str), name


def test_every_event_type_has_a_sentence() -> None:
    types = {cls.model_fields["type"].default for cls in vars(events).values()
             if isinstance(cls, type) and "type" in getattr(cls, "model_fields", {})}
    assert len(types) > 35
    for kind in types:
        assert isinstance(text(f"events.{kind}"), str), kind
        assert f"  {kind}:" in SCRIPTS["js/history.js"], f"history.js has no sentence form for {kind}"


def test_every_catalogue_entry_has_its_name() -> None:
    for cid, card in CARDS.items():
        assert text(f"cards.{cid}.name") == card.name
        assert text(f"cards.{cid}").get("text", "") == card.text
    for rid, r in RECIPES.items():
        assert text(f"recipes.{rid}") == r.name
    for did, d in DISTILLERS.items():
        assert text(f"distillers.{did}") == {"name": d.name, "power": d.power}
    for gid, g in GOALS.items():
        assert text(f"goals.{gid}") == {"name": g.name, "text": g.text}
    for aid, a in AWARDS.items():
        assert text(f"awards.{aid}") == {"name": a.name, "text": a.text}
    assert set(text("solo_goals")) == set(SOLO_CARDS)
    assert set(text("label_rewards")) == {space.reward for space in LABEL_SPACES}


@pytest.mark.parametrize(("section", "values"), [
    ("phases", get_args(Phase)), ("pending", get_args(PendingKind)), ("card.kinds", [k.value for k in Kind]),
    ("card.sugars", [s.value for s in Sugar]), ("card.barrels", [b.value for b in BarrelType]),
    ("card.regions", [r.value for r in Region]), ("card.tiers", [t.value for t in Tier]),
    ("card.upgrade_kinds", [u.value for u in UpgradeKind]), ("decks", ["upgrades", "ingredients", "items"]),
    ("board.rows", ["upgrades", "ingredients", "items"]), ("triggers", ["distill", "sell", "round_end"]),
])
def test_every_value_of_a_domain_enumeration_has_a_word(section: str, values: list[str]) -> None:
    assert set(values) <= set(text(section)), set(values) - set(text(section))


def test_every_command_has_an_action_label() -> None:
    for kind in COMMAND_TYPES:
        assert kind in text("actions"), kind
        assert f'case "{kind}"' in SCRIPTS["js/actions.js"], kind


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_texts_are_tidy_strings_with_plain_placeholders() -> None:
    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            assert node, path
            for key, value in node.items():
                assert re.fullmatch(r"[a-z0-9_]+", key) or path.endswith(("cards", "solo_goals")), f"{path}.{key}"
                walk(value, f"{path}.{key}" if path else key)
            return
        assert isinstance(node, str) and node.strip(), path  # separators may start with a space
        assert all(re.fullmatch(r"[a-z_]+", name) for name in _placeholders(node)), path
    walk(EN, "")


def test_the_catalogue_file_is_up_to_date() -> None:
    assert (STATIC / "catalogue.json").read_text(encoding="utf-8") == catalogue.text(), \
        "run: python -m web.catalogue"


def test_every_part_of_a_final_score_has_a_word() -> None:
    source = inspect.getsource(scoring.final_scores)
    parts = set(re.findall(r'"([a-z_]+)": ', source)) | set(re.findall(r'parts\["([a-z_]+)"\] =', source))
    assert {"before", "goals", "sp", "money"} <= parts
    assert parts <= set(text("scores.parts")), parts - set(text("scores.parts"))


def _rule_codes() -> set[str]:
    """Every code a rule of the domain refuses with: require(condition, code, message) and RuleViolation(code)."""
    found = set()
    for path in Path(domain.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            at = {"require": 1, "RuleViolation": 0}.get(name)
            if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                found.add(str(node.args[at].value))
    return found


def test_every_refusal_of_the_rules_and_the_api_reads_in_words() -> None:
    rules = _rule_codes()
    assert {"not_your_turn", "cannot_afford", "invalid_washback"} <= rules and len(rules) > 60
    api = set(re.findall(r'(?:Answer|ApiError|early_response)\([\w.]+, "([a-z_]+)"',
                         "".join(p.read_text(encoding="utf-8") for p in Path(functions.__file__).parent.rglob("*.py"))))
    assert {"stale_version", "unauthorized", "game_not_found"} <= api
    assert rules | api <= set(text("errors")), sorted((rules | api) - set(text("errors")))


def _shape(node: Any, path: str = "") -> dict[str, set[str]]:
    """Every text's key, with the placeholders it takes."""
    if isinstance(node, dict):
        return {k: v for key, child in node.items() for k, v in _shape(child, f"{path}.{key}" if path else key).items()}
    return {path: _placeholders(node) if isinstance(node, str) else {"<not a text>"}}


def mismatches(translation: dict[str, Any]) -> list[str]:
    """How a translation's keys and placeholders differ from en.json's (its values are its own)."""
    ours, theirs = _shape(EN), _shape(translation)
    out = [f"missing {k}" for k in sorted(ours.keys() - theirs.keys())]
    out += [f"extra {k}" for k in sorted(theirs.keys() - ours.keys())]
    out += [f"{k}: placeholders {sorted(theirs[k])} instead of {sorted(ours[k])}"
            for k in sorted(ours.keys() & theirs.keys()) if ours[k] != theirs[k]]
    return out


def test_a_translation_differs_from_english_only_in_its_words() -> None:
    assert mismatches(EN) == []
    broken = json.loads(json.dumps(EN))
    broken["events"]["card_bought"] = "{quien} compró {card}"
    del broken["phases"]["market"]
    assert mismatches(broken) == ["missing phases.market",
                                  "events.card_bought: placeholders ['card', 'quien'] instead of "
                                  "['card', 'cost', 'extra', 'who']"]
    for path in sorted((STATIC / "texts").glob("*.json")):  # es.json and ko.json, once they are written
        assert mismatches(json.loads(path.read_text(encoding="utf-8"))) == [], path.name
