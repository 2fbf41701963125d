"""Running a game's turn clocks (docs/adr/0016-turn-clocks.md): `tick` does what the clocks owe at a time.

The scheduler (EventBridge Scheduler, the sweep, the local server's) calls `tick` at `next_wake`; calling it
early, late or twice is harmless. Each reminder, pause or timeout is its own commit through the conditional
append, under a command id made from what it fires, so a second tick finds it written and fires nothing; a
real move that lands first changes the clock, and the reload judges the step no longer due.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from domain import clocks
from domain.clocks import ClockStep, Pause, Remind, TimeOut
from domain.errors import RuleViolation
from domain.records import record
from infra.players.base import PlayerStore
from infra.seeds import SeedStore
from infra.serialization import stored_event
from infra.store import Commit, ConcurrencyConflict, EventStore
from service.clock import iso
from service.fairness.chain import chained
from service.fairness.records import Chance
from service.games.pipeline import GameNotFound, production_rng
from service.games.repository import Aggregate, fold_commits, load, save_snapshot, snapshot_due

# Steps one tick may fire: each timeout can start the next seat's clock at a deadline already past (a tick long
# overdue), so a few may follow in a row; the bound keeps one call short, and the next tick goes on.
MAX_FIRES = 64
MAX_CONFLICTS = 8


@record(frozen=True)
class Fired:
    seat: int
    kind: str  # "reminder" | "timeout" | "replaced" | "paused"


@record(frozen=True)
class Ticked:
    game_id: str
    fired: tuple[Fired, ...]
    next_wake: float | None
    version: int


def next_wake(aggregate: Aggregate) -> float | None:
    """The earliest reminder or deadline still to fire; None: no clock running (no clock, or the game is over)."""
    return clocks.next_wake(aggregate.state)


def command_id(step: ClockStep) -> str:
    """The same step always has the same id: a repeat of it is a replay, never a second reminder or timeout."""
    if isinstance(step, TimeOut):
        return f"clock:timeout:{step.seat}:{step.deadline}"
    if isinstance(step, Remind):
        return f"clock:reminder:{step.seat}:{step.deadline}:{step.nth}"
    return f"clock:paused:{step.seat}:{step.deadline}:{step.until}"


def away(aggregate: Aggregate, players: PlayerStore | None, now: float) -> Mapping[int, float]:
    """Seats whose player is on vacation at `now`, to when."""
    if players is None or not any(aggregate.players):
        return {}
    out: dict[int, float] = {}
    for seat, player_id in enumerate(aggregate.players):
        record = players.get(player_id) if player_id else None
        until = record.vacation_until if record is not None else None
        if until is not None and until > now:
            out[seat] = float(until)
    return out


def tick(store: EventStore, game_id: str, now: float, players: PlayerStore | None = None,
         seeds: SeedStore | None = None) -> Ticked:
    """Fires every reminder and timeout due at `now` (GameNotFound for an unknown game). A fair game's timeouts
    draw from its generator, and the one that ends the game reveals its seed (service/fairness/records.py)."""
    fired: list[Fired] = []
    conflicts = 0
    aggregate = load(store, game_id)
    if not aggregate.exists:
        raise GameNotFound(game_id)
    on_vacation = away(aggregate, players, now)  # read once: a tick is a moment
    seed = Chance(aggregate, None, seeds, production_rng).seed  # read at most once, by the first tick that draws
    for _ in range(MAX_FIRES):
        step = clocks.due(aggregate.state, now, on_vacation)
        if step is None:
            break
        key = command_id(step)
        if aggregate.written_by(None, key) is not None:
            break  # written, yet judged due again: never write it twice (cannot happen while the rules hold)
        chance = Chance(aggregate, None, seeds, production_rng, seed)
        try:
            events, state = clocks.decide_clock(aggregate.state, step, now, chance.at(aggregate.version + 1))
        except RuleViolation:
            break
        commit = Commit(game_id=game_id, version=aggregate.version + 1, command_id=key, seat=None,
                        events=(*(stored_event(e) for e in events), *chance.reveal(aggregate.state, state)),
                        recorded_at=iso(now), **chained(aggregate))
        try:
            store.append(commit)
        except ConcurrencyConflict:
            conflicts += 1
            if conflicts > MAX_CONFLICTS:
                break  # the game is busy: the next tick goes on
            aggregate = load(store, game_id)  # re-judged on the game as it now is
            continue
        fired += _fired(step, events)
        aggregate = fold_commits(aggregate, [commit])
        if snapshot_due(aggregate) and save_snapshot(store, aggregate):
            aggregate = replace(aggregate, snapshot_version=aggregate.version)
    return Ticked(game_id, tuple(fired), next_wake(aggregate), aggregate.version)


def _fired(step: ClockStep, events: Sequence[object]) -> list[Fired]:
    if isinstance(step, Remind):
        return [Fired(step.seat, "reminder")]
    if isinstance(step, Pause):
        return [Fired(step.seat, "paused")]
    out = [Fired(step.seat, "timeout")]
    if any(getattr(e, "type", None) == "seat_replaced" for e in events):
        out.append(Fired(step.seat, "replaced"))
    return out
