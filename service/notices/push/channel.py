"""The push channel: each notice to every device of the seat's player.

Policy, as the e-mails' (service/notices/email/channel.py): one push per seat per round by default, for the
round's first "your turn"; every turn for a player who opted in (`push_every_turn`, else `email_every_turn`);
"game over" and reminders always. Held in quiet hours; MAX_SEND_ATTEMPTS failed sends before the notices'
dead-letter queue (channel "push"). The push carries its key (`dedup_key`), so that the app can drop a repeat.
A device whose endpoint is gone is pruned: its endpoint deleted, then the device dropped from its player.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.records import record
from infra.channels.base import Notice
from infra.channels.push import EndpointGone, Push, PushSender
from infra.players import PlayerRecord
from service.notices.delivery import Policy, Seat, attempt_key
from service.notices.push.devices import devices
from service.notices.push.texts import push_data, push_text

PUSH = "push"
MAX_SEND_ATTEMPTS = 3  # below the stream's retries, as the e-mails'
POLICY = Policy(coalesce=True, quiet_hours=True, attempts=MAX_SEND_ATTEMPTS)


def every_turn(record: PlayerRecord) -> bool:
    chosen = record.push_every_turn if record.push_every_turn is not None else record.email_every_turn
    return bool(chosen)


@record(frozen=True)
class Devices:
    """The recipient: a player with at least one device."""

    record: PlayerRecord

    @property
    def every_turn(self) -> bool:
        return every_turn(self.record)


def push_key(notice: Notice) -> str:
    return attempt_key(notice, PUSH)


@record
class PushChannel:
    sender: PushSender
    prune: Callable[[str, str], None]  # (player id, endpoint ARN): drop the device of a gone endpoint
    name: str = PUSH
    policy: Policy = POLICY

    def recipient(self, seat: Seat) -> Devices | None:
        record = seat.player
        return Devices(record) if record is not None and devices(record) else None

    def send(self, notice: Notice, to: Devices, seat: Seat) -> int:
        record = to.record
        title, body = push_text(notice, record.language)
        key = push_key(notice)
        sent = 0
        for device in devices(record):
            try:
                self.sender.send(Push(device.endpoint_arn, device.sns_platform, title, body, push_data(notice, key),
                                      key))
                sent += 1
            except EndpointGone:
                self.sender.delete_endpoint(device.endpoint_arn)
                self.prune(record.player_id, device.endpoint_arn)
        return sent
