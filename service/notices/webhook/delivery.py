"""Sending one queued webhook delivery: sign, POST, and on failure retry later, give up, or disable.

- 2xx: delivered; a failure count is reset.
- Anything else (another status, a redirect, which is never followed, a timeout, a refused address): the
  message is queued again with a growing delay (BACKOFF: 30 s, 2 min, 8 min, 15 min, SQS's longest), so a
  delivery gets five attempts over some 25 minutes; after the last one it goes to the dead-letter queue with
  everything needed to resend it, and counts as one failed delivery. LIMIT consecutive failed deliveries
  disable the webhook (`webhook_disabled_at`) until its player sets the URL again.
- The player record is read at send time: a webhook cleared, disabled or set to another URL since the message
  was queued gets nothing (the message is dropped), and the secret used is the current one.

Re-queueing is done here (and the received message then deleted), not by SQS's own redelivery, because only a
new message can carry a delay; SQS's redrive (maxReceiveCount) still catches a sender that crashes. A crash
between re-queueing and the deletion leaves two copies: the delivery id lets the receiver drop one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from domain.records import field, record
from infra.channels.webhook_queue import WebhookQueue
from infra.channels.webhook_state import WebhookState
from service.notices.webhook.settings import RefusedAddress, Resolve, enabled, resolve, send_address
from service.notices.webhook.signing import sign
from service.times import iso_seconds as iso

if TYPE_CHECKING:
    from infra.players import PlayerStore

BACKOFF = (30, 120, 480, 900)  # seconds before attempts 2, 3, 4, 5
LIMIT = 5  # consecutive failed deliveries that disable a webhook
DELIVERED, RETRY, DEAD, DROPPED = "delivered", "retry", "dead", "dropped"


class Post(Protocol):
    def __call__(self, url: str, address: str, body: bytes, headers: Mapping[str, str]) -> int:
        """POST `body` to `url`, connecting to `address`; the status. OSError (or TimeoutError) if unreachable."""
        ...


def body_bytes(message: Mapping[str, Any]) -> bytes:
    """The exact bytes signed and sent (the same on every attempt)."""
    return json.dumps(message["body"], separators=(",", ":"), sort_keys=True).encode()


@record
class Sender:
    players: PlayerStore
    state: WebhookState
    queue: WebhookQueue
    dead: WebhookQueue
    post: Post
    clock: Callable[[], float] = time.time
    allow_loopback: bool = False
    backoff: tuple[int, ...] = BACKOFF
    limit: int = LIMIT
    lookup: Resolve = field(default=resolve)

    def handle(self, message: dict[str, Any]) -> str:
        player_id, generation = str(message["player_id"]), int(message["generation"])
        record = self.players.get(player_id)
        if (record is None or not enabled(record) or record.webhook_generation != generation
                or record.webhook_url is None):
            return DROPPED
        assert record.webhook_secret is not None  # enabled() checked it
        payload = body_bytes(message)
        error = ""
        try:
            address = send_address(record.webhook_url, self.allow_loopback, self.lookup)
            headers = sign(record.webhook_secret, payload, self.clock(), str(message["delivery"]))
            status = self.post(record.webhook_url, address, payload, headers)
            error = "" if 200 <= status < 300 else f"status {status}"
        except RefusedAddress as refused:
            error = f"refused address ({refused})"
        except (OSError, TimeoutError) as failure:  # connection refused, reset, TLS, timeout: the URL is at fault
            error = f"unreachable ({type(failure).__name__})"
        if not error:
            if record.webhook_failures:
                self.state.succeeded(player_id, generation)
            return DELIVERED
        attempt = int(message.get("attempt", 1))
        if attempt <= len(self.backoff):
            self.queue.send({**message, "attempt": attempt + 1, "last_error": error}, self.backoff[attempt - 1])
            return RETRY
        self.dead.send({**message, "last_error": error, "failed_at": iso(self.clock())})
        self.state.failed(player_id, generation, self.limit, iso(self.clock()))
        return DEAD
