"""Link store: the grants of link and session tokens, their contract, an in-memory store.

The DynamoDB store is imported from `infra.links.dynamodb`, so that importing this package does not import
boto3.
"""

from infra.links.base import Grant, GrantExists, Kind, LinkStore
from infra.links.memory import InMemoryLinkStore, LinkTable

__all__ = ["Grant", "GrantExists", "InMemoryLinkStore", "Kind", "LinkStore", "LinkTable"]
