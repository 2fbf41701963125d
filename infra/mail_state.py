"""What e-mail operations keep in the games table: suppressed addresses, one-click unsubscribe grants, transient
bounce counts and send attempts (docs/adr/0019-email-operations.md).

Addresses appear only as `address_hash` (their SHA-256) and unsubscribe tokens only as `token_hash`: a stolen
table names no recipient and holds no working link. Every key has a prefix of its own, so each function's grant
names exactly the items it may touch (template.yaml, LeadingKeys).
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Protocol

from domain.records import field, record

SUPPRESS_PREFIX = "SUPPRESS#"  # SUPPRESS#<address hash>, sk EMAIL: no e-mail goes there (reason, since)
BOUNCES_PREFIX = "BOUNCES#"  # BOUNCES#<address hash>, sk TRANSIENT: soft bounces counted, nothing turned off
UNSUBSCRIBE_PREFIX = "UNSUB#"  # UNSUB#<token hash>, sk GRANT: what one unsubscribe link turns off
ATTEMPT_PREFIX = "NOTICE#"  # under the notices' own partitions (NOTICE#<game>, sk ATTEMPT#<key>)
UNSUBSCRIBE_TTL_SECONDS = 365 * 24 * 3600  # a link in an old e-mail keeps working for a year
BOUNCES_TTL_SECONDS = 30 * 24 * 3600
ATTEMPT_TTL_SECONDS = 7 * 24 * 3600  # outlives the stream's retries (24 h), like the markers


class MailState(Protocol):
    def suppress(self, address_hash: str, reason: str, since: str) -> None: ...

    def suppressed(self, address_hash: str) -> str | None:
        """The reason this address is off, or None."""
        ...

    def count_transient(self, address_hash: str) -> int: ...

    def grant_unsubscribe(self, token_hash: str, target: str) -> None:
        """`target`: `player:<id>` or `address:<address hash>`."""
        ...

    def unsubscribe_target(self, token_hash: str) -> str | None: ...

    def attempt(self, game_id: str, key: str) -> int:
        """Count one more failed send of the e-mail `key` of this game; how many so far."""
        ...


def _key(pk: str, sk: str) -> dict[str, dict[str, str]]:
    return {"pk": {"S": pk}, "sk": {"S": sk}}


class DynamoMailState:
    def __init__(self, client: Any, table: str, clock: Any = time.time) -> None:
        self.client, self.table, self.clock = client, table, clock

    def _expires(self, seconds: int) -> dict[str, str]:
        return {"N": str(int(self.clock()) + seconds)}

    def _get(self, pk: str, sk: str, attribute: str) -> str | None:
        found = self.client.get_item(TableName=self.table, Key=_key(pk, sk), ConsistentRead=True)
        item = found.get("Item")
        return str(item[attribute]["S"]) if item and attribute in item else None

    def suppress(self, address_hash: str, reason: str, since: str) -> None:
        item = {**_key(SUPPRESS_PREFIX + address_hash, "EMAIL"), "kind": {"S": "suppression"},
                "reason": {"S": reason}, "since": {"S": since}}
        self.client.put_item(TableName=self.table, Item=item)

    def suppressed(self, address_hash: str) -> str | None:
        return self._get(SUPPRESS_PREFIX + address_hash, "EMAIL", "reason")

    def _add(self, key: dict[str, Any], seconds: int) -> int:
        answer = self.client.update_item(
            TableName=self.table, Key=key, UpdateExpression="ADD #n :one SET expires_at = :expires",
            ExpressionAttributeNames={"#n": "count"},
            ExpressionAttributeValues={":one": {"N": "1"}, ":expires": self._expires(seconds)},
            ReturnValues="UPDATED_NEW")
        return int(answer["Attributes"]["count"]["N"])

    def count_transient(self, address_hash: str) -> int:
        return self._add(_key(BOUNCES_PREFIX + address_hash, "TRANSIENT"), BOUNCES_TTL_SECONDS)

    def grant_unsubscribe(self, token_hash: str, target: str) -> None:
        item = {**_key(UNSUBSCRIBE_PREFIX + token_hash, "GRANT"), "kind": {"S": "unsubscribe"},
                "target": {"S": target}, "expires_at": self._expires(UNSUBSCRIBE_TTL_SECONDS)}
        self.client.put_item(TableName=self.table, Item=item)

    def unsubscribe_target(self, token_hash: str) -> str | None:
        return self._get(UNSUBSCRIBE_PREFIX + token_hash, "GRANT", "target")

    def attempt(self, game_id: str, key: str) -> int:
        return self._add(_key(ATTEMPT_PREFIX + game_id, f"ATTEMPT#{key}"), ATTEMPT_TTL_SECONDS)


@record
class MemoryMailState:
    suppressions: dict[str, tuple[str, str]] = field(default_factory=dict)
    transient: dict[str, int] = field(default_factory=dict)
    grants: dict[str, str] = field(default_factory=dict)
    attempts: dict[tuple[str, str], int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def suppress(self, address_hash: str, reason: str, since: str) -> None:
        with self.lock:
            self.suppressions[address_hash] = (reason, since)

    def suppressed(self, address_hash: str) -> str | None:
        with self.lock:
            found = self.suppressions.get(address_hash)
        return found[0] if found else None

    def count_transient(self, address_hash: str) -> int:
        with self.lock:
            self.transient[address_hash] = self.transient.get(address_hash, 0) + 1
            return self.transient[address_hash]

    def grant_unsubscribe(self, token_hash: str, target: str) -> None:
        with self.lock:
            self.grants[token_hash] = target

    def unsubscribe_target(self, token_hash: str) -> str | None:
        with self.lock:
            return self.grants.get(token_hash)

    def attempt(self, game_id: str, key: str) -> int:
        with self.lock:
            self.attempts[(game_id, key)] = self.attempts.get((game_id, key), 0) + 1
            return self.attempts[(game_id, key)]


class SqsDeadLetters:
    def __init__(self, client: Any, queue_url: str) -> None:
        self.client, self.queue_url = client, queue_url

    def put(self, entry: dict[str, Any]) -> None:
        self.client.send_message(QueueUrl=self.queue_url, MessageBody=json.dumps(entry, sort_keys=True))


@record
class MemoryDeadLetters:
    entries: list[dict[str, Any]] = field(default_factory=list)

    def put(self, entry: dict[str, Any]) -> None:
        self.entries.append(dict(entry))
