"""The folded aggregate of one game, and its snapshots.

An aggregate is more than the domain state: it also holds which command ids were already processed, with
the digest of the command each one carried (so a repeat is recognised on load, for the life of the game,
and told apart from an id reused for another command), and the seat token hashes (so a command is
authorised from the same read that loads the game). All of it travels in snapshots, the command ids as a
filter (`service/games/seen.py`): an id the filter may hold is looked up exactly in the commits.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from operator import itemgetter
from typing import Any

from pydantic import ValidationError

from domain import apply, fold
from domain.state import GameState
from domain.take_back import replay_needs
from infra.serialization import SNAPSHOT_SCHEMA_VERSION, state_from_json, state_to_json, trusted_events, trusted_state
from infra.store import Commit, Event, EventStore, Snapshot, StoreError, Stream
from service.fairness.chain import commit_hash
from service.fairness.records import CONTRIBUTION_RECORD, FAIRNESS_RECORD, REVEAL_RECORD
from service.games.aggregate import Aggregate, Contribution, Fairness, Processed, Resolve, command_key
from service.games.recent import Recent
from service.games.seen import Seen

__all__ = ["Aggregate", "Processed", "Resolve", "command_key"]  # theirs: service/games/aggregate.py; the rest is ours
log = logging.getLogger(__name__)

# A snapshot at each multiple of this many commits (`snapshot_due`), and the DynamoDB store's page one item
# more (DynamoEventStore's `page_size`), so a cold load is one Query page: the newest snapshot (about 3 KB,
# compressed) and the commits after it (docs/adr/0021: a command's read starts at that snapshot). Chosen with
# bench/snapshot_bench.py (docs/adr/0008): an interval whose worst cold load of two 4- and two 5-player games,
# at any version, reads at most 3 read units, with a margin (18 is the edge).
SNAPSHOT_EVERY = 15

# The creation commit carries one record that is not a domain event: the seats' token hashes and
# contact details. It is folded here, never handed to the domain, never served in a history.
SEATS_RECORD = "seats"
SEATS_RECORD_VERSION = 1
# Every record that is not a domain event: the seats', and a fair game's (service/fairness/records.py).
RECORDS = frozenset({SEATS_RECORD, FAIRNESS_RECORD, CONTRIBUTION_RECORD, REVEAL_RECORD})


def seats_record(token_hashes: Sequence[str], contacts: Sequence[Mapping[str, str] | None],
                 players: Sequence[str | None] = ()) -> Event:
    """`players`: the player id seated at each seat (a lobby's game), whose key plays it; absent for none."""
    record: Event = {
        "type": SEATS_RECORD, "v": SEATS_RECORD_VERSION,
        "token_sha256": list(token_hashes), "contacts": [dict(c) if c else None for c in contacts],
    }
    if any(players):
        record["players"] = list(players)
    return record


def written_in(store: EventStore, game_id: str) -> Resolve:
    """A command key's Processed from the game's commits (a repeat of an old command, or a filter's false hit)."""

    def resolve(key: str) -> Processed | None:
        for commit in store.commits(game_id):
            if command_key(commit.seat, commit.command_id) == key:
                return Processed(commit.version, commit.digest)
        return None

    return resolve


def fold_commits(aggregate: Aggregate, commits: Sequence[Commit]) -> Aggregate:
    """The aggregate after these commits (ascending, each one version above the last)."""
    if not commits:
        return aggregate
    return _folded(aggregate, commits, owned=False)


_processed = tuple.__new__
_kind = itemgetter("type")  # of Processed: its own __new__ with the tuple made directly, a third of the cost


def _folded(aggregate: Aggregate, commits: Sequence[Commit], owned: bool) -> Aggregate:
    """`fold_commits`; `owned`: nothing else holds the aggregate's state nor the commits' events (all just
    decoded from one read, see `from_stream`), so the events are applied to that state in place rather than to
    a clone, and the stored events become the domain events' own rather than being copied."""
    processed = dict(aggregate.processed)
    stored: list[Event] = []
    for _, version, command_id, seat, events, _, digest, _, _ in commits:  # one pass: a load has hundreds
        # command_key, inlined: a function call per commit costs a full replay a twentieth
        processed[f"{'-' if seat is None else seat}:{command_id}"] = _processed(Processed, (version, digest))
        stored += events
    hashes, contacts, players = aggregate.token_hashes, aggregate.contacts, aggregate.players
    fairness = aggregate.fairness
    head = commit_hash(commits[-1]) if commits[-1].prev is not None else aggregate.head  # before it is consumed
    # Our own store's events, validated when they were written: decoded without validating again.
    domain_events = [e for e in stored if e["type"] not in RECORDS]
    records = len(domain_events) != len(stored)
    # Undo points that nothing uses are not folded (domain.take_back.replay_needs): each would copy the state.
    decoded = trusted_events(replay_needs(domain_events, _kind), consume=owned)
    if records:
        for commit in commits:
            for record in (e for e in commit.events if e["type"] in RECORDS):
                if record["type"] == SEATS_RECORD:  # the newest one holds (a reissue)
                    hashes, contacts = tuple(record["token_sha256"]), tuple(record["contacts"])
                    players = tuple(record.get("players") or ())
                else:
                    fairness = fairness_of(fairness, record, commit.version)
    if owned:
        state = aggregate.state
        for event in decoded:
            apply(state, event)
    else:
        state = fold(decoded, aggregate.state)
    return replace(
        aggregate, state=state, version=commits[-1].version, processed=processed, token_hashes=hashes,
        contacts=contacts, players=players, fairness=fairness, head=head,
    )


def fairness_of(known: Fairness | None, record: Event, version: int) -> Fairness | None:
    """The fairness after one of its records (in the commit at `version`): the first commit's commitment and
    contributions, a seat's contribution, or the end's reveal."""
    if record["type"] == FAIRNESS_RECORD:
        return Fairness(str(record["generator"]), str(record["commitment"]),
                        tuple(Contribution(1, None, str(c)) for c in record.get("contributions") or ()))
    if known is None:
        return None
    if record["type"] == CONTRIBUTION_RECORD:
        made = Contribution(version, int(record["seat"]), str(record["value"]))
        return replace(known, contributions=(*known.contributions, made))
    return replace(known, seed=str(record["seed"]))


def fairness_json(fairness: Fairness | None) -> dict[str, Any] | None:
    if fairness is None:
        return None
    found: dict[str, Any] = {"generator": fairness.generator, "commitment": fairness.commitment,
                             "contributions": [list(c) for c in fairness.contributions]}
    if fairness.seed is not None:
        found["seed"] = fairness.seed
    return found


def _fairness_from_json(value: Any) -> Fairness | None:
    if not isinstance(value, dict):
        return None
    made = tuple(Contribution(int(v), s, str(c)) for v, s, c in value.get("contributions") or ())
    return Fairness(str(value["generator"]), str(value["commitment"]), made, value.get("seed"))


def decided(aggregate: Aggregate, commit: Commit, state: GameState) -> Aggregate:
    """The aggregate after a commit just written, with the state its events lead to (`domain.execute` built it
    while deciding: no need to parse the events back, nor to fold them; only a reveal record is read)."""
    key = command_key(commit.seat, commit.command_id)
    processed = {**aggregate.processed, key: Processed(commit.version, commit.digest)}
    fairness = aggregate.fairness
    if fairness is not None:  # its records are the last events: a contribution, the reveal
        for record in (e for e in commit.events[-2:] if e["type"] in (CONTRIBUTION_RECORD, REVEAL_RECORD)):
            fairness = fairness_of(fairness, record, commit.version)
    return replace(aggregate, state=state, version=commit.version, processed=processed, fairness=fairness,
                   head=commit_hash(commit))


def to_snapshot(aggregate: Aggregate) -> Snapshot:
    payload: dict[str, Any] = {
        "state": state_to_json(aggregate.state),
        "seen": aggregate.seen.adding(aggregate.processed).to_json(),
        "token_sha256": list(aggregate.token_hashes),
        "contacts": [dict(c) if c else None for c in aggregate.contacts],
    }
    if any(aggregate.players):
        payload["players"] = list(aggregate.players)
    if aggregate.fairness is not None:
        payload["fairness"] = fairness_json(aggregate.fairness)
    if aggregate.head is not None:
        payload["head"] = aggregate.head
    return Snapshot(aggregate.game_id, aggregate.version, SNAPSHOT_SCHEMA_VERSION, payload)


def _processed_from_json(value: Any) -> Processed:
    # Snapshots before the filter listed every command: [version, digest], or a bare version before digests.
    if isinstance(value, list):
        version, digest = value
        return Processed(int(version), str(digest))
    return Processed(int(value))


def from_snapshot(snapshot: Snapshot, resolve: Resolve | None = None) -> Aggregate | None:
    """The aggregate a snapshot holds, or None if this code cannot read it (then replay the events)."""
    try:
        payload = snapshot.payload
        # This service wrote the snapshot from validated events: trusted, unless it is of an older shape.
        state = trusted_state(payload["state"]) if "seen" in payload else state_from_json(payload["state"])
        return Aggregate(
            game_id=snapshot.game_id, state=state, version=snapshot.version,
            processed={str(k): _processed_from_json(v) for k, v in payload.get("processed", {}).items()},
            seen=Seen.from_json(payload.get("seen", "")), token_hashes=tuple(payload["token_sha256"]),
            contacts=tuple(payload["contacts"]), players=tuple(payload.get("players") or ()),
            snapshot_version=snapshot.version, resolve=resolve, fairness=_fairness_from_json(payload.get("fairness")),
            head=payload.get("head"),
        )
    except (ValidationError, KeyError, TypeError, ValueError, AttributeError):
        log.warning("unreadable snapshot of %s at version %s: replaying", snapshot.game_id, snapshot.version)
        return None


def from_stream(game_id: str, stream: Stream, resolve: Resolve | None = None) -> Aggregate | None:
    """The aggregate one read holds: its snapshot (`resolve` settling the command keys before it) plus the commits
    after it; None if the snapshot is unreadable (then replay every commit, `replayed`).

    It takes the stream over, as read from the store for this load alone: the snapshot's values and the stored
    events become the aggregate's and its events' own, with no copy (a stream is loaded once)."""
    if stream.snapshot is None:
        return replayed(game_id, stream.commits)
    restored = from_snapshot(stream.snapshot, resolve)
    if restored is None or not stream.commits:
        return restored
    return _folded(restored, stream.commits, owned=True)


def replayed(game_id: str, commits: Sequence[Commit]) -> Aggregate:
    """A game from all its commits, read for this call alone (taken over, as `from_stream` takes its stream)."""
    return _folded(Aggregate(game_id), commits, owned=True) if commits else Aggregate(game_id)


def load(store: EventStore, game_id: str, recent: Recent | None = None, near: int | None = None) -> Aggregate:
    """Newest usable snapshot plus the later commits (or a recent aggregate plus the commits since);
    an unknown game has version 0. `near`, the version the caller believes current (a command's
    expected_version), only guides the read to where the newest snapshot should be: any value gives the same
    aggregate."""
    known = recent.get(game_id) if recent is not None else None
    if known is not None:
        aggregate = fold_commits(known, store.newer(game_id, known.version))
    else:
        aggregate = _load(store, game_id, snapshot_floor(near) if near is not None else 0)
    if recent is not None and aggregate.exists:
        recent.put(aggregate)
    return aggregate


def _load(store: EventStore, game_id: str, since: int = 0) -> Aggregate:
    loaded = from_stream(game_id, store.load(game_id, SNAPSHOT_SCHEMA_VERSION, since), written_in(store, game_id))
    return loaded if loaded is not None else replayed(game_id, store.commits(game_id))


def snapshot_floor(version: int) -> int:
    """Where the newest snapshot of a game at `version` is, at the earliest: the last multiple of
    SNAPSHOT_EVERY at or below it (`snapshot_due`)."""
    return version - version % SNAPSHOT_EVERY if version > 0 else 0


def snapshot_due(aggregate: Aggregate) -> bool:
    # Due once the version reaches the next multiple of N after the last snapshot (not every N from it): the
    # snapshots stay at known versions, where a caller that knows the version reads from (`snapshot_floor`), and a
    # failed write is retried by the next command without shifting the later ones.
    return aggregate.version // SNAPSHOT_EVERY > aggregate.snapshot_version // SNAPSHOT_EVERY


def save_snapshot(store: EventStore, aggregate: Aggregate) -> bool:
    """Best effort and outside the concurrency check: a lost snapshot only makes later loads longer."""
    try:
        store.put_snapshot(to_snapshot(aggregate))
    except StoreError:
        log.warning("snapshot of %s at version %s not written", aggregate.game_id, aggregate.version)
        return False
    return True
