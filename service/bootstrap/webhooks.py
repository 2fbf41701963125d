"""The composition root's webhook sender (functions/webhook_sender.py): built by `Reactions`
(service/bootstrap/reactions.py) on first use, from WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL and WEBHOOK_BACKOFF."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.bootstrap.core import Core
    from service.notices.webhook.delivery import Sender


def webhook_sender(services: Core) -> Sender:
    from infra.channels.webhook_http import post
    from infra.channels.webhook_queue import SqsWebhookQueue
    from infra.channels.webhook_state import DynamoWebhookState, MemoryWebhookState
    from infra.players.memory import InMemoryPlayerStore
    from service.notices.webhook.delivery import BACKOFF, Sender
    from service.notices.webhook.settings import loopback_allowed

    store = services.player_store
    state = MemoryWebhookState(store) if isinstance(store, InMemoryPlayerStore) else \
        DynamoWebhookState.from_env(services.dynamodb)
    configured = os.environ.get("WEBHOOK_BACKOFF", "").strip()
    backoff = tuple(int(s) for s in configured.split(",")) if configured else BACKOFF
    sqs = services.sqs
    return Sender(store, state, SqsWebhookQueue(sqs, os.environ.get("WEBHOOK_QUEUE_URL", "")),
                  SqsWebhookQueue(sqs, os.environ.get("WEBHOOK_DLQ_URL", "")), post,
                  allow_loopback=loopback_allowed(), backoff=backoff)
