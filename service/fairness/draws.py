"""The one generator every draw of a fair game comes from (docs/fairness.md, generator `distilled-draws-v1`).

Deterministic over the game's secret seed, the seats' contributions and the version being written, so that the
seed, revealed when the game ends, lets anyone recompute every shuffle and pick, in any language:

- key      = HMAC-SHA256(key=seed, msg="distilled-draws-v1" + for each contribution, in the order recorded:
             0x00 + the contribution's UTF-8 bytes). The contributions are those recorded up to and including
             the commit being drawn for.
- block i  = HMAC-SHA256(key=key, msg=ASCII "<version>:<i>"), i = 0, 1, 2, …: the commit's own stream. Each
             block is four unsigned 64-bit big-endian integers, taken in order.
- below(n) = uniform in [0, n), n ≥ 1, by rejection: take the next integer x until x < 2^64 - (2^64 mod n);
             answer x mod n. (Every call takes at least one integer, n = 1 included.)
- shuffle  = the list sorted (by each item's text, code point order), then Fisher-Yates from the end:
             for i = len-1 down to 1: j = below(i + 1); swap items i and j. So a shuffle's result depends on the
             multiset it was given, never on the order it came in: the recorded result alone names its input.
- randrange(start, stop) = start + below(stop - start) (the domain asks for no step).

Draws are taken in the order the rules ask for them within one command; a command that draws nothing takes
nothing. The domain sees only the `Rng` protocol (domain/rng.py); this module does no I/O: the seed comes in
through `seed`, which the caller may make lazy (a command that draws nothing never reads it).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Sequence
from typing import Any

GENERATOR = "distilled-draws-v1"
_LABEL = GENERATOR.encode()
_TWO_64 = 1 << 64


def draw_key(seed: bytes, contributions: Sequence[str]) -> bytes:
    message = _LABEL + b"".join(b"\x00" + c.encode() for c in contributions)
    return hmac.new(seed, message, hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """What the game's first commit records of its seed: SHA-256, hex."""
    return hashlib.sha256(seed).hexdigest()


class Draws:
    """The `Rng` of one commit of one fair game: `version` the commit's, `contributions` those recorded up to it."""

    def __init__(self, seed: bytes | Callable[[], bytes], version: int, contributions: Sequence[str] = ()) -> None:
        self._seed = seed
        self.version, self.contributions = version, tuple(contributions)
        self._key: bytes | None = None
        self._block = 0
        self._numbers: list[int] = []
        self.taken = 0  # integers taken so far (a verifier's position in the stream)

    def _next(self) -> int:
        if not self._numbers:
            if self._key is None:
                seed = self._seed() if callable(self._seed) else self._seed
                self._key = draw_key(seed, self.contributions)
            block = hmac.new(self._key, f"{self.version}:{self._block}".encode(), hashlib.sha256).digest()
            self._block += 1
            self._numbers = [int.from_bytes(block[i:i + 8], "big") for i in (24, 16, 8, 0)]  # popped from the end
        self.taken += 1
        return self._numbers.pop()

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = _TWO_64 - _TWO_64 % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            raise ValueError("the rules draw no stepped range")
        return start + self.below(stop - start)

    def shuffle(self, x: list[Any]) -> None:
        x.sort(key=str)
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        found = list(items)
        self.shuffle(found)
        return found
