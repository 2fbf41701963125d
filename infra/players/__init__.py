"""Player store: records, contract, an in-memory store.

The DynamoDB store is imported from `infra.players.dynamodb`, so that importing this package does not import
boto3.
"""

from infra.players.base import (
    OutboxMessage,
    PlayerExists,
    PlayerRecord,
    PlayerStore,
    RevisionConflict,
)
from infra.players.memory import InMemoryPlayerStore, PlayerTable

__all__ = [
    "InMemoryPlayerStore",
    "OutboxMessage",
    "PlayerExists",
    "PlayerRecord",
    "PlayerStore",
    "PlayerTable",
    "RevisionConflict",
]
