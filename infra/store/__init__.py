"""Event store: messages and contract, an in-memory store, upcasting.

The DynamoDB store is imported from `infra.store.dynamodb`, so that importing this package does not
import boto3.
"""

from infra.store.base import (
    Commit,
    ConcurrencyConflict,
    Event,
    EventStore,
    Snapshot,
    StoreError,
    Stream,
)
from infra.store.memory import InMemoryEventStore, MemoryTable
from infra.store.upcasting import Registry, default_registry

__all__ = [
    "Commit",
    "ConcurrencyConflict",
    "Event",
    "EventStore",
    "InMemoryEventStore",
    "MemoryTable",
    "Registry",
    "Snapshot",
    "StoreError",
    "Stream",
    "default_registry",
]
