"""The webhook channel: a notice of a seat whose player has an enabled webhook
(service/notices/webhook/settings.py `enabled`) is queued for the webhook sender (docs/webhooks.md).

Policy: "your turn" and "game over" alike, nothing coalesced (a webhook is for programs), never held, and a
failed queueing fails its record (the queue's consumer, functions/webhook_sender.py, retries and gives up on
a delivery itself). The delivery id (`X-Distilled-Delivery`, game:version:seat:kind) is the same on a repeat,
so a receiver drops it.

The body is the notice's message (only what the seat may see, never a token) and a link to the seat's page
carrying a fresh link token (service/links.py): a bearer for that seat's page, as in an e-mail, which is what a
link is for. Never the seat token.
"""

from __future__ import annotations

from typing import Any

from domain.records import record
from infra.channels.base import Notice
from infra.channels.webhook_queue import WebhookQueue
from infra.players import PlayerRecord
from service.notices.delivery import Policy, Seat
from service.notices.webhook.settings import enabled

WEBHOOK = "webhook"
POLICY = Policy()


def delivery_id(notice: Notice) -> str:
    return f"{notice.game_id}:{notice.version}:{notice.seat}:{notice.kind}"


def body(notice: Notice, link: str | None) -> dict[str, Any]:
    return {**notice.message(), "delivery": delivery_id(notice), "link": link}


@record(frozen=True)
class Hook:
    """The recipient: a player whose webhook is on."""

    record: PlayerRecord
    every_turn: bool = True


@record
class WebhookChannel:
    queue: WebhookQueue
    name: str = WEBHOOK
    policy: Policy = POLICY

    def recipient(self, seat: Seat) -> Hook | None:
        record = seat.player
        return Hook(record) if record is not None and enabled(record) else None

    def send(self, notice: Notice, to: Hook, seat: Seat) -> int:
        self.queue.send({"player_id": to.record.player_id, "generation": to.record.webhook_generation,
                         "delivery": delivery_id(notice), "attempt": 1, "body": body(notice, seat.link())})
        return 1
