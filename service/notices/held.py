"""Holding e-mail and push notices during a player's quiet hours, and releasing them once those end
(functions/release_held.py, every 5 minutes). The game itself is never held: only the messages about it.

`Hold` is the channels' hook: a notice due to be sent to a player who is in quiet hours is stored instead
(infra/held.py: the seat's newest held notice per channel, with the end of the quiet window), and nothing is
marked as sent. `release` sends what is still relevant through the very same channels and delivery loop
(service/notices/registry.py), which then check their markers and coalescing as for any notice (at most one
e-mail per seat per round still holds):
- "game over" is always relevant;
- a "your turn" is dropped when the seat is no longer to act, or has acted since (its move then started
  another wait, whose own notice replaced this one if it came during quiet hours too).
Order: send, then forget the held item: a crash in between sends again on the next run (at-least-once, like
the channels themselves; their markers then drop the repeat).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime

from domain import to_act
from domain.records import record
from infra.channels.base import GAME_OVER, Notice
from infra.held import HeldNotice, HeldStore
from infra.players import PlayerRecord, PlayerStore
from infra.store import Commit
from service.games.repository import Aggregate
from service.notices.quiet_hours import from_stored, release_at
from service.times import iso_utc

# (channel name, the notices, the game now): how many messages went out on that channel
Send = Callable[[str, list[Notice], Aggregate], int]


@record
class Hold:
    players: PlayerStore
    held: HeldStore
    clock: Callable[[], float]

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    def until(self, record: PlayerRecord | None) -> datetime | None:
        """When the player's current quiet window ends; None: not in quiet hours now."""
        if record is None:
            return None
        return release_at(from_stored(record.quiet_hours), record.time_zone or "UTC", self.now())

    def __call__(self, notice: Notice, player: PlayerRecord | None, channel: str) -> bool:
        """Whether the notice is held (and stored) instead of sent now (`player`: the seat's, as read for it)."""
        if player is None:
            return False  # a seat's own contact address has no player, and so no quiet hours
        until = self.until(player)
        if until is None:
            return False
        self.held.hold(HeldNotice(notice, channel, player.player_id, iso_utc(until)))
        return True


def relevant(notice: Notice, newest: Aggregate, since: Sequence[Commit]) -> bool:
    """Whether a held notice is still worth sending, given the game now and its commits since the notice."""
    if notice.kind == GAME_OVER:
        return True
    acted = any(c.seat == notice.seat for c in since if c.version > notice.version)
    return not acted and notice.seat in to_act(newest.state)


@record(frozen=True)
class Released:
    sent: int = 0
    dropped: int = 0
    still_quiet: int = 0


def release(due: Iterable[HeldNotice], hold: Hold, load: Callable[[str], Aggregate],
            commits: Callable[[str, int], Sequence[Commit]], send: Send, channels: Collection[str],
            can_go_on: Callable[[], bool] = lambda: True) -> Released:
    """Send (or drop) each due held notice; one whose player is quiet again (hours changed) waits anew."""
    sent = dropped = quiet = 0
    for held in due:
        if not can_go_on():
            break
        until = hold.until(hold.players.get(held.player_id))
        if until is not None:
            hold.held.hold(replace(held, release_at=iso_utc(until)))
            quiet += 1
            continue
        notice = held.notice
        newest = load(notice.game_id)
        if held.channel in channels and relevant(notice, newest, commits(notice.game_id, notice.version)):
            sent += send(held.channel, [notice], newest)
        else:
            dropped += 1
        hold.held.release(held)
    return Released(sent, dropped, quiet)
