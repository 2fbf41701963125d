"""The command pipeline: load -> fold -> decide -> append -> the caller's view. No HTTP, no AWS here.

Usable in process (tests, benchmarks, a local server) with any EventStore.
"""

# No `from __future__ import annotations`: NamedTuple would compile each field's annotation from its text.
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from domain import GameState, apply, execute, view
from domain.clocks import actor, clock_events, refused_late, timed_out_at
from domain.commands import CreateGame
from domain.errors import RuleViolation
from domain.events import Event
from domain.options import Options, SeatSpec
from domain.rng import Rng
from infra.auth import new_token, token_hash, word
from infra.seeds import SeedExists, SeedStore
from infra.serialization import command_digest, stored_event
from infra.store import Commit, ConcurrencyConflict, EventStore
from service.clock import iso, now_epoch
from service.fairness.chain import chained, genesis, new_salt
from service.fairness.draws import Draws
from service.fairness.records import Chance, contribution_record, fairness_record
from service.games.recent import Recent
from service.games.repository import (
    Aggregate,
    decided,
    fold_commits,
    load,
    save_snapshot,
    seats_record,
    snapshot_due,
)

# Writes of one command when other commands keep landing first. Each retry is a reload and a fresh,
# pure decision, so retrying is always safe; past this the client is told to try again (409 contention).
MAX_ATTEMPTS = 3
CREATE_COMMAND_ID = "create"


class GameNotFound(Exception):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"There is no game {game_id!r}.")
        self.game_id = game_id


