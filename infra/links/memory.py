"""An in-process link store with the DynamoDB store's semantics (tests, demos)."""

from __future__ import annotations

import threading
from dataclasses import replace

from domain.records import field, record
from infra.links.base import Grant, GrantExists, Kind, check_grant


@record
class LinkTable:
    """The shared back-end: several stores over one table behave like several Lambdas over one table. Grants
    are frozen, so sharing them with callers shares nothing mutable."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    grants: dict[tuple[Kind, str], Grant] = field(default_factory=dict)


class InMemoryLinkStore:
    def __init__(self, table: LinkTable | None = None) -> None:
        self.table = table if table is not None else LinkTable()

    def create(self, grant: Grant) -> None:
        check_grant(grant)
        key = (grant.kind, grant.token_sha256)
        with self.table.lock:
            if key in self.table.grants:
                raise GrantExists(grant.kind)
            self.table.grants[key] = replace(grant)

    def get(self, kind: Kind, token_sha256: str) -> Grant | None:
        with self.table.lock:
            return self.table.grants.get((kind, token_sha256))
