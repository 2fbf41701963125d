"""`@record`: a dataclass whose methods are shared by every record, not generated for each class.

`@dataclass` writes a class's `__init__`, `__repr__` and `__eq__` (frozen: also `__setattr__`, `__delattr__` and
`__hash__`) as Python source and compiles it when the class is made, at every import: at a Lambda cold start
that is most of what a record costs, over a millisecond for a frozen one (docs/adr/0023-records.md has the
figures). A record is made by `dataclass(init=False, repr=False, eq=False)`, which generates nothing, and then
given methods that read its fields: to `dataclasses.fields`, `replace`, pydantic (snapshots) and the trusted
decoder (infra/trusted.py) it is a dataclass like any other, and it behaves as `@dataclass` would: positional
and keyword arguments in field order, defaults and default factories, equality and repr by the fields (those
with compare / repr), frozen records immutable and hashable, unfrozen ones unhashable.

Not supported (refused when the class is made, never silently different): `init=False` or keyword-only fields,
`__post_init__`, ordering.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["field", "record"]

T = TypeVar("T")
_set = object.__setattr__  # how a record's __init__ fills its fields, frozen or not


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(
    *, frozen: bool = False, slots: bool = False, compiled_init: bool = False
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, frozen: bool = False, slots: bool = False,
           compiled_init: bool = False) -> Any:
    """`@record`, `@record(frozen=True, slots=True)`: as `@dataclass` with the same arguments.

    `compiled_init`: the `__init__` dataclass generates, rather than the shared one, which matches arguments to
    fields as it runs (several times slower per call): for the few records the rules make at every move, where
    that costs more than compiling one function at import. Not with `frozen` (its `__init__` assigns through
    the refused `__setattr__`).
    """
    if compiled_init and frozen:
        raise TypeError("a frozen record's __init__ is the shared one")

    def make(cls: type[T]) -> type[T]:
        documented = bool(cls.__doc__)
        if not documented:  # else dataclass writes one from the class's signature, at a third of the class's cost
            cls.__doc__ = cls.__name__
        made: type[T] = dataclass(init=compiled_init, repr=False, eq=False, slots=slots)(cls)
        found = fields(made)  # type: ignore[arg-type]  # a dataclass now
        if not documented:
            made.__doc__ = f"{made.__name__}({', '.join(f.name for f in found)})"
        _check(made, found)
        methods = _compared(found) if compiled_init else {"__init__": _init(found), **_compared(found)}
        if frozen:
            methods |= _frozen(found, slots)
        for name, method in methods.items():
            setattr(made, name, method)
        return made

    return make if cls is None else make(cls)


def _check(cls: type[Any], found: tuple[Field[Any], ...]) -> None:
    for f in found:
        if not f.init or f.kw_only is True:
            raise TypeError(f"{cls.__name__}.{f.name}: a record's fields are all positional __init__ arguments")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a record has no __post_init__")


def _key(found: tuple[Field[Any], ...]) -> Callable[[Any], Any]:
    """The values a record compares (and, frozen, hashes) by, as one tuple."""
    names = [f.name for f in found if f.compare]
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _init(found: tuple[Field[Any], ...]) -> Callable[..., None]:
    names = tuple(f.name for f in found)
    defaults = tuple((f.default, f.default_factory) for f in found)  # by field; MISSING where there is none
    count = len(names)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        given = len(args)
        if given > count:
            raise TypeError(f"{type(self).__name__}() takes {count} positional arguments but {given} were given")
        for name, value in zip(names, args, strict=False):
            _set(self, name, value)
        for i in range(given, count):
            name = names[i]
            if name in kwargs:
                _set(self, name, kwargs.pop(name))
                continue
            default, factory = defaults[i]
            if default is not MISSING:
                _set(self, name, default)
            elif factory is not MISSING:
                _set(self, name, factory())
            else:
                raise TypeError(f"{type(self).__name__}() missing required argument: {name!r}")
        if kwargs:
            extra = next(iter(kwargs))
            why = "multiple values for argument" if extra in names else "an unexpected keyword argument"
            raise TypeError(f"{type(self).__name__}() got {why} {extra!r}")

    return __init__


def _compared(found: tuple[Field[Any], ...]) -> dict[str, Any]:
    """`__eq__` and `__repr__` by the fields, and no hash: a frozen record gets one in `_frozen`."""
    key = _key(found)
    shown = tuple(f.name for f in found if f.repr)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(key(self) == key(other))
        return NotImplemented

    return {"__repr__": __repr__, "__eq__": __eq__, "__hash__": None}  # mutable and compared by value


def _frozen(found: tuple[Field[Any], ...], slots: bool) -> dict[str, Any]:
    key = _key(found)
    names = tuple(f.name for f in found)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self: Any) -> int:
        return hash(key(self))

    def __getstate__(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in names)

    def __setstate__(self: Any, state: tuple[Any, ...]) -> None:
        for name, value in zip(names, state, strict=True):
            _set(self, name, value)

    methods: dict[str, Any] = {"__setattr__": __setattr__, "__delattr__": __delattr__, "__hash__": __hash__}
    if slots:  # copy and pickle restore slots by assignment, which a frozen record refuses: by its fields instead
        methods |= {"__getstate__": __getstate__, "__setstate__": __setstate__}
    return methods
