"""Live connections: which WebSocket connections watch which game (records, contract, an in-memory store).

The DynamoDB store is imported from `infra.connections.dynamodb`, so that importing this package does not
import boto3.
"""

from infra.connections.base import CONNECTION_TTL, Connection, ConnectionStore
from infra.connections.memory import InMemoryConnectionStore

__all__ = ["CONNECTION_TTL", "Connection", "ConnectionStore", "InMemoryConnectionStore"]
