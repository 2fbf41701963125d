"""The channels, in the order they are tried, and the one way every caller delivers through them: the notifier
(each commit's notices), the release of held notices and the re-drive of dead letters.

The topic goes first: a failed e-mail fails its record, and the retry finds the topic's notices marked, so only
the e-mail is tried again; then e-mail, push and webhooks, each skipped when not configured.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from domain.records import record
from infra.channels.base import Notice
from infra.store import Commit
from service.games.repository import Aggregate
from service.notices.delivery import Channel, Delivery, Table
from service.notices.plan import Planned

if TYPE_CHECKING:
    from infra.players import PlayerStore
    from service.links import Links


@record
class Channels:
    channels: Sequence[Channel]
    delivery: Delivery
    read: Callable[[str], Sequence[Commit]] = lambda game_id: ()  # every commit of a game (the store's)
    players: PlayerStore | None = None
    links: Links | None = None
    page_base_url: str = ""

    @property
    def by_name(self) -> Mapping[str, Channel]:
        return {c.name: c for c in self.channels}

    @property
    def history(self) -> bool:
        """Whether a channel tells the events since the seat's last move (the planner then reads them all)."""
        return any(c.policy.history for c in self.channels)

    def table(self, newest: Aggregate, planned: Planned | None = None) -> Table:
        """The game as its notices' channels see it: its history is the plan's when the plan read it all, else
        read on first use (by a channel that tells it)."""
        game_id = newest.game_id
        if planned is not None and planned.whole:
            commits = planned.commits
            return Table(newest, self.players, self.links, self.page_base_url, lambda: commits, dict(planned.at))
        at = dict(planned.at) if planned is not None else {}
        return Table(newest, self.players, self.links, self.page_base_url, lambda: self.read(game_id), at)

    def deliver(self, notices: Sequence[Notice], table: Table, only: Iterable[str] | None = None) -> dict[str, int]:
        """Each channel's messages sent for these notices (`only`: those channels alone)."""
        wanted = set(only) if only is not None else None
        sent: dict[str, int] = {}
        for channel in self.channels:
            if wanted is None or channel.name in wanted:
                sent[channel.name] = self.delivery.deliver(channel, notices, table) if notices else 0
        return sent
