"""The reactions to the table's stream, each on its own (functions/notifier.py dispatches to them by the kind of
item a record carries; docs/architecture.md draws the table, docs/adr/0024-the-reaction-side.md says how each
fails and retries).

A stream batch often holds several commits of one game: each game is read once per batch, when its first
record comes up (`Batch.plan`), with every commit the batch holds of it, and that one read serves all of the
game's reactions: its notices, its "my games" entries, its clock schedule and the acting seat's last look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.metrics import MetricUnit

from domain.records import field, record
from functions import container
from functions.observability import logger, metrics

if TYPE_CHECKING:
    from infra.lobbies.base import LobbyRecord
    from service.notices.delivery import Table
    from service.notices.plan import Planned

# Messages sent on each channel, as the metric that counts them (the topic's are the notices themselves).
SENT_METRICS = {"": "NotificationsSent", "email": "EmailsSent", "push": "PushesSent", "webhook": "WebhooksQueued"}


@record
class Batch:
    """What one invocation learnt of the games its batch holds: read once, used by every reaction."""

    wanted: dict[str, set[int]] = field(default_factory=dict)  # each game's commit versions in the batch
    planned: dict[str, Any] = field(default_factory=dict)  # game -> Planned, or the Exception reading it raised
    tables: dict[str, Table] = field(default_factory=dict)  # game -> its seats' players and links, read once
    once: set[tuple[str, str]] = field(default_factory=set)  # (reaction, game) done for the newest state
    deferred: int = 0

    def plan(self, game_id: str, version: int) -> Planned:
        """Every batched commit of the game and its notices, in one read; an unreadable game fails only its own
        records (each raises the same error)."""
        if game_id not in self.planned:
            versions = self.wanted.get(game_id, {version})
            try:
                whole = container.reactions().channels.history
                self.planned[game_id] = container.games().plan(game_id, versions | {version}, whole)
            except Exception as error:
                logger.exception("game not readable", extra={"game_id": game_id})
                self.planned[game_id] = error
        found = self.planned[game_id]
        if isinstance(found, Exception):
            raise found
        planned: Planned = found
        return planned

    def table(self, game_id: str, planned: Planned) -> Table:
        if game_id not in self.tables:
            assert planned.newest is not None
            self.tables[game_id] = container.reactions().channels.table(planned.newest, planned)
        return self.tables[game_id]


def notices(batch: Batch, game_id: str, version: int) -> None:
    """Tell the seats this commit concerns, on every configured channel (service/notices/registry.py)."""
    planned = batch.plan(game_id, version)
    told = planned.notices.get(version) or []
    if not told or planned.newest is None:
        return
    sent = container.reactions().channels.deliver(told, batch.table(game_id, planned))
    for channel, count in sent.items():
        if count:
            metrics.add_metric(name=SENT_METRICS.get(channel, f"{channel}Sent"), unit=MetricUnit.Count, value=count)


def my_games(batch: Batch, game_id: str, version: int) -> None:
    """The game's "my games" entries from its newest state, once per game per batch (functions/my_games_feed.py)."""
    if ("my_games", game_id) in batch.once:
        return
    from functions.my_games_feed import keep_game

    planned = batch.plan(game_id, version)
    keep_game(planned.newest, planned.recorded_at)
    batch.once.add(("my_games", game_id))


def clock(batch: Batch, game_id: str, version: int) -> None:
    """The game's clock schedule follows its newest state, once per game per batch (service/clocks/schedule.py)."""
    if ("clock", game_id) in batch.once:
        return
    from service.clocks.schedule import clocked

    planned = batch.plan(game_id, version)
    if planned.newest is not None and clocked(planned.newest):  # a game without a clock builds and calls nothing
        container.reactions().clock_schedule.keep(planned.newest)
    batch.once.add(("clock", game_id))


def seen(batch: Batch, game_id: str, version: int) -> None:
    """The seat that made the commit has seen the game at it: its catch-up starts after (docs/catch-up.md)."""
    planned = batch.plan(game_id, version)
    commit = next((c for c in planned.commits if c.version == version), None)
    if commit is not None and commit.seat is not None:
        container.looks().looked(game_id, commit.seat, version, commit.recorded_at)


def lobby(record: LobbyRecord) -> None:
    """A lobby's "my games" entries, from the lobby item the stream carries."""
    from functions.my_games_feed import keep_lobby

    keep_lobby(record)
