"""`@record` behaves as `@dataclass` with the same arguments: each test makes a class both ways and compares."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from domain.records import field, record

pytestmark = pytest.mark.domain


def _both(frozen: bool = False, slots: bool = False, compiled: bool = False) -> tuple[type[Any], type[Any]]:
    """The same class as a dataclass and as a record."""

    def body() -> type[Any]:
        class Item:
            name: str
            count: int = 0
            tags: tuple[str, ...] = field(default_factory=tuple)
            note: str | None = field(default=None, compare=False, repr=False)

        return Item

    return (dataclasses.dataclass(frozen=frozen, slots=slots)(body()),
            record(frozen=frozen, slots=slots, compiled_init=compiled)(body()))


# Module level, as pickle finds classes by name.
@record(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0


@record
class Box:
    """A box."""

    items: list[int] = field(default_factory=list)


VARIANTS = [(False, False, False), (False, True, False), (True, False, False), (True, True, False),
            (False, False, True), (False, True, True)]
arguments = st.tuples(st.text(max_size=3), st.integers(-3, 3), st.lists(st.text(max_size=2), max_size=2).map(tuple),
                      st.none() | st.text(max_size=2))


@pytest.mark.parametrize(("frozen", "slots", "compiled"), VARIANTS)
@given(a=arguments, b=arguments, positional=st.integers(0, 4))
def test_construction_equality_and_repr_are_a_dataclass_s(frozen: bool, slots: bool, compiled: bool,
                                                          a: tuple[Any, ...], b: tuple[Any, ...],
                                                          positional: int) -> None:
    made = {}
    for kind, cls in zip(("dataclass", "record"), _both(frozen, slots, compiled), strict=True):
        names = [f.name for f in dataclasses.fields(cls)]
        x = cls(*a[:positional], **dict(zip(names[positional:], a[positional:], strict=True)))
        y = cls(*b)
        made[kind] = (x, y, x == y, x != y, repr(x).split("(", 1)[1], [getattr(x, n) for n in names])
        if frozen:
            assert (hash(x) == hash(y)) or x != y
            made[kind] += (hash(x) == hash(cls(*a)),)
    assert made["dataclass"][2:] == made["record"][2:]


@pytest.mark.parametrize(("frozen", "slots", "compiled"), VARIANTS)
def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them(frozen: bool, slots: bool, compiled: bool) -> None:
    for cls in _both(frozen, slots, compiled):
        for args, kwargs in (((), {}), (("a", 1, (), None, "extra"), {}), (("a",), {"name": "b"}),
                             (("a",), {"colour": "red"})):
            with pytest.raises(TypeError):
                cls(*args, **kwargs)


@pytest.mark.parametrize("slots", [False, True])
def test_frozen_records_refuse_changes_and_hash_unfrozen_ones_do_not_hash(slots: bool) -> None:
    frozen_dc, frozen_record = _both(frozen=True, slots=slots)
    item = frozen_record("a", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.count = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del item.count
    assert hash(item) == hash(frozen_record("a", 1, (), "other note")) == hash(frozen_dc("a", 1))
    _, mutable = _both(slots=slots)
    with pytest.raises(TypeError):
        hash(mutable("a"))
    changed = mutable("a")
    changed.count = 5
    assert changed == mutable("a", 5)


def test_default_factories_make_a_fresh_value_each_time() -> None:
    first, second = Box(), Box()
    first.items.append(1)
    assert second.items == [] and Box([1]) == first


def test_a_record_is_a_dataclass_to_the_library_and_pydantic() -> None:
    point = Point(1, 2)
    assert dataclasses.is_dataclass(Point) and [f.name for f in dataclasses.fields(Point)] == ["x", "y"]
    assert dataclasses.replace(point, y=5) == Point(1, 5) and dataclasses.asdict(point) == {"x": 1, "y": 2}
    adapter = TypeAdapter(Point)
    assert adapter.validate_python(adapter.dump_python(point)) == point
    assert adapter.validate_json('{"x": 3}') == Point(3)
    assert copy.copy(point) == copy.deepcopy(point) == pickle.loads(pickle.dumps(point)) == point
    assert Point.__match_args__ == ("x", "y") and Box.__doc__ == "A box."
    match point:
        case Point(1, y):
            assert y == 2
        case _:
            raise AssertionError("a record matches by position")


def test_what_a_record_cannot_be_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError):
        @record
        class Later:
            x: int = field(default=0, init=False)
    with pytest.raises(TypeError):
        @record(frozen=True, compiled_init=True)
        class Frozen:
            x: int
    with pytest.raises(TypeError):
        @record
        class Checked:
            x: int

            def __post_init__(self) -> None: ...
