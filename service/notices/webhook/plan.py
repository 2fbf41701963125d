"""Which notices become webhook deliveries, and queueing each exactly once (docs/webhooks.md).

Every notice of a seat whose player has an enabled webhook (service/notices/webhook/settings.py `enabled`) is
queued, "your turn" and "game over" alike: a webhook is for programs, so nothing is coalesced. The queue's consumer
(functions/webhook_sender.py) signs and POSTs it, retries it and gives up on it.

Marker (the notices' own, service/notices/plan.py Markers): (game, version, seat, "webhook"). Order: queue, then
mark. A stream record delivered twice finds the marker and queues nothing; a crash (or a failed marker write)
between the two queues it again when the stream retries: at-least-once. The delivery id
(`X-Distilled-Delivery`, game:version:seat:kind) is the same both times, so a receiver drops the repeat.
Marking first would lose the notice on a crash.

The body is the notice's message (only what the seat may see, never a token) and a link to the seat's page
carrying a fresh link token (service/links.py): a link token is a bearer for that seat's page, as in an e-mail,
which is what a link is for. Never the seat token.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domain.records import record
from infra.channels.webhook_queue import WebhookQueue
from service.games.repository import Aggregate
from service.notices.email.render import link_url
from service.notices.plan import Markers, Notice
from service.notices.webhook.settings import enabled

if TYPE_CHECKING:
    from infra.players import PlayerStore
    from service.links import Links

WEBHOOK = "webhook"


def delivery_id(notice: Notice) -> str:
    return f"{notice.game_id}:{notice.version}:{notice.seat}:{notice.kind}"


def marker(notice: Notice) -> Notice:
    """The marker of (game, version, seat, webhook)."""
    return replace(notice, kind=f"{notice.kind}.{WEBHOOK}")


def body(notice: Notice, link: str | None) -> dict[str, Any]:
    return {**notice.message(), "delivery": delivery_id(notice), "link": link}


@record
class Hooks:
    queue: WebhookQueue
    markers: Markers
    links: Links
    players: PlayerStore
    page_base_url: str = ""  # empty: the body has no link

    def deliver(self, notices: Iterable[Notice], newest: Aggregate) -> int:
        """Queue every notice due (`newest`: the game now, which the links are bound to); how many."""
        queued = 0
        for notice in notices:
            player_id = newest.players[notice.seat] if notice.seat < len(newest.players) else None
            record = self.players.get(player_id) if player_id else None
            if record is None or not enabled(record) or self.markers.sent(marker(notice)):
                continue
            link = None
            if self.page_base_url:
                link = link_url(self.page_base_url, notice.game_id, self.links.mint(newest, notice.seat).token)
            self.queue.send({"player_id": record.player_id, "generation": record.webhook_generation,
                             "delivery": delivery_id(notice), "attempt": 1, "body": body(notice, link)})
            self.markers.mark(marker(notice))
            queued += 1
        return queued
