""""My games" store: one small entry per (player, game), records, contract, an in-memory store.

The DynamoDB store is imported from `infra.my_games.dynamodb`, so that importing this package does not import
boto3.
"""

from infra.my_games.base import ENTRY_PREFIX, GameEntry, MyGamesStore, Page
from infra.my_games.memory import InMemoryMyGamesStore

__all__ = ["ENTRY_PREFIX", "GameEntry", "InMemoryMyGamesStore", "MyGamesStore", "Page"]
