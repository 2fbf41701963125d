"""Make the embedded DynamoDB cost what DynamoDB costs: a Query reads its partition, not the whole table.

moto's `Table.query` (5.x) gathers candidates with `self.all_items()`: it sorts every item of the table and
then keeps those of the queried partition. Every command loads its game with a Query, so on a laptop that has
hosted a few hundred games each command paid for all of them. The table already keeps its items by
partition (`table.items[hash_key]`), so a query on the base table is given a view of the table whose
`all_items()` is that partition alone; everything else (key conditions, order, Limit, paging, filters,
projections) is still moto's own code. Index queries keep moto's path: an index is not kept by partition.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

_original: Any = None


class _Partition:
    """The table as the query sees it: every attribute is the table's, `all_items` is one partition."""

    def __init__(self, table: Any, items: list[Any]) -> None:
        self._table, self._items = table, items

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)

    def all_items(self) -> list[Any]:
        return self._items


def install() -> None:
    """Patch moto's Table.query once per process (the local server's own moto, in this process)."""
    global _original
    if _original is not None:
        return
    from moto.dynamodb.models.table import Table

    original = _original = Table.query
    signature = inspect.signature(original)

    @functools.wraps(original)
    def query(self: Any, hash_key: Any, *args: Any, **kwargs: Any) -> Any:
        index_name = signature.bind(self, hash_key, *args, **kwargs).arguments.get("index_name")
        if index_name or hash_key is None or not self.range_key_attr:
            return original(self, hash_key, *args, **kwargs)
        partition = list(self.items.get(hash_key, {}).values())
        return original(_Partition(self, partition), hash_key, *args, **kwargs)  # type: ignore[arg-type]

    Table.query = query  # type: ignore[method-assign]


def uninstall() -> None:
    """moto's own Table.query again (tests compare the two)."""
    global _original
    if _original is not None:
        from moto.dynamodb.models.table import Table

        Table.query = _original  # type: ignore[method-assign]
        _original = None
