"""The only doorway for chance: the caller owns a seeded RNG and passes it in (RULES D4)."""

from __future__ import annotations

from typing import Any, Protocol


class Rng(Protocol):
    def shuffle(self, x: list[Any]) -> None: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...


class NoRandomness:
    """Used where a command must not need chance; asking for it is a programming error."""

    def shuffle(self, x: list[Any]) -> None:
        raise RuntimeError("this decision needs an RNG; pass one to decide()")

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        raise RuntimeError("this decision needs an RNG; pass one to decide()")
