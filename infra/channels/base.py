"""The notices' port: what a notice is, the key a channel marks it sent under, and the contracts the channels'
adapters implement (as `Commit` and `EventStore` are the store's, in infra/store/base.py). Adapters import
from here; nothing here imports an adapter or the application service.

A notice holds only what its seat may see: game id, version, seat, phase, round and the types of the seat's
legal actions; "game over" adds the final scores and the winners (public once the game is over), a reminder
the seat's deadline (public: every view shows it). Never a token, a goal, a card of a hidden deck or a
face-down flavor.
"""

from __future__ import annotations

from typing import Any, Protocol

from domain.records import record

YOUR_TURN = "your_turn"
GAME_OVER = "game_over"
REMINDER = "reminder"  # a turn clock's reminder (docs/adr/0016-turn-clocks.md): the game still waits for the seat
KINDS = (YOUR_TURN, GAME_OVER, REMINDER)


@record(frozen=True)
class Notice:
    game_id: str
    version: int
    seat: int
    phase: str
    round: int
    actions: tuple[str, ...]  # the types of the seat's legal actions (= the routes it may post to)
    kind: str = YOUR_TURN  # or GAME_OVER, REMINDER
    scores: tuple[int, ...] = ()  # game over: each seat's final SP
    winners: tuple[int, ...] = ()  # game over
    deadline: float | None = None  # reminder: when the seat's time runs out
    head: str | None = None  # the chain's head at `version` (docs/fairness.md): the moment, provable later

    @property
    def key(self) -> str:
        """The notice's idempotency key (`dedup_key`): a receiver drops a repeat by it."""
        plain = f"{self.game_id}:{self.version}:{self.seat}"
        return plain if self.kind == YOUR_TURN else f"{plain}:{self.kind}"

    def message(self) -> dict[str, Any]:
        message: dict[str, Any] = {
            "kind": self.kind, "game_id": self.game_id, "version": self.version, "seat": self.seat,
            "phase": self.phase, "round": self.round, "actions": list(self.actions), "dedup_key": self.key,
        }
        if self.kind == GAME_OVER:
            message.update(scores=list(self.scores), winners=list(self.winners), won=self.seat in self.winners)
        if self.kind == REMINDER:
            message["deadline"] = self.deadline
        if self.head is not None:
            message["head"] = {"version": self.version, "hash": self.head}
        return message


@record(frozen=True)
class MarkerKey:
    """What a channel marks as done: one notice on one channel (`round` None), or a seat's round on a channel
    that coalesces "your turn" to one message per round (`round` set: later turns that round are skipped).

    `channel` "" is the topic's (SNS): its keys predate the other channels and keep their stored shape, as do
    all the others (`sort_key`), so markers written before this type existed still count.
    """

    game_id: str
    seat: int
    channel: str = ""
    version: int = 0  # 0 for a round's key: version 0 is never a commit's
    kind: str = YOUR_TURN
    round: int | None = None

    @classmethod
    def of(cls, notice: Notice, channel: str = "") -> MarkerKey:
        return cls(notice.game_id, notice.seat, channel, notice.version, notice.kind)

    @classmethod
    def of_round(cls, notice: Notice, channel: str) -> MarkerKey:
        return cls(notice.game_id, notice.seat, channel, 0, YOUR_TURN, notice.round)

    @property
    def suffix(self) -> str:
        """The stored key's last part: "" (the topic's "your turn"), `kind`, `kind.channel` or `roundN.channel`."""
        if self.round is not None:
            return f"round{self.round}.{self.channel}"
        if not self.channel:
            return "" if self.kind == YOUR_TURN else self.kind
        return f"{self.kind}.{self.channel}"

    @property
    def sort_key(self) -> str:
        """The marker's sort key under the game's NOTICE# partition (infra/channels/sns.py)."""
        return f"V#{self.version:010d}#S{self.seat}" + (f"#{self.suffix}" if self.suffix else "")

    @property
    def text(self) -> str:
        """The marker as one string (the in-memory markers' key)."""
        plain = f"{self.game_id}:{self.version}:{self.seat}"
        return f"{plain}:{self.suffix}" if self.suffix else plain


class Markers(Protocol):
    """Which notices went out: kept long enough to outlive the stream's retries (then they expire)."""

    def sent(self, key: MarkerKey) -> bool: ...

    def mark(self, key: MarkerKey) -> None: ...


class Publisher(Protocol):
    """The topic every notice goes to (SNS): for subscribers of a game or a seat."""

    def publish(self, notice: Notice) -> None: ...


class DeadLetters(Protocol):
    """Where a channel's notice goes once its sends failed too often (what a re-drive needs, never an address)."""

    def put(self, entry: dict[str, Any]) -> None: ...
