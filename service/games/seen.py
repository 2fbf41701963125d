"""The command keys a snapshot has seen, as a membership filter: sorted 3-byte hashes.

A snapshot once carried every processed command key with its version and digest (60-70 bytes a command, random
ids that do not compress): at 200-400 commands that alone outgrew a cold load's read budget. The filter keeps
3 bytes a command. It never misses a key it holds; another key hits it with a chance of n / 2**24 (1 in 40 000
at 400 commands). A hit is then settled exactly from the commits (`repository.written_by`), so the filter
only decides when that costly read is needed, never an answer.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from domain.records import record

WIDTH = 3


def key_hash(key: str) -> bytes:
    return hashlib.blake2b(key.encode(), digest_size=WIDTH).digest()


@record(frozen=True)
class Seen:
    hashes: bytes = b""  # sorted, WIDTH bytes each, no repeats

    def __len__(self) -> int:
        return len(self.hashes) // WIDTH

    def might_hold(self, key: str) -> bool:
        """False: the key was never added. True: it probably was (settle it exactly)."""
        target, hashes = key_hash(key), self.hashes
        low, high = 0, len(self)
        while low < high:  # bytes compare as the big-endian numbers they are
            middle = (low + high) // 2
            found = hashes[middle * WIDTH:(middle + 1) * WIDTH]
            if found == target:
                return True
            if found < target:
                low = middle + 1
            else:
                high = middle
        return False

    def adding(self, keys: Iterable[str]) -> Seen:
        mine = {self.hashes[i:i + WIDTH] for i in range(0, len(self.hashes), WIDTH)}
        return Seen(b"".join(sorted(mine | {key_hash(k) for k in keys})))

    def to_json(self) -> str:
        return base64.b64encode(self.hashes).decode("ascii")

    @classmethod
    def from_json(cls, text: str) -> Seen:
        hashes = base64.b64decode(text.encode("ascii"), validate=True)
        if len(hashes) % WIDTH:
            raise ValueError("a seen-keys filter is a whole number of hashes")
        return cls(hashes)
