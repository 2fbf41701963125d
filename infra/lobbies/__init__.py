"""Lobby store: records, contract, an in-memory store.

The DynamoDB store is imported from `infra.lobbies.dynamodb`, so that importing this package does not import
boto3.
"""

from infra.lobbies.base import LobbyConflict, LobbyExists, LobbyRecord, LobbyStore, Slot
from infra.lobbies.memory import InMemoryLobbyStore, LobbyTable

__all__ = ["InMemoryLobbyStore", "LobbyConflict", "LobbyExists", "LobbyRecord", "LobbyStore", "LobbyTable", "Slot"]
