"""The notifier's webhook channel (service/notices/webhook/plan.py): notices of seats whose player has an enabled
webhook, queued to WEBHOOK_QUEUE_URL (unset: no webhooks). The queue's client is built on first use."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from aws_lambda_powertools.metrics import MetricUnit

from functions import container
from functions.observability import metrics

if TYPE_CHECKING:
    from infra.channels.webhook_queue import WebhookQueue
    from service.notices.plan import Notice, Planned

_queue: WebhookQueue | None = None


def use_webhook_queue(queue: WebhookQueue | None) -> None:
    """Queue through `queue` (tests); None: through SQS again, built on first use."""
    global _queue
    _queue = queue


def webhook_queue() -> WebhookQueue | None:
    global _queue
    if _queue is None:
        url = os.environ.get("WEBHOOK_QUEUE_URL", "").strip()
        if not url:
            return None
        import boto3

        from infra.budget import CLIENT_CONFIG, bound
        from infra.channels.webhook_queue import SqsWebhookQueue

        _queue = SqsWebhookQueue(bound(boto3.client("sqs", config=CLIENT_CONFIG), container.time_left), url)
    return _queue


def send_webhooks(planned: list[Notice], found: Planned | None) -> int:
    queue = webhook_queue()
    if queue is None or not planned or found is None or found.newest is None:
        return 0
    from service.notices.webhook.plan import Hooks

    hooks = Hooks(queue, container.markers(), container.links(), container.services().player_store,
                  os.environ.get("PAGE_BASE_URL", "").strip())
    queued = hooks.deliver(planned, found.newest)
    if queued:
        metrics.add_metric(name="WebhooksQueued", unit=MetricUnit.Count, value=queued)
    return queued
