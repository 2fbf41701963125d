"""The reaction side's channels wired for a test, as the composition root wires them
(service/bootstrap/reactions.py `Reactions.channels`): channels on one delivery loop (service/notices/delivery.py)
with its markers, quiet hours, send attempts and dead letters, over a game's commits, its players and links.

`Line` is one channel wired alone (what a channel's planner was before the loop was shared): its `deliver`
hands the notices to `Channels.deliver` with a table of the game now, as the notifier and the release of held
notices do, and answers how many messages that channel sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from domain.records import record
from infra.channels.base import DeadLetters, Markers, Notice
from infra.channels.memory import MemoryMarkers
from infra.links.memory import InMemoryLinkStore
from infra.mail_state import MailState
from infra.players import PlayerStore
from infra.store import Commit
from service.games.repository import Aggregate
from service.links import Links
from service.notices.delivery import Channel, Delivery, Hold
from service.notices.registry import Channels

BASE = "https://play.example"


def wire(channels: Sequence[Channel], markers: Markers | None = None, *,
         read: Callable[[str], Sequence[Commit]] = lambda game_id: (), players: PlayerStore | None = None,
         links: Links | None = None, base: str = BASE, hold: Hold | None = None, state: MailState | None = None,
         dead_letters: DeadLetters | None = None) -> Channels:
    """The channels on one delivery loop (fresh markers and links unless given)."""
    delivery = Delivery(markers if markers is not None else MemoryMarkers(), hold, state, dead_letters)
    return Channels(list(channels), delivery, read, players,
                    links if links is not None else Links(InMemoryLinkStore()), base)


@record
class Line:
    """One channel wired alone."""

    channels: Channels

    @property
    def channel(self) -> Any:
        (only,) = self.channels.channels
        return only

    @property
    def sender(self) -> Any:
        return self.channel.sender

    @property
    def markers(self) -> Markers:
        return self.channels.delivery.markers

    @markers.setter
    def markers(self, markers: Markers) -> None:
        self.channels.delivery.markers = markers

    @property
    def delivery(self) -> Delivery:
        return self.channels.delivery

    def deliver(self, notices: Iterable[Notice], newest: Aggregate) -> int:
        """Every notice due on this channel (`newest`: the game now); how many messages it sent."""
        return self.channels.deliver(list(notices), self.channels.table(newest))[self.channel.name]

    def send(self, channel: str, notices: list[Notice], newest: Aggregate) -> int:
        """`service.notices.held.release`'s `send` (as functions/release_held.py builds it)."""
        return self.channels.deliver(notices, self.channels.table(newest), only=[channel]).get(channel, 0)


def line(channel: Channel, markers: Markers | None = None, **wiring: Any) -> Line:
    return Line(wire([channel], markers, **wiring))
