"""Which notices become pushes, and sending each exactly once to each of the seat's player's devices.

The same rules as the e-mails (service/notices/email/plan.py): one push per seat per round by default, for the
round's first "your turn"; every turn for a player who opted in (`push_every_turn`, else `email_every_turn`);
"game over" always. Markers (game, version, seat, "push") and (game, round, seat, "push"), written after the
sends: a crash between a send and its marks pushes again on the stream's retry (at-least-once; the push
carries its key, `dedup_key`, so the app can drop a repeat). A device whose endpoint is gone is pruned: its
endpoint deleted, then the device dropped from its player. During the player's quiet hours the notice is held
instead (service/notices/held.py) and nothing is marked.

A push that fails for another reason fails its record (the stream retries it); with the mail state and the
dead letters given, its failures are counted, and the MAX_SEND_ATTEMPTS-th goes to the notices' dead-letter
queue (channel "push": what `devtools.resend_notices` needs to push it again) instead of failing the record
once more, as an e-mail's does (service/notices/email/plan.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domain.records import record
from infra.channels.push import EndpointGone, Push, PushSender
from infra.players import PlayerRecord, PlayerStore
from service.games.repository import Aggregate
from service.notices.plan import YOUR_TURN, Markers, Notice
from service.notices.push.devices import devices
from service.notices.push.texts import push_data, push_text

if TYPE_CHECKING:
    from infra.mail_state import DeadLetters, MailState

PUSH = "push"
MAX_SEND_ATTEMPTS = 3  # below the stream's retries, as the e-mails' (service/notices/email/plan.py)


def version_marker(notice: Notice) -> Notice:
    return replace(notice, kind=f"{notice.kind}.{PUSH}")


def round_marker(notice: Notice) -> Notice:
    """Version 0 is never a commit's, so it never meets a version's marker."""
    return replace(notice, version=0, kind=f"round{notice.round}.{PUSH}", actions=())


def every_turn(record: PlayerRecord) -> bool:
    chosen = record.push_every_turn if record.push_every_turn is not None else record.email_every_turn
    return bool(chosen)


def due(notice: Notice, record: PlayerRecord, markers: Markers) -> bool:
    if markers.sent(version_marker(notice)):
        return False
    coalesced = notice.kind == YOUR_TURN and not every_turn(record)
    return not (coalesced and markers.sent(round_marker(notice)))


def push_key(notice: Notice) -> str:
    return f"{notice.key}:{PUSH}"


def seat_player(aggregate: Aggregate, seat: int) -> str | None:
    return aggregate.players[seat] if seat < len(aggregate.players) and aggregate.players[seat] else None


@record
class Pusher:
    sender: PushSender
    markers: Markers
    players: PlayerStore
    prune: Callable[[str, str], None]  # (player id, endpoint ARN): drop the device of a gone endpoint
    hold: Callable[[Notice, str | None, str], bool] | None = None  # quiet hours (service/notices/held.py)
    state: MailState | None = None  # send attempts; None: a failed push fails its record, however often
    dead_letters: DeadLetters | None = None

    def deliver(self, notices: Iterable[Notice], newest: Aggregate) -> int:
        """Push every notice due to every device of its seat's player; how many pushes went out."""
        sent = 0
        for notice in notices:
            player_id = seat_player(newest, notice.seat)
            record = self.players.get(player_id) if player_id else None
            if record is None or not devices(record) or not due(notice, record, self.markers):
                continue
            if self.hold is not None and self.hold(notice, record.player_id, PUSH):
                continue
            try:
                sent += self._send(notice, record)
            except Exception as error:
                if not self._given_up(notice, error):
                    raise
                continue
            if notice.kind == YOUR_TURN:
                self.markers.mark(round_marker(notice))
            self.markers.mark(version_marker(notice))
        return sent

    def _send(self, notice: Notice, record: PlayerRecord) -> int:
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

    def _given_up(self, notice: Notice, error: Exception) -> bool:
        """Whether this failure was the last allowed one, and the push went to the dead-letter queue."""
        if self.state is None or self.dead_letters is None:
            return False
        if self.state.attempt(notice.game_id, push_key(notice)) < MAX_SEND_ATTEMPTS:
            return False
        self.dead_letters.put(dead_letter(notice, error))
        return True


def dead_letter(notice: Notice, error: Exception) -> dict[str, Any]:
    """What a re-drive needs: the notice's key, never a device, an endpoint or a text."""
    return {"game_id": notice.game_id, "version": notice.version, "seat": notice.seat, "kind": notice.kind,
            "channel": PUSH, "error": type(error).__name__, "attempts": MAX_SEND_ATTEMPTS}