class StaleVersion(Exception):
    """The client based its command on a version that is no longer the newest."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"The game is at version {current}, not {expected}: reload and decide again.")
        self.expected = expected
        self.current = current


class Contention(Exception):
    """MAX_ATTEMPTS writes in a row found their version taken, and the reload after the last showed neither
    this command (a replay) nor, for an expected_version, a newer version (stale)."""

    def __init__(self, game_id: str, attempts: int) -> None:
        super().__init__(f"Game {game_id!r} is busy: {attempts} attempts lost the race. Send it again.")
        self.attempts = attempts


class CommandIdReused(Exception):
    """This seat already used the command id for another command: a resend must be the same command."""

    def __init__(self, command_id: str, version: int) -> None:
        super().__init__(f"This seat already sent command_id {command_id!r} with another command (it wrote version "
                         f"{version}). Send a new command_id for a new command.")
        self.version = version


class TimedOut(RuleViolation):
    """A seat's command refused because its time ran out first and the rules played its move (a conflict with a
    write that landed first, like a stale version, not a mistake in the command)."""


class Outcome(NamedTuple):  # named tuples: made in a third of a frozen dataclass's time at a cold start
    aggregate: Aggregate  # the game after the command (for a replay: the game as it is now)
    seat: int
    command_version: int  # the version this command wrote (for a replay: the one it wrote the first time)
    replayed: bool = False
    conflicts: int = 0
    snapshot_written: bool = False

    @property
    def version(self) -> int:
        return self.aggregate.version

    def view(self) -> dict[str, Any]:
        return view(self.aggregate.state, self.seat)


class Created(NamedTuple):
    aggregate: Aggregate
    tokens: tuple[str, ...]  # shown once to the creator; only their hashes are stored


def now() -> str:
    return iso(now_epoch())


def with_clocks(events: list[Event], state: GameState, at: float, command: Any) -> list[Event]:
    """The decision's events plus its clock events (domain.clocks), applied to `state`, the decision's own
    working state. A game without a clock writes none and pays one attribute read."""
    if state.options.clock is None:
        return events
    extra = clock_events(state, at, actor(command))
    for e in extra:
        apply(state, e)
    return [*events, *extra]


def _decided(before: GameState, seat: int, command: Any, chance: Rng, at: float) -> tuple[list[Event], GameState]:
    """The command's events, its clocks' included, and the state after them (built once: no fold again)."""
    try:
        events, state = execute(before, command, chance)
    except RuleViolation as refused:
        late = late_move(refused, before, seat)
        if late is refused:
            raise
        raise late from refused
    return with_clocks(events, state, at, command), state


def late_move(refused: RuleViolation, state: GameState, seat: int) -> RuleViolation:
    """A refusal of a seat whose time ran out since the game last waited for it is told so (`timed_out`): the
    rules played its move, and the command it sent was decided on a game that is no longer there."""
    if not refused_late(state, seat, refused):
        return refused
    deadline = timed_out_at(state, seat)
    assert deadline is not None
    return TimedOut("timed_out", f"Your time ran out at {iso(deadline)}; the rules played your move. Reload the "
                    "game.", deadline=iso(deadline), refused=refused.code)


def new_game_id() -> str:
    return word(12)


SEED_BYTES = 32  # 256 bits


def new_seed(seeds: SeedStore, game_id: str) -> bytes:
    """A new game's secret seed, from the OS, kept before its first commit is written (no fair game without its
    seed). A retry of the same creation (a lobby's start) finds the seed its first attempt kept, and uses it."""
    seed = secrets.token_bytes(SEED_BYTES)
    try:
        seeds.put(game_id, seed)
    except SeedExists:
        kept = seeds.get(game_id)
        if kept is None:
            raise
        return kept
    return seed


def production_rng() -> Rng:
    return random.SystemRandom()


def create_game(
    store: EventStore,
    seats: Sequence[SeatSpec],
    options: Options | None = None,
    contacts: Sequence[Mapping[str, str] | None] = (),
    *,
    rng: Rng | None = None,
    game_id: str | None = None,
    token_hashes: Sequence[str] | None = None,
    players: Sequence[str | None] = (),
    seeds: SeedStore | None = None,
    contributions: Sequence[str] = (),
) -> Created:
    """Set up a game (RuleViolation if the domain refuses) and write it as version 1.

    A lobby's start (service/lobbies/service.py) gives its game id, the seats' token hashes (then no token is made or
    answered) and the player seated at each seat. The conditional put of version 1 makes a second start of the
    same game id fail with ConcurrencyConflict, writing nothing.

    With a seed store and no `rng`, the game is fair (docs/fairness.md): a secret seed from the OS, kept in the
    store before the commit, its commitment and the `contributions` in the commit's fairness record, and every
    draw from the generator over them (service/fairness/draws.py)."""
    command = CreateGame(seats=tuple(seats), options=options or Options())
    at = now_epoch()
    game_id = game_id or new_game_id()
    seed = new_seed(seeds, game_id) if rng is None and seeds is not None else None
    chance = Draws(seed, 1, contributions) if seed is not None else rng or production_rng()
    events, state = execute(GameState(), command, chance)
    events = with_clocks(events, state, at, command)
    tokens = tuple(new_token() for _ in seats) if token_hashes is None else ()
    hashes = [token_hash(t) for t in tokens] if token_hashes is None else list(token_hashes)
    contacts = list(contacts) + [None] * (len(seats) - len(contacts))
    records = [seats_record(hashes, contacts, players)]
    if seed is not None:
        records.append(fairness_record(seed, contributions))
    commit = Commit(
        game_id=game_id, version=1, command_id=CREATE_COMMAND_ID, seat=None,
        events=(*(stored_event(e) for e in events), *records), recorded_at=iso(at), prev=genesis(game_id),
        salt=new_salt(),
    )
    store.append(commit)  # a ConcurrencyConflict here means a game id collision: let it surface
    return Created(fold_commits(Aggregate(commit.game_id), [commit]), tokens)


def handle(
    store: EventStore,
    game_id: str,
    seat: int,
    command: Any,
    expected_version: int | None = None,
    *,
    command_id: str | None = None,
    rng: Rng | None = None,
    loaded: Aggregate | None = None,
    recent: Recent | None = None,
    on_conflict: Callable[[], None] | None = None,
    seeds: SeedStore | None = None,
    contribution: str | None = None,
) -> Outcome:
    """Decide `command` for `seat` (already authenticated: the command's own seat is ignored) and append it.

    A command id already processed for this seat is answered from the game as it is, writing nothing, if it
    carried the same command (CommandIdReused if not).
    `loaded` spares the first read when the caller has just loaded the game (to authorise the seat);
    `recent` (a per-process cache) makes each later read fetch only the commits written since.
    A fair game (with `seeds` and no `rng`) draws from its generator; a seat's first command records its
    `contribution` (the client's, or one drawn here), and the commit that ends the game reveals its seed.
    Raises GameNotFound, StaleVersion, Contention, CommandIdReused, or the domain's RuleViolation.
    """
    command_id = command_id or secrets.token_hex(16)
    command = command.model_copy(update={"seat": seat})
    digest = command_digest(command)
    chance: Chance | None = None
    conflicts = 0
    aggregate = loaded
    while True:
        if aggregate is None:
            aggregate = load(store, game_id, recent)
        if not aggregate.exists:
            raise GameNotFound(game_id)
        first = aggregate.written_by(seat, command_id)
        if first is not None:
            if not first.same_command(digest):
                raise CommandIdReused(command_id, first.version)
            return Outcome(aggregate, seat, first.version, replayed=True, conflicts=conflicts)
        if expected_version is not None and expected_version != aggregate.version:
            raise StaleVersion(expected_version, aggregate.version)
        # Checked after the reload, with or without an expected_version: the writes stay bounded (a store
        # whose reads keep showing a version its writes call taken would otherwise loop for ever), and the
        # reload has had its chance to answer a replay or a stale version first.
        if conflicts >= MAX_ATTEMPTS:
            raise Contention(game_id, conflicts)
        at = now_epoch()
        # Anew each attempt: a reload after a conflict may hold another seat's contribution.
        chance = Chance(aggregate, rng, seeds, production_rng, chance.seed if chance is not None else None)
        made = chance.contribution(aggregate, seat, contribution)
        adding = (made,) if made is not None else ()
        events, state = _decided(aggregate.state, seat, command, chance.at(aggregate.version + 1, adding), at)
        records = [*(contribution_record(seat, v) for v in adding), *chance.reveal(aggregate.state, state)]
        commit = Commit(
            game_id=game_id, version=aggregate.version + 1, command_id=command_id, seat=seat,
            events=(*(stored_event(e) for e in events), *records), recorded_at=iso(at), digest=digest,
            **chained(aggregate),
        )
        try:
            store.append(commit)
        except ConcurrencyConflict:
            conflicts += 1
            if on_conflict is not None:
                on_conflict()
            # Reload even after the last attempt: a racing copy of this very command may have won, and then
            # the answer is its outcome, not a 409.
            aggregate = None
            continue
        after = decided(aggregate, commit, state)
        written = snapshot_due(after) and save_snapshot(store, after)
        if written:
            after = replace(after, snapshot_version=after.version)
        if recent is not None:
            recent.put(after)
        return Outcome(after, seat, commit.version, conflicts=conflicts, snapshot_written=written)
