"""service/links.py over the in-memory stores, with an injected clock: links and sessions expire, belong to one
game and seat, die with their seat's token, and a refused exchange writes nothing."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from domain.options import SeatSpec
from infra.auth import new_token
from infra.limits import MemoryLimiter
from infra.links import InMemoryLinkStore
from infra.store import InMemoryEventStore
from service.games.pipeline import create_game
from service.games.repository import Aggregate, load
from service.games.seat_tokens import reissue_token
from service.limits.errors import RateLimited
from service.links import LinkInvalid, Links, admit_session, is_session_token, play_path

T0 = 1_800_000_000.0


@dataclass
class Clock:
    now: float = T0

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    store: InMemoryEventStore
    grants: InMemoryLinkStore
    clock: Clock
    links: Links
    game_id: str

    def load(self, game_id: str) -> Aggregate:
        return load(self.store, game_id)

    def game(self) -> Aggregate:
        return self.load(self.game_id)

    def written(self) -> int:
        return len(self.grants.table.grants)


@pytest.fixture
def world() -> World:
    store, grants, clock = InMemoryEventStore(), InMemoryLinkStore(), Clock()
    game_id = create_game(store, [SeatSpec(name="Ada"), SeatSpec(name="Bo")], rng=random.Random(3)).aggregate.game_id
    return World(store, grants, clock, Links(grants, clock), game_id)


def session_of(world: World, seat: int) -> str:
    link = world.links.mint(world.game(), seat).token
    return world.links.exchange(link, world.load).token


def test_a_link_becomes_sessions_of_its_seat_and_only_hashes_are_stored(world: World) -> None:
    minted = world.links.mint(world.game(), 1)
    assert minted.token.startswith("l~") and minted.grant.seat == 1 and minted.grant.game_id == world.game_id
    assert play_path(world.game_id, minted.token) == f"/play/{world.game_id}#link={minted.token}"
    first = world.links.exchange(minted.token, world.load)
    second = world.links.exchange(minted.token, world.load)  # a link may be opened on two devices
    assert first.token != second.token and is_session_token(first.token)
    assert world.links.session_seat(first.token, world.game()) == 1
    assert world.links.session_seat(second.token, world.game()) == 1
    stored = repr(world.grants.table.grants)
    for token in (minted.token, first.token, second.token):
        assert token not in stored and token[2:] not in stored


def test_links_expire_after_their_hours_and_sessions_after_their_days(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINK_TTL_HOURS", "2")
    monkeypatch.setenv("SESSION_TTL_DAYS", "1")
    link = world.links.mint(world.game(), 0)
    assert link.grant.expires_at == int(T0) + 2 * 3600
    world.clock.now = T0 + 2 * 3600 - 1
    session = world.links.exchange(link.token, world.load)
    assert session.grant.expires_at == int(world.clock.now) + 86400
    world.clock.now = T0 + 2 * 3600
    before = world.written()
    with pytest.raises(LinkInvalid):
        world.links.exchange(link.token, world.load)
    assert world.written() == before
    assert world.links.session_seat(session.token, world.game()) == 0
    world.clock.now = session.grant.expires_at
    assert world.links.session_seat(session.token, world.game()) is None


def test_the_default_lifetimes_are_72_hours_and_30_days(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LINK_TTL_HOURS", raising=False)
    monkeypatch.setenv("SESSION_TTL_DAYS", "not a number")
    link = world.links.mint(world.game(), 0)
    assert link.grant.expires_at == int(T0) + 72 * 3600
    assert world.links.exchange(link.token, world.load).grant.expires_at == int(T0) + 30 * 86400


def test_a_session_acts_for_its_own_game_and_seat_only(world: World) -> None:
    other = create_game(world.store, [SeatSpec(name="Cy"), SeatSpec(name="Di")], rng=random.Random(4)).aggregate
    token = session_of(world, 1)
    assert world.links.session_seat(token, world.game()) == 1
    assert world.links.session_seat(token, other) is None  # same seat number, another game
    assert world.links.session_seat("s~" + "A" * 32, world.game()) is None
    link_token = world.links.mint(world.game(), 0).token
    assert world.links.session_seat(link_token, world.game()) is None  # a link is not a session


def test_a_reissued_seat_token_voids_that_seats_links_and_sessions_only(world: World) -> None:
    link = world.links.mint(world.game(), 1).token
    voided, kept = session_of(world, 1), session_of(world, 0)
    reissue_token(world.store, world.game_id, 1)
    before = world.written()
    with pytest.raises(LinkInvalid):
        world.links.exchange(link, world.load)
    assert world.written() == before
    assert world.links.session_seat(voided, world.game()) is None
    assert world.links.session_seat(kept, world.game()) == 0
    assert world.links.session_seat(session_of(world, 1), world.game()) == 1  # a link minted after it works


@pytest.mark.parametrize("garbage", [
    "", "garbage", "l~", "l~" + "A" * 31, "l~" + "A" * 33, "l~" + "A" * 31 + "=", "s~" + "A" * 32, "L~" + "A" * 32,
    new_token(), "pAAAAAAAAAAAAAAAA.secret", "l~" + "A" * 32,
])
def test_the_exchange_of_garbage_is_refused_alike_and_writes_nothing(world: World, garbage: str) -> None:
    world.links.mint(world.game(), 0)
    before, admitted = world.written(), []
    with pytest.raises(LinkInvalid):
        world.links.exchange(garbage, world.load, admit=lambda: admitted.append(1))
    assert world.written() == before and admitted == []


def test_a_link_to_a_game_that_is_gone_is_refused(world: World) -> None:
    link = world.links.mint(world.game(), 0).token
    with pytest.raises(LinkInvalid):
        world.links.exchange(link, lambda game_id: load(InMemoryEventStore(), game_id))


def test_a_refused_admission_writes_no_session(world: World) -> None:
    link = world.links.mint(world.game(), 0).token
    before = world.written()

    def full() -> None:
        raise RateLimited("sessions", 60)

    with pytest.raises(RateLimited):
        world.links.exchange(link, world.load, admit=full)
    assert world.written() == before


def test_session_tokens_are_told_from_seat_tokens_and_player_keys_by_shape() -> None:
    assert is_session_token("s~" + "a-_Z" * 8)
    for other in (new_token(), "pAAAAAAAAAAAAAAAA." + new_token(), "s~short", "s~" + "a" * 32 + ".x", "l~" + "a" * 32):
        assert not is_session_token(other)


def test_sessions_are_limited_per_source_and_not_for_the_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_SESSIONS_PER_SOURCE_HOUR", "2")
    limiter = MemoryLimiter()
    for _ in range(2):
        admit_session(limiter, "198.51.100.7", T0)
    with pytest.raises(RateLimited) as refused:
        admit_session(limiter, "198.51.100.7", T0)
    assert 1 <= refused.value.retry_after <= 3600
    admit_session(limiter, "198.51.100.8", T0)
    for _ in range(5):
        admit_session(limiter, "127.0.0.1", T0)
    assert not any("198.51.100" in scope for scope, _ in limiter.counts)  # a hash, never the address
    monkeypatch.setenv("LIMIT_SESSIONS_PER_SOURCE_HOUR", "0")
    admit_session(limiter, "198.51.100.7", T0)  # 0: no limit
