"""Upcasters turn an old stored event shape into the next one, on read; stored events never change."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from infra.store.base import Event

Upcaster = Callable[[Event], Event]


class Registry:
    def __init__(self) -> None:
        self._upcasters: dict[tuple[str, int], Upcaster] = {}
        # The highest version any upcaster starts from: an event above it has nothing to upcast (one comparison,
        # while the events of the current version are most of a load).
        self._newest_from = 0

    def register(self, type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Decorate a function taking an event of `type` at `from_version` to its next version."""

        def decorate(fn: Upcaster) -> Upcaster:
            key = (type, from_version)
            if key in self._upcasters:
                raise ValueError(f"an upcaster for {type} v{from_version} is already registered")
            self._upcasters[key] = fn
            self._newest_from = max(v for _, v in self._upcasters)
            return fn

        return decorate

    def unregister(self, type: str, from_version: int) -> None:
        self._upcasters.pop((type, from_version), None)
        self._newest_from = max((v for _, v in self._upcasters), default=0)

    @contextmanager
    def registered(self, type: str, from_version: int, fn: Upcaster) -> Iterator[None]:
        """Register for the duration of a block (tests)."""
        self.register(type, from_version)(fn)
        try:
            yield
        finally:
            self.unregister(type, from_version)

    def upcast(self, event: Event) -> Event:
        while (fn := self._upcasters.get((event["type"], event["v"]))) is not None:
            # The registry owns the version bump, so an upcaster cannot loop by forgetting it.
            event = {**fn(dict(event)), "v": event["v"] + 1}
        return event

    def upcast_all(self, events: list[Event]) -> tuple[Event, ...]:
        """`upcast` of each (the load path: with no upcaster registered, the events as they are)."""
        if not self._upcasters:
            return tuple(events)
        newest_from = self._newest_from
        return tuple([event if event["v"] > newest_from else self.upcast(event) for event in events])

    def upcaster(self) -> Callable[[list[Event]], tuple[Event, ...]]:
        """`upcast_all`, or while no upcaster is registered `tuple`: the same answer, for a loop to hoist."""
        return self.upcast_all if self._upcasters else tuple

    def __contains__(self, key: object) -> bool:
        return key in self._upcasters


default_registry = Registry()
register = default_registry.register
upcast = default_registry.upcast
