"""The lobbies' service on the in-memory stores: create, claim, host-only changes, start (by the host or by the
join that fills the lobby), the game it writes, races for the last seat, expiry, token reissue."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, replace

import pytest

from domain.options import Options
from infra.auth import seat_for, token_hash
from infra.lobbies import InMemoryLobbyStore, LobbyConflict, LobbyRecord
from infra.players import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.games.repository import load
from service.games.seat_tokens import host_reissue
from service.lobbies.errors import (
    InvalidLobby,
    InviteRefused,
    LobbyContention,
    LobbyExpired,
    LobbyNotFound,
    LobbyRefused,
    NoSuchSeat,
    NoSuchSlot,
    NotHost,
    SeatTaken,
)
from service.lobbies.service import ATTEMPTS, LOBBY_SECONDS, Lobbies, SeatSpecIn
from service.players.errors import Unauthenticated
from service.players.service import Players

HOST, OPEN, BOT = SeatSpecIn("host"), SeatSpecIn("open"), SeatSpecIn("bot", "Robo")


@dataclass
class Clock:
    now: float = 1_780_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    lobbies: Lobbies
    games: InMemoryEventStore
    lobby_store: InMemoryLobbyStore
    players: Players
    clock: Clock

    def player(self, name: str) -> str:
        return self.players.create(name).key


@pytest.fixture
def world() -> World:
    clock = Clock()
    players = Players(InMemoryPlayerStore(), clock=clock)
    games, lobby_store = InMemoryEventStore(), InMemoryLobbyStore()
    return World(Lobbies(lobby_store, players, games, random.Random(3), clock=clock), games, lobby_store, players,
                 clock)


def test_a_lobby_is_claimed_by_invite_and_the_last_claim_starts_the_game(world: World) -> None:
    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, OPEN], Options(), public=False)
    game_id = made.record.game_id
    assert made.invite and made.record.invite_sha256 == token_hash(made.invite) and made.invite not in repr(made.record)
    assert not load(world.games, game_id).exists  # no game before the start
    joined = world.lobbies.join(game_id, ada, made.invite)
    assert joined.record.started and [s.name for s in joined.record.slots] == ["Host", "Ada"]
    game = load(world.games, game_id)
    assert game.version == 1 and len(game.players) == 2
    assert game.players == tuple(s.player_id for s in joined.record.slots)
    assert [s.name for s in game.state.players] == ["Host", "Ada"]


def test_a_private_lobby_needs_its_invite_and_a_public_one_does_not(world: World) -> None:
    host, ada, bob = world.player("Host"), world.player("Ada"), world.player("Bob")
    private = world.lobbies.create(host, [HOST, OPEN, OPEN], Options(), public=False).record
    with pytest.raises(InviteRefused, match="invite_required"):
        world.lobbies.join(private.game_id, ada, None)
    with pytest.raises(InviteRefused, match="invalid_invite"):
        world.lobbies.join(private.game_id, ada, "not-the-code")
    public = world.lobbies.create(host, [HOST, OPEN, OPEN], Options(), public=True).record
    assert [r.game_id for r in world.lobbies.open_lobbies()] == [public.game_id]
    world.lobbies.join(public.game_id, ada, None)
    assert world.lobbies.get(public.game_id).free() == [2]
    world.lobbies.join(public.game_id, bob, None)
    assert world.lobbies.open_lobbies() == []  # full: started, no longer listed


def test_the_same_player_cannot_take_two_seats(world: World) -> None:
    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, OPEN, OPEN], Options(), public=True)
    world.lobbies.join(made.record.game_id, ada, made.invite)
    for who in (ada, host):
        with pytest.raises(LobbyRefused, match="already have a seat"):
            world.lobbies.join(made.record.game_id, who, made.invite)
    assert world.lobbies.get(made.record.game_id).free() == [2]


def test_only_the_host_changes_seats_and_only_before_the_start(world: World) -> None:
    host, ada, bob = world.player("Host"), world.player("Ada"), world.player("Bob")
    made = world.lobbies.create(host, [HOST, OPEN, OPEN], Options(), public=False)
    game_id = made.record.game_id
    world.lobbies.join(game_id, ada, made.invite)
    for action in (lambda: world.lobbies.remove(game_id, ada, 1), lambda: world.lobbies.start(game_id, ada),
                   lambda: world.lobbies.replace(game_id, ada, 2, "bot")):
        with pytest.raises(NotHost):
            action()
    with pytest.raises(Unauthenticated):
        world.lobbies.remove(game_id, "p" + "x" * 16 + ".nope", 1)
    with pytest.raises(NoSuchSlot):
        world.lobbies.remove(game_id, host, 7)
    kicked = world.lobbies.replace(game_id, host, 1, "open").record  # Ada is out, the seat open again
    assert [s.kind for s in kicked.slots] == ["player", "open", "open"]
    botted = world.lobbies.replace(game_id, host, 2, "bot", "Robo")
    assert botted.tokens.keys() == {2} and botted.record.slots[2].token_sha256 == token_hash(botted.tokens[2])
    world.lobbies.join(game_id, bob, made.invite)  # the last open seat: the game starts
    assert world.lobbies.get(game_id).started
    for action in (lambda: world.lobbies.remove(game_id, host, 1), lambda: world.lobbies.replace(game_id, host, 1,
                                                                                                   "open")):
        with pytest.raises(LobbyRefused, match="started"):
            action()
    game = load(world.games, game_id)
    assert seat_for(botted.tokens[2], game.token_hashes) == 2  # the bot's token, given at the change, plays it


def test_a_removed_seat_is_left_out_of_the_game_and_the_host_start_fills_open_seats_with_bots(world: World) -> None:
    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, OPEN, OPEN, OPEN], Options(), public=False)
    game_id = made.record.game_id
    world.lobbies.join(game_id, ada, made.invite)
    world.lobbies.remove(game_id, host, 2)
    with pytest.raises(LobbyRefused, match="at least one"):
        for seat in (0, 1, 3):
            world.lobbies.remove(game_id, host, seat)
    # Left: seat 3 alone (the host removed its own seat too). Two seats opened again, Ada back in the first.
    world.lobbies.replace(game_id, host, 0, "open")
    world.lobbies.replace(game_id, host, 1, "open")
    world.lobbies.join(game_id, ada, made.invite)
    started = world.lobbies.start(game_id, host)
    assert started.record.started and set(started.tokens) == {1, 3}
    game = load(world.games, game_id)
    # Lobby seats 0, 1, 3 are the game's seats 0, 1, 2.
    assert len(game.token_hashes) == 3 and seat_for(started.tokens[3], game.token_hashes) == 2
    assert game.players[0] is not None and game.players[1:] == (None, None)
    again = world.lobbies.start(game_id, host)
    assert again.already and load(world.games, game_id).version == 1


def test_two_joins_racing_for_the_last_seat_never_both_win(world: World) -> None:
    host = world.player("Host")
    made = world.lobbies.create(host, [HOST, OPEN], Options(), public=True)
    keys = [world.player(f"P{i}") for i in range(6)]
    barrier, won, refused = threading.Barrier(len(keys)), [], []

    def join(key: str) -> None:
        barrier.wait()
        try:
            won.append(world.lobbies.join(made.record.game_id, key, None))
        except (LobbyRefused, LobbyContention) as error:
            refused.append(error)

    threads = [threading.Thread(target=join, args=(k,)) for k in keys]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(won) == 1 and len(refused) == len(keys) - 1
    assert load(world.games, made.record.game_id).version == 1


class Racing(InMemoryLobbyStore):
    """Another write lands first, `losses` times."""

    def __init__(self, losses: int) -> None:
        super().__init__()
        self.losses = losses

    def replace(self, record: LobbyRecord) -> None:
        if self.losses:
            self.losses -= 1
            stored = self.get(record.game_id)
            assert stored is not None
            super().replace(replace(stored, revision=stored.revision + 1))
            raise LobbyConflict(record.game_id, record.revision - 1)
        super().replace(record)


@pytest.mark.parametrize("losses", [1, ATTEMPTS - 1, ATTEMPTS])
def test_a_lost_race_is_read_again_and_retried_a_bounded_number_of_times(world: World, losses: int) -> None:
    store = Racing(0)
    lobbies = replace(world.lobbies, store=store)
    host, ada = world.player("Host"), world.player("Ada")
    made = lobbies.create(host, [HOST, OPEN, OPEN], Options(), public=True)
    store.losses = losses
    if losses >= ATTEMPTS:
        with pytest.raises(LobbyContention):
            lobbies.join(made.record.game_id, ada, None)
        assert lobbies.get(made.record.game_id).free() == [1, 2]
    else:
        assert lobbies.join(made.record.game_id, ada, None).record.free() == [2]


def test_a_lobby_never_started_expires(world: World) -> None:
    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, OPEN], Options(), public=True)
    assert made.record.expires_at == int(world.clock.now) + LOBBY_SECONDS
    world.clock.now += LOBBY_SECONDS
    assert world.lobbies.open_lobbies() == []
    for action in (lambda: world.lobbies.join(made.record.game_id, ada, made.invite),
                   lambda: world.lobbies.start(made.record.game_id, host)):
        with pytest.raises(LobbyExpired):
            action()
    with pytest.raises(LobbyNotFound):
        world.lobbies.get("nope")


@pytest.mark.parametrize("seats", [[], [OPEN] * 6, [HOST, HOST], [SeatSpecIn("bot", " ")]])
def test_seats_that_cannot_make_a_game_are_refused(world: World, seats: list[SeatSpecIn]) -> None:
    with pytest.raises(InvalidLobby):
        world.lobbies.create(world.player("Host"), seats, Options(), public=False)
    assert world.lobby_store.table.lobbies == {}


def test_a_reissued_token_replaces_the_old_one_at_once_and_a_players_seat_has_none(world: World) -> None:
    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, BOT, OPEN], Options(), public=False)
    game_id = made.record.game_id
    world.lobbies.join(game_id, ada, made.invite)
    old = made.tokens[1]
    assert seat_for(old, load(world.games, game_id).token_hashes) == 1
    players, store = world.players, world.lobby_store
    new, after = host_reissue(players, store, world.games, game_id, host, 1)
    assert after.version == 2 and seat_for(new, load(world.games, game_id).token_hashes) == 1
    assert seat_for(old, load(world.games, game_id).token_hashes) is None
    assert load(world.games, game_id).players == after.players  # the players stay seated
    with pytest.raises(NotHost):
        host_reissue(players, store, world.games, game_id, ada, 1)
    with pytest.raises(SeatTaken):
        host_reissue(players, store, world.games, game_id, host, 2)
    with pytest.raises(NoSuchSeat):
        host_reissue(players, store, world.games, game_id, host, 3)


def test_the_seated_players_survive_a_snapshot_and_a_reissue(world: World) -> None:
    from service.games.repository import from_snapshot, save_snapshot, to_snapshot

    host, ada = world.player("Host"), world.player("Ada")
    made = world.lobbies.create(host, [HOST, OPEN, BOT], Options(), public=False)
    world.lobbies.join(made.record.game_id, ada, made.invite)
    game = load(world.games, made.record.game_id)
    restored = from_snapshot(to_snapshot(game))
    assert restored is not None and restored.players == game.players and game.players[2] is None
    assert save_snapshot(world.games, game)
    _, after = host_reissue(world.players, world.lobby_store, world.games, game.game_id, host, 2)
    assert load(world.games, game.game_id).players == game.players == after.players
