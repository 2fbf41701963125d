"""The catalogue validator can fail: each kind of broken data is reported."""

from __future__ import annotations

import pytest

import domain.catalogue as cat
from domain.catalogue import AWARDS, CARDS, DISTILLERS, FLIGHTS, RECIPES
from domain.catalogue.model import FlightDef, Region, UpgradeKind
from domain.catalogue.validate import CatalogueError, validate


def _problems() -> list[str]:
    with pytest.raises(CatalogueError) as info:
        validate()
    assert isinstance(info.value, ValueError)
    return info.value.problems


def test_validate_detects_a_flight_with_an_unknown_recipe(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = FlightDef("A", ("cachaca", "soju", "gin", "whiskey", "rum", "baijiu", "absinthe"))
    monkeypatch.setitem(FLIGHTS, "A", broken)
    assert any("absinthe" in p for p in _problems())


def test_validate_detects_a_flight_without_whiskey(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = FlightDef("B", ("aquavit", "shochu", "lambanog", "grappa", "pisco", "gin", "tequila"))
    monkeypatch.setitem(FLIGHTS, "B", broken)
    assert any("whiskey" in p for p in _problems())


def test_validate_detects_a_duplicate_card_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cat, "CARD_DEFS", (*cat.CARD_DEFS, CARDS["grapes"]))
    assert any("duplicate card id 'grapes'" in p for p in _problems())


def test_validate_reports_every_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RECIPES, "gin", RECIPES["gin"]._replace(cube_cost=2))
    monkeypatch.setitem(CARDS, "flavor_vanilla", CARDS["flavor_vanilla"]._replace(money=2))
    angus = DISTILLERS["angus"]._replace(signature_ingredient="dent_corn")
    monkeypatch.setitem(DISTILLERS, "angus", angus)
    problems = _problems()
    assert any("'gin'" in p and "cube_cost" in p for p in problems)
    assert any("flavor money distribution" in p for p in problems)
    assert any("'angus'" in p and "must_include" in p for p in problems)


def test_validate_detects_card_shape_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CARDS, "corn", CARDS["corn"]._replace(sugar=None))
    monkeypatch.setitem(CARDS, "jug", CARDS["jug"]._replace(region=None))
    cooper = CARDS["cooper"]._replace(upgrade_kind=UpgradeKind.EQUIPMENT)
    monkeypatch.setitem(CARDS, "cooper", cooper)
    problems = _problems()
    assert any("'corn'" in p and "sugar" in p for p in problems)
    assert any("'jug'" in p and "region" in p for p in problems)
    assert any("upgrade kinds" in p for p in problems)


def test_validate_detects_unknown_flight_references(monkeypatch: pytest.MonkeyPatch) -> None:
    gold_digger = AWARDS["gold_digger"]._replace(excluded_flights=frozenset({"Z"}))
    monkeypatch.setitem(AWARDS, "gold_digger", gold_digger)
    monkeypatch.setitem(DISTILLERS, "nisha", DISTILLERS["nisha"]._replace(region=Region.HOME))
    problems = _problems()
    assert any("'gold_digger'" in p and "'Z'" in p for p in problems)
    assert any("'nisha'" in p for p in problems)
    assert any("distillers in asia" in p for p in problems)


def test_validate_detects_a_must_include_key_without_premium_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CARDS, "millet", CARDS["millet"]._replace(ingredient_key=None))
    assert any("'millet'" in p and "premium ingredient" in p for p in _problems())
