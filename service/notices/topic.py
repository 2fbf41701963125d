"""The topic channel: every notice published to the SNS topic, for whoever subscribed (a seat's inbox, a
device by a filter policy on `game_id`/`seat`/`kind`). It goes first, to every seat told, whatever its player.

Its markers keep the shape they had before the other channels (`MarkerKey` channel ""). An SNS FIFO topic
was the alternative: its deduplication lasts five minutes (stream retries can take longer) and FIFO topics
reach neither mobile push nor e-mail.
"""

from __future__ import annotations

from domain.records import record
from infra.channels.base import Notice, Publisher
from service.notices.delivery import Policy, Seat

TOPIC = ""


@record(frozen=True)
class Everyone:
    every_turn: bool = True


EVERYONE = Everyone()


@record
class TopicChannel:
    publisher: Publisher
    name: str = TOPIC
    policy: Policy = Policy()

    def recipient(self, seat: Seat) -> Everyone:
        return EVERYONE

    def send(self, notice: Notice, to: Everyone, seat: Seat) -> int:
        self.publisher.publish(notice)
        return 1
