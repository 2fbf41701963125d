"""The tables built from the phase records: every command has a handler, every event an applier, and a state's
clone copies every field."""

from __future__ import annotations

import dataclasses
import typing

from domain import events as ev
from domain.clock_records import SeatClock
from domain.commands import COMMAND_TYPES
from domain.options import Options
from domain.rules import ANY_PHASE, APPLIERS, HOMES, PHASES
from domain.state import GameState, Opening, Pending, Player, Sale, Solo, Spirit, Undo


def test_every_command_type_has_a_handler() -> None:
    handled = {t for p in HOMES for t in p.moves} | set(ANY_PHASE)
    assert set(COMMAND_TYPES.values()) == handled


def test_every_event_type_has_an_applier() -> None:
    events = {m.model_fields["type"].default for m in typing.get_args(typing.get_args(ev.Event)[0])}
    assert events == set(APPLIERS)


def test_every_phase_has_a_record() -> None:
    phases = set(typing.get_args(typing.get_type_hints(GameState)["phase"]))
    assert phases == set(PHASES)


def _spirit(i: int) -> Spirit:
    return Spirit(i, 0, "vodka", ["yeast"], "metal_barrel", 2, True, True, 1, ["f"], 3, ["k"])


def _everything_set() -> GameState:
    """Every field of every nested record away from its default (a new field must be added here too)."""
    player = Player(
        seat=1, name="Ann", dealt=["a"], distiller="nathan", money=3, sp=4, pantry=["water"], storeroom=["b"],
        upgrades=["u"], display=["d"], cubes=["whiskey"], goals=["g"], label_spaces=["vodka", *[None] * 6],
        extra_labels=["rum"], signature_aside=False, signature_made=True, spirits=[_spirit(1)], basics_bought=1,
        passed=True, traded=True, distilled=True, sales=[Sale("vodka", 1, 2, 3, 4, 5, True, True, 6, 7, 8)],
        pending=Pending("looked", "items", "c", ["x"], ["y"], "gin", "fang_xin", 1, True), tasting_due=True,
        discard_due=True, score={"sp": 1}, powers_used=["p"])
    solo = Solo([["A"]], [[True]], [[False]], ["B"], ["A"], 1, True, ["A"], 5, 2)
    return GameState(
        options=Options(auto_best=True), players=[player], phase="sell", round=2, first_player=1, turn=0,
        flight="B", rows={"items": ["i"]}, decks={"items": ["j"]}, truck=["t"], flavor_deck=["f1"],
        flavor_discard=["f2"], flavor_discard_down=["f3"], labels={"vodka": 1}, awards=["aw"],
        awards_won={"aw2": [0]}, next_spirit=9, winners=[0], aged_round=2, solo=solo,
        opening=Opening([player], ["t"], 1, ["f2"], 1, solo), resigned=[1], undo=Undo(1, GameState(round=2)),
        clocks=(SeatClock(deadline=5.0),))


def _defaults_differ(record: object) -> None:
    for f in dataclasses.fields(record):  # type: ignore[arg-type]
        value = getattr(record, f.name)
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        assert value != default, f"{type(record).__name__}.{f.name} is left at its default"


def _shares_nothing_mutable(a: object, b: object, path: str) -> None:
    if isinstance(a, list | dict) or (dataclasses.is_dataclass(a) and not isinstance(a, Opening | Sale | Undo)):
        assert a is not b, f"{path} is shared by the clone"
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _shares_nothing_mutable(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            _shares_nothing_mutable(a[k], b[k], f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(a) and not isinstance(a, Opening | Sale | Undo):
        for f in dataclasses.fields(a):
            _shares_nothing_mutable(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")


def test_the_fixture_sets_every_field() -> None:
    s = _everything_set()
    for record in (s, s.players[0], s.players[0].spirits[0], s.players[0].pending, s.solo):
        _defaults_differ(record)


def test_clone_copies_every_field_and_shares_no_mutable_object() -> None:
    """Opening, Sale and Undo records are never mutated once made, so states share them on purpose."""
    s = _everything_set()
    copy = s.clone()
    assert copy == s
    _shares_nothing_mutable(s, copy, "state")
