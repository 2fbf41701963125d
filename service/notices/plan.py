"""Who must be told to act after a commit, and telling them exactly once per (game, version, seat).

A notice holds only what its seat may see: game id, version, seat, phase, round and the types of the
seat's legal actions. Never a token, a goal, a card of a hidden deck or a face-down flavor. The commit that
finishes a game gives every seat a `game_over` notice instead, with the final scores and the winners (public
once the game is over); a finished game has no seat to act, so never a "your turn".

Idempotency: a marker per (game, version, seat), checked before publishing and written after. A
retry after a failed publish therefore publishes again (nothing is lost); a crash between a publish
and its marker can repeat one message, which carries its dedup key for the receiver. An SNS FIFO
topic was the alternative: its deduplication lasts five minutes (stream retries can take longer) and
FIFO topics do not reach mobile push or e-mail.

Stream order is not trusted: each commit is judged by the state just before and just after it, read
from the store, whatever has been processed already.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any, Protocol

from domain import to_act
from domain.legal import game_actions
from domain.records import record
from domain.state import GameState
from infra.serialization import SNAPSHOT_SCHEMA_VERSION
from infra.store import Commit, EventStore
from service.games.recent import Recent
from service.games.repository import Aggregate, fold_commits, from_snapshot

YOUR_TURN = "your_turn"
GAME_OVER = "game_over"
REMINDER = "reminder"  # a turn clock's reminder (docs/adr/0016-turn-clocks.md): the game still waits for the seat


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
    deadline: float | None = None  # reminder: when the seat's time runs out (public: every view shows it)

    @property
    def key(self) -> str:
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
        return message


class Publisher(Protocol):
    def publish(self, notice: Notice) -> None: ...


class Markers(Protocol):
    """Which notices went out: kept long enough to outlive the stream's retries (then they expire)."""

    def sent(self, notice: Notice) -> bool: ...

    def mark(self, notice: Notice) -> None: ...


def _history(
    store: EventStore, game_id: str, lowest: int, recent: Recent | None
) -> tuple[Aggregate, Sequence[Commit]]:
    """A starting point before `lowest` and every commit from there on, in as few reads as possible."""
    known = recent.get(game_id) if recent is not None else None
    if known is not None and known.version < lowest:
        return known, store.commits(game_id, after=known.version)
    stream = store.load(game_id, SNAPSHOT_SCHEMA_VERSION)
    if stream.snapshot is None:
        return Aggregate(game_id), stream.commits
    if stream.snapshot.version < lowest:
        restored = from_snapshot(stream.snapshot)
        if restored is not None:
            return restored, stream.commits
    # Older than the newest snapshot (a late record, or the commit a snapshot was taken at): replay it all.
    return Aggregate(game_id), store.commits(game_id)


@record(frozen=True)
class Planned:
    """A game's notices by commit version, and the newest state folded on the way (for the read models)."""

    notices: dict[int, list[Notice]]
    newest: Aggregate | None = None
    recorded_at: str | None = None  # when the newest commit folded was written


def notices(store: EventStore, game_id: str, versions: Collection[int],
            recent: Recent | None = None) -> dict[int, list[Notice]]:
    """For each commit version: the seats that must act after it, had not had to before it, and still have to
    now. A seat already waiting was told when its wait began; the seat that made the commit has its answer.

    One read of the game serves every version (a stream batch often holds several commits of one game).
    """
    return plan(store, game_id, versions, recent).notices


def plan(store: EventStore, game_id: str, versions: Collection[int], recent: Recent | None = None) -> Planned:
    """`notices`, with the game's "game over" notices and its newest state."""
    if not versions:
        return Planned({})
    current, commits = _history(store, game_id, min(versions), recent)
    candidates: dict[int, list[Notice]] = {v: [] for v in versions}
    over: dict[int, list[Notice]] = {}
    for commit in commits:
        before, current = current, fold_commits(current, [commit])
        if commit.version not in candidates:
            continue
        waiting_before, state = set(to_act(before.state)), current.state
        candidates[commit.version] = [
            Notice(game_id, commit.version, seat, state.phase, state.round,
                   tuple(sorted({a.type for a in game_actions(state, seat)})))  # what the game waits for
            for seat in to_act(state) if seat not in waiting_before
        ]
        candidates[commit.version] += reminders(game_id, commit, state)
        if state.phase == "finished" and before.state.phase != "finished":
            over[commit.version] = game_over(current, commit.version)
    if recent is not None:
        recent.put(current)
    waiting_now = set(to_act(current.state))  # `current` is now the newest state of the game
    found = {v: [n for n in told if n.seat in waiting_now] + over.get(v, []) for v, told in candidates.items()}
    return Planned(found, current, commits[-1].recorded_at if commits else None)


def reminders(game_id: str, commit: Commit, state: GameState) -> list[Notice]:
    """A reminder notice for each seat a clock reminded in this commit (a seat already told its turn is told
    again: that is what a reminder is)."""
    return [Notice(game_id, commit.version, e["seat"], state.phase, state.round,
                   tuple(sorted({a.type for a in game_actions(state, e["seat"])})), REMINDER, deadline=e["deadline"])
            for e in commit.events if e["type"] == "reminder_due"]


def game_over(aggregate: Aggregate, version: int) -> list[Notice]:
    """Every seat is told the game is over, with the final scores and the winners."""
    state = aggregate.state
    scores = tuple((p.score or {}).get("sp", 0) for p in state.players)
    return [Notice(aggregate.game_id, version, p.seat, state.phase, state.round, (), GAME_OVER, scores,
                   tuple(state.winners)) for p in state.players]


def deliver(notices: Iterable[Notice], publisher: Publisher, markers: Markers) -> int:
    """Publish every notice not yet marked as sent; how many went out."""
    sent = 0
    for notice in notices:
        if markers.sent(notice):
            continue
        publisher.publish(notice)
        markers.mark(notice)
        sent += 1
    return sent
