"""A plan that reads the whole history (the e-mails tell the events since a seat's last move) reads it once: the
warm cache keeps it, and the next plan reads only the commits written since; the states it folded on the way
are the game's at each planned version."""

from __future__ import annotations

import random
from typing import Any

from infra.store import InMemoryEventStore
from service.games.recent import Recent
from service.games.repository import load, replayed
from service.notices.email.render import since_last_move
from service.notices.plan import plan
from tests.service.email_games import moves, new_game


class Counting:
    """The store, with every read of commits written down as (game, after)."""

    def __init__(self, store: InMemoryEventStore) -> None:
        self.store, self.reads = store, []

    def commits(self, game_id: str, after: int = 0) -> Any:
        self.reads.append((game_id, after))
        return self.store.commits(game_id, after)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def played(count: int) -> tuple[InMemoryEventStore, str]:
    store, game_id, _ = new_game(("Ann", "Bo", "Cy"), 3)
    for i, _ in enumerate(moves(store, game_id, random.Random(3))):
        if i >= count:
            break
    return store, game_id


def test_the_second_whole_plan_reads_only_the_newer_commits() -> None:
    store, game_id = played(30)
    counting, recent = Counting(store), Recent()
    first = plan(counting, game_id, [load(store, game_id).version], recent, whole=True)  # type: ignore[arg-type]
    assert counting.reads == [(game_id, 0)] and first.whole
    assert [c.version for c in first.commits] == [c.version for c in store.commits(game_id)]
    for i, _ in enumerate(moves(store, game_id, random.Random(4))):
        if i >= 3:
            break
    before = first.commits[-1].version
    newest = load(store, game_id).version
    counting.reads.clear()
    second = plan(counting, game_id, range(before + 1, newest + 1), recent, whole=True)  # type: ignore[arg-type]
    assert counting.reads == [(game_id, before)]
    assert [c.version for c in second.commits] == list(range(1, newest + 1))
    assert second.newest is not None and second.newest.state == load(store, game_id).state


def test_the_states_kept_are_the_game_at_each_version_and_the_email_history_matches_a_replay() -> None:
    store, game_id = played(40)
    newest = load(store, game_id).version
    versions = range(newest - 5, newest + 1)
    found = plan(store, game_id, versions, Recent(), whole=True)
    commits = store.commits(game_id)
    for version in versions:
        replay = replayed(game_id, [c for c in store.commits(game_id) if c.version <= version])  # its own read
        assert found.at[version].state == replay.state
        for seat in range(3):
            assert since_last_move(game_id, commits, seat, version, found.at[version]) == \
                since_last_move(game_id, commits, seat, version)


def test_redacting_only_the_commits_after_the_seats_last_gives_what_redacting_them_all_gave() -> None:
    from domain.redact import redact_history
    from infra.serialization import domain_event
    from service.games.repository import SEATS_RECORD

    store, game_id = played(400)  # through several rounds, simultaneous Distill phases included
    commits = store.commits(game_id)
    distilling = 0
    for version in range(1, len(commits) + 1):
        upto = commits[:version]
        at = replayed(game_id, upto)
        distilling += at.state.opening is not None
        every = redact_history([(c.seat, [domain_event(e) for e in c.events if e["type"] != SEATS_RECORD])
                                for c in upto], 0, at.state)
        last = max((i for i, c in enumerate(upto) if c.seat == 0), default=-1)
        assert since_last_move(game_id, commits, 0, version)[1] == [e for es in every[last + 1:] for e in es]
    assert distilling  # the game went through an open Distill phase: the case the shortcut must get right
