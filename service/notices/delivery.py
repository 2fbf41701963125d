"""Delivering notices through the channels: one loop for all of them (docs/adr/0024-the-reaction-side.md).

A channel (SNS topic, e-mail, push, webhook: service/notices/channels.py lists them) says who its recipient
is for a seat and how to send one notice to it; its policy, as data, says the rest, which this loop applies
alike to every channel:
- markers (infra/channels/base.py `MarkerKey`): (game, version, seat, channel) once sent; a stream record
  delivered twice sends once;
- coalescing: a channel that coalesces sends a seat's first "your turn" of a round and skips the later ones
  (marker (game, round, seat, channel)), unless the recipient asked for every turn; "game over" and
  reminders always go;
- quiet hours: a channel held by them stores the notice instead (service/notices/held.py), marks nothing;
- attempts: a channel with a limit counts its failed sends, and the last allowed failure hands the notice to
  the dead-letter queue instead of failing its stream record once more.

Order: send, then mark the round, then the version. A crash (or a failed marker write) in between sends again
when the stream retries the record: at-least-once, never lost; every message carries its key so that a
receiver can drop the repeat. Marking first would be at-most-once, and a lost "your turn" stalls a game.

The seat's player record is read once per seat per game per batch (`Table.player`), whatever the number of
channels and notices; a link token is minted once per seat and shared by the channels that carry one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from domain.records import field, record
from infra.channels.base import YOUR_TURN, DeadLetters, MarkerKey, Markers, Notice
from infra.store import Commit
from service.games.repository import Aggregate

if TYPE_CHECKING:
    from infra.mail_state import MailState
    from infra.players import PlayerRecord, PlayerStore
    from service.links import Links


@record(frozen=True)
class Policy:
    coalesce: bool = False  # "your turn": the round's first only, unless the recipient wants every turn
    quiet_hours: bool = False  # held while the seat's player is in quiet hours
    attempts: int | None = None  # failed sends before the dead letter; None: a failure fails its record, always
    history: bool = False  # its messages tell the events since the seat's last move (all the game's commits)


class Recipient(Protocol):
    @property
    def every_turn(self) -> bool: ...


class Channel(Protocol):
    """One way of telling a seat. `name` keys its markers, held notices and dead letters ("" for the topic)."""

    @property
    def name(self) -> str: ...

    @property
    def policy(self) -> Policy: ...

    def recipient(self, seat: Seat) -> Recipient | None:
        """Where this seat's notices go on this channel; None: nowhere (the channel skips the seat)."""
        ...

    def send(self, notice: Notice, to: Any, seat: Seat) -> int:
        """Send one notice; how many messages went out (0 is still done: it is marked)."""
        ...


@record
class Table:
    """One game as the channels see it while delivering its notices: the game now, and, asked once each,
    its seats' player records, link tokens and history."""

    newest: Aggregate  # the game now: the links are bound to its seat tokens
    players: PlayerStore | None = None
    links: Links | None = None
    page_base_url: str = ""
    # Every commit of the game, asked for only by a channel that needs the history (read once, then kept).
    history: Callable[[], Sequence[Commit]] = lambda: ()
    at: dict[int, Aggregate] = field(default_factory=dict)  # the game just after a version, when planned
    _players: dict[int, Any] = field(default_factory=dict)
    _recipients: dict[tuple[str, int], Any] = field(default_factory=dict)
    _links: dict[int, str | None] = field(default_factory=dict)
    _history: Sequence[Commit] | None = None

    @property
    def game_id(self) -> str:
        return self.newest.game_id

    def player_id(self, seat: int) -> str | None:
        players = self.newest.players
        return players[seat] if seat < len(players) and players[seat] else None

    def player(self, seat: int) -> PlayerRecord | None:
        """The seat's player record, read once (None: no player sits there, or no such record)."""
        if seat not in self._players:
            player_id = self.player_id(seat)
            self._players[seat] = self.players.get(player_id) if player_id and self.players is not None else None
        found: PlayerRecord | None = self._players[seat]
        return found

    def recipient(self, channel: Channel, seat: int) -> Recipient | None:
        """The seat's recipient on a channel, resolved once."""
        key = (channel.name, seat)
        if key not in self._recipients:
            self._recipients[key] = channel.recipient(Seat(self, seat))
        found: Recipient | None = self._recipients[key]
        return found

    def link(self, seat: int) -> str | None:
        """The seat's page address with a fresh link token (minted once); None without a page address."""
        if seat not in self._links:
            link = None
            if self.page_base_url and self.links is not None:
                from service.notices.email.render import link_url

                link = link_url(self.page_base_url, self.game_id, self.links.mint(self.newest, seat).token)
            self._links[seat] = link
        return self._links[seat]

    def commits(self) -> Sequence[Commit]:
        if self._history is None:
            self._history = self.history()
        return self._history


@record(frozen=True)
class Seat:
    """One seat of a table, as a channel's `recipient` and `send` see it."""

    table: Table
    seat: int

    @property
    def player(self) -> PlayerRecord | None:
        return self.table.player(self.seat)

    @property
    def player_id(self) -> str | None:
        return self.table.player_id(self.seat)

    def link(self) -> str | None:
        return self.table.link(self.seat)


Hold = Callable[[Notice, "PlayerRecord | None", str], bool]  # quiet hours: held (and stored) instead of sent


@record
class Delivery:
    """The loop every channel's notices go through (the notifier's, the held notices' release, the re-drive's)."""

    markers: Markers
    hold: Hold | None = None
    state: MailState | None = None  # send attempts; None: a failed send fails its record, however often
    dead_letters: DeadLetters | None = None

    def deliver(self, channel: Channel, notices: Iterable[Notice], table: Table) -> int:
        """Send every notice due on this channel; how many messages went out."""
        sent = 0
        policy = channel.policy
        for notice in notices:
            seat = Seat(table, notice.seat)
            to = table.recipient(channel, notice.seat)
            if to is None:
                continue
            key = MarkerKey.of(notice, channel.name)
            if self.markers.sent(key):
                continue
            per_round = policy.coalesce and notice.kind == YOUR_TURN
            if per_round and not to.every_turn and self.markers.sent(MarkerKey.of_round(notice, channel.name)):
                continue
            if policy.quiet_hours and self.hold is not None and self.hold(notice, seat.player, channel.name):
                continue
            try:
                sent += channel.send(notice, to, seat)
            except Exception as error:
                if not self._given_up(channel, notice, error):
                    raise
                continue
            if per_round:
                self.markers.mark(MarkerKey.of_round(notice, channel.name))
            self.markers.mark(key)
        return sent

    def _given_up(self, channel: Channel, notice: Notice, error: Exception) -> bool:
        """Whether this failure was the last allowed one, and the notice went to the dead-letter queue."""
        limit = channel.policy.attempts
        if limit is None or self.state is None or self.dead_letters is None:
            return False
        if self.state.attempt(notice.game_id, attempt_key(notice, channel.name)) < limit:
            return False
        self.dead_letters.put(dead_letter(notice, channel.name, error, limit))
        return True


def attempt_key(notice: Notice, channel: str) -> str:
    """The key a channel's sends of one notice are counted under (and the e-mail's idempotency header)."""
    return f"{notice.key}:{channel}"


def dead_letter(notice: Notice, channel: str, error: Exception, attempts: int) -> dict[str, Any]:
    """What a re-drive needs (devtools/resend_notices.py): the notice's key, never an address, device or text."""
    return {"game_id": notice.game_id, "version": notice.version, "seat": notice.seat, "kind": notice.kind,
            "channel": channel, "error": type(error).__name__, "attempts": attempts}
