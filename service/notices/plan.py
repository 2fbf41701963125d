"""Who must be told after a commit: the notices (infra/channels/base.py) of a game's commits, planned from one
read of the game. The channels then deliver them (service/notices/delivery.py).

The commit that finishes a game gives every seat a `game_over` notice instead, with the final scores and the
winners (public once the game is over); a finished game has no seat to act, so never a "your turn".

Stream order is not trusted: each commit is judged by the state just before and just after it, read
from the store, whatever has been processed already.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from domain import to_act
from domain.legal import game_actions
from domain.records import field, record
from domain.state import GameState
from infra.channels.base import GAME_OVER, REMINDER, Notice
from infra.serialization import SNAPSHOT_SCHEMA_VERSION
from infra.store import Commit, EventStore
from service.games.recent import Recent
from service.games.repository import Aggregate, fold_commits, from_snapshot


def _history(
    store: EventStore, game_id: str, lowest: int, recent: Recent | None, whole: bool = False
) -> tuple[Aggregate, Sequence[Commit]]:
    """A starting point before `lowest` and every commit from there on, in as few reads as possible. `whole`:
    every commit of the game, in one read (the e-mails' "since your last move" is built from them), folded from
    the warm cache's aggregate when it is old enough, else from the start."""
    known = recent.get(game_id) if recent is not None else None
    if whole:
        every = _whole(store, game_id, recent)
        start = known if known is not None and known.version < lowest else Aggregate(game_id)
        return start, every
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


def _whole(store: EventStore, game_id: str, recent: Recent | None) -> tuple[Commit, ...]:
    """Every commit of the game in one read: only those written since, when the warm cache kept the rest."""
    kept = recent.history(game_id) if recent is not None else None
    newer = store.commits(game_id, after=kept[-1].version if kept else 0)
    every = (kept or ()) + tuple(newer)
    if recent is not None:
        recent.keep_history(game_id, every)
    return every


@record(frozen=True)
class Planned:
    """A game's notices by commit version, and the newest state folded on the way (for the read models)."""

    notices: dict[int, list[Notice]]
    newest: Aggregate | None = None
    recorded_at: str | None = None  # when the newest commit folded was written
    commits: Sequence[Commit] = ()  # the commits read (all of the game's when planned `whole`)
    at: dict[int, Aggregate] = field(default_factory=dict)  # the game just after each planned version
    whole: bool = False  # `commits` holds every commit of the game


def notices(store: EventStore, game_id: str, versions: Collection[int],
            recent: Recent | None = None) -> dict[int, list[Notice]]:
    """For each commit version: the seats that must act after it, had not had to before it, and still have to
    now. A seat already waiting was told when its wait began; the seat that made the commit has its answer.

    One read of the game serves every version (a stream batch often holds several commits of one game).
    """
    return plan(store, game_id, versions, recent).notices


def plan(store: EventStore, game_id: str, versions: Collection[int], recent: Recent | None = None,
         whole: bool = False) -> Planned:
    """`notices`, with the game's "game over" notices and its newest state; `whole`: and all its commits."""
    if not versions:
        return Planned({})
    current, commits = _history(store, game_id, min(versions), recent, whole)
    candidates: dict[int, list[Notice]] = {v: [] for v in versions}
    over: dict[int, list[Notice]] = {}
    at: dict[int, Aggregate] = {}
    for commit in commits:
        if commit.version <= current.version:
            continue  # read for the history only: the starting point has folded it already
        before, current = current, fold_commits(current, [commit])
        if commit.version not in candidates:
            continue
        at[commit.version] = current
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
    found = {v: [replace(n, head=at[v].head) for n in told] if v in at else told for v, told in found.items()}
    return Planned(found, current, commits[-1].recorded_at if commits else None, commits, at, whole)


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
