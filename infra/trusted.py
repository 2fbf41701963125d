"""Trusted decoding: stored events and snapshot states back into domain objects without validating them again.

Everything in the store was validated on its way in (events are dumped from validated models, states from a
fold of them), so the load path only has to rebuild the objects validation would build: tuples where a field
is a tuple, int keys where a dict is keyed by int, nested models and dataclasses, defaults filled in. Each
class's converter is derived once from its type hints, on first use (a cold start that never loads pays
nothing at import). Upcasting happens before this, in the store. A stored value whose keys do not fit its class
(a newer or unknown shape) is handed to the validating decoder, so it fails exactly as it did before.
`tests/infra/test_trusted.py` holds the two decoders equal on random games.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import BaseModel

Convert = Callable[[Any], Any]
_SCALARS = (str, int, float, bool, type(None), typing.Any)  # a float is dumped with its point: read back a float


class Unsupported(TypeError):
    """A type hint this decoder has no rule for: add one (the tests derive every converter)."""


class Untrusted(ValueError):
    """A stored value that does not have its class's shape: decode it with validation instead."""


def converter(hint: Any) -> Convert | None:
    """How to turn the JSON form of a `hint`-typed value into what validation makes of it (None: as it is)."""
    return _converter(hint)


@cache
def _converter(hint: Any) -> Convert | None:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _SCALARS or origin is typing.Literal:
        return None
    if origin is typing.Annotated:
        return _converter(args[0])
    if origin in (types.UnionType, typing.Union):
        return _optional(hint, args)
    if origin is tuple:
        return _tuple(args)
    if origin is list:
        item = _converter(args[0])
        return None if item is None else (lambda v: [item(x) for x in v])
    if origin is dict:
        return _dict(*args)
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return model_converter(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint in _deriving:  # a record that holds its own kind (a state's undo point): resolved at first use
            record: Any = hint
            return lambda v: dataclass_converter(record)(v)
        return dataclass_converter(hint)
    raise Unsupported(f"no trusted decoding for {hint!r}")


def _optional(hint: Any, args: tuple[Any, ...]) -> Convert | None:
    present = [a for a in args if a is not type(None)]
    if len(present) != 1:
        if all(_converter(a) is None for a in present):
            return None  # a union of scalars: JSON already holds the value
        raise Unsupported(f"no trusted decoding for the union {hint!r}")
    inner = _converter(present[0])
    return None if inner is None else (lambda v: None if v is None else inner(v))


def _tuple(args: tuple[Any, ...]) -> Convert:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _converter(args[0])
        return tuple if item is None else (lambda v: tuple([item(x) for x in v]))
    items = [_converter(a) or _same for a in args]
    if all(i is _same for i in items):
        return tuple
    return lambda v: tuple([f(x) for f, x in zip(items, v, strict=True)])


def _dict(key: Any, value: Any) -> Convert | None:
    if key is int:  # JSON object keys are strings; validation turns them back into ints
        of_value = _converter(value) or _same
        return lambda v: {int(k): of_value(x) for k, x in v.items()}
    if key is not str:
        raise Unsupported(f"no trusted decoding for dict keys of {key!r}")
    item = _converter(value)
    return None if item is None else (lambda v: {k: item(x) for k, x in v.items()})


def _same(value: Any) -> Any:
    return value


def _fields(hints: dict[str, Any]) -> list[tuple[str, Convert]]:
    """The fields whose JSON form needs converting, with their converters."""
    found = [(name, _converter(hint)) for name, hint in hints.items()]
    return [(name, conv) for name, conv in found if conv is not None]


# Where validation puts what it builds: the four slots every pydantic model has, set through their descriptors
# (a third cheaper than `object.__setattr__`, and a load sets four per event).
_set_dict, _set_fields_set, _set_extra, _set_private = (
    BaseModel.__dict__[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"))


@cache
def model_converter(cls: type[BaseModel], envelope: str | None = None, consume: bool = False) -> Convert:
    """A pydantic model's instance built as `model_validate` would build it, without validating. A key named
    `envelope` is the store's, not the model's (an event's schema version `v`): it is dropped. `consume`: the
    stored dict is the caller's to give away (parsed for this load alone), so it becomes the instance's
    `__dict__` rather than being copied."""
    fields = cls.model_fields
    names = frozenset(fields)
    count = len(names)
    convert = _fields({n: f.annotation for n, f in fields.items()})
    new = cls.__new__
    # Every field set, the usual case: the instances of a frozen model can share that one set, since pydantic
    # changes a model's fields set only in `__setattr__` (refused when frozen) and on the copies `model_copy`
    # makes. One set fewer per event is a tenth of a replay (allocation, and the garbage collections it brings).
    every = set(names) if cls.model_config.get("frozen") else None

    def complete(values: dict[str, Any]) -> tuple[set[str], dict[str, Any]]:
        given = set(values)
        if not given <= names or any(f.is_required() and n not in given for n, f in fields.items()):
            raise Untrusted(f"{cls.__name__}: stored keys {sorted(given)} are not its fields")
        # Defaults filled in field order, as validation leaves them.
        return given, {n: values[n] if n in given else f.get_default(call_default_factory=True)
                       for n, f in fields.items()}

    def build(data: dict[str, Any]) -> BaseModel:
        values = data if consume else dict(data)  # else never the caller's: stored values stay as stored
        if envelope is not None:
            values.pop(envelope, None)
        if len(values) == count and values.keys() == names:  # dumped from a model: every field, in field order
            given = every if every is not None else set(names)
        else:
            given, values = complete(values)
        if convert:
            for name, conv in convert:
                values[name] = conv(values[name])
        model = new(cls)
        _set_dict(model, values)
        _set_fields_set(model, given)
        _set_extra(model, None)
        _set_private(model, None)
        return model

    return build


_deriving: set[type[Any]] = set()  # dataclasses whose converter is being derived


@cache
def dataclass_converter(cls: type[Any]) -> Convert:
    """A dataclass instance from its JSON form; missing fields take their defaults, as validation does."""
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    _deriving.add(cls)
    try:
        convert = _fields({f.name: hints[f.name] for f in fields})
    finally:
        _deriving.discard(cls)
    # A snapshot holds every field (dumped from the dataclass): its values are passed by position, converted
    # where they need it, which costs half of matching keywords. Looked up by name, never by the stored order.
    names = [f.name for f in fields]
    at = {name: i for i, name in enumerate(names)}
    positional = [(at[name], conv) for name, conv in convert] if all(f.init for f in fields) else None

    def by_name(data: dict[str, Any]) -> Any:
        values = dict(data)
        for name, conv in convert:
            if name in values:
                values[name] = conv(values[name])
        return cls(**values)

    def build(data: dict[str, Any]) -> Any:
        if positional is None or len(data) != len(names):
            return by_name(data)
        try:
            args = [data[name] for name in names]
        except KeyError:  # as many keys as fields, not the same ones: an unknown key, refused by name
            return by_name(data)
        for i, conv in positional:
            args[i] = conv(args[i])
        return cls(*args)

    return build
