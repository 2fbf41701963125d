"""Quiet hours hold e-mail and push notices (never the game) and release them when the window ends: only what is
still relevant (a "your turn" for a seat that has acted since is dropped), at most one e-mail per seat per
round still, exactly once across holds and releases."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

from devtools.bots import concrete
from domain.legal import game_actions
from infra.channels.base import GAME_OVER, MarkerKey, Notice
from infra.channels.email import MemoryEmailSender
from infra.channels.memory import MemoryMarkers
from infra.channels.push import MemoryPushSender
from infra.held import HeldNotice, MemoryHeldStore
from infra.links.memory import InMemoryLinkStore
from infra.players import PlayerRecord
from infra.players.memory import InMemoryPlayerStore
from service.games.repository import Aggregate, load
from service.links import Links
from service.notices.email.channel import EMAIL, EmailChannel
from service.notices.held import Hold, release
from service.notices.plan import plan
from service.notices.push.channel import PUSH, PushChannel
from service.notices.push.devices import Device, stored
from tests.service.channels_support import Line, wire
from tests.service.email_games import new_game, step

NIGHT = datetime(2026, 5, 1, 23, 0, tzinfo=UTC).timestamp()
MORNING = datetime(2026, 5, 2, 8, 5, tzinfo=UTC).timestamp()
RELEASE = "2026-05-02T08:00:00Z"


class World:
    def __init__(self, seats: int = 2, quiet: str | None = "22:00-08:00") -> None:
        self.store, self.game_id, _ = new_game(tuple(f"P{s}" for s in range(seats)), 5)
        self.players = InMemoryPlayerStore()
        for seat in range(seats):
            device = Device(f"d{seat}xxxx", "apns", f"arn:aws:sns:eu-west-1:1:endpoint/APNS/app/{seat}", "t")
            self.players.create(PlayerRecord(self.pid(seat), "0" * 64, f"P{seat}", "UTC", "t", "t",
                                             email=f"p{seat}@example.net", email_confirmed=True,
                                             devices=stored((device,)), quiet_hours=quiet))
        self.now = NIGHT
        self.held = MemoryHeldStore()
        self.hold = Hold(self.players, self.held, lambda: self.now)
        self.markers = MemoryMarkers()
        self.pushes = MemoryPushSender()
        self.mails = MemoryEmailSender()
        # Both channels on one delivery loop with its markers and quiet hours, as the notifier wires them.
        self.channels = wire([EmailChannel(self.mails), PushChannel(self.pushes, lambda *_: None)], self.markers,
                             read=self.store.commits, players=self.players, links=Links(InMemoryLinkStore()),
                             hold=self.hold)
        self.pusher = self.only(PUSH)

    @staticmethod
    def pid(seat: int) -> str:
        return f"p{seat:016d}"

    def only(self, name: str) -> Line:
        """One of the channels alone, on the same delivery loop (markers, quiet hours)."""
        return Line(replace(self.channels, channels=[self.channels.by_name[name]]))

    def mailer(self) -> Line:
        return self.only(EMAIL)

    def newest(self) -> Aggregate:
        aggregate = load(self.store, self.game_id)
        return replace(aggregate, players=tuple(self.pid(s) for s in range(aggregate.state.n)))

    def notices(self, version: int = 1) -> list[Notice]:
        return plan(self.store, self.game_id, [version]).notices[version]

    def release(self) -> tuple[int, int, int]:
        done = release(self.held.due("2026-05-02T08:05:00Z", 100), self.hold, lambda _: self.newest(),
                       self.store.commits, Line(self.channels).send, (PUSH, EMAIL))
        return done.sent, done.dropped, done.still_quiet

    def act(self, seat: int) -> None:
        state = load(self.store, self.game_id).state
        rng = random.Random(1)
        step(self.store, self.game_id, seat, concrete(game_actions(state, seat)[0], rng), rng)


def test_during_quiet_hours_pushes_and_emails_are_held_and_nothing_is_marked() -> None:
    world = World()
    notices = world.notices()
    assert notices
    assert world.pusher.deliver(notices, world.newest()) == 0
    assert world.mailer().deliver(notices, world.newest()) == 0
    assert world.pushes.sent == [] and world.mails.sent == [] and world.markers.keys == set()
    held = sorted(world.held.items.values(), key=lambda h: (h.notice.seat, h.channel))
    assert [(h.notice.seat, h.channel, h.release_at) for h in held] == [
        (n.seat, c, RELEASE) for n in sorted(notices, key=lambda n: n.seat) for c in (EMAIL, PUSH)]
    world.pusher.deliver(notices, world.newest())  # the stream delivers the record again: held once still
    assert len(world.held.items) == 2 * len(notices)


def test_outside_quiet_hours_nothing_is_held() -> None:
    world = World()
    world.now = MORNING
    assert world.pusher.deliver(world.notices(), world.newest()) == len(world.notices())
    assert world.held.items == {}


def test_at_the_end_of_the_window_what_is_held_goes_out_once() -> None:
    world = World()
    notices = world.notices()
    world.pusher.deliver(notices, world.newest())
    world.mailer().deliver(notices, world.newest())
    world.now = MORNING
    assert world.release() == (2 * len(notices), 0, 0)
    assert len(world.pushes.sent) == len(notices) and len(world.mails.sent) == len(notices)
    assert world.held.items == {}
    assert world.pusher.deliver(notices, world.newest()) == 0  # marked when sent: the stream's retry sends none
    assert world.release() == (0, 0, 0)


def test_a_held_your_turn_is_dropped_once_its_seat_has_acted() -> None:
    world = World()
    notices = world.notices()
    world.pusher.deliver(notices, world.newest())
    acting = notices[0].seat
    world.act(acting)
    world.now = MORNING
    _, dropped, _ = world.release()
    assert dropped >= 1
    assert all(p.data["seat"] != str(acting) for p in world.pushes.sent)


def test_game_over_is_always_released() -> None:
    world = World()
    over = Notice(world.game_id, 1, 0, "finished", 5, (), GAME_OVER, (3, 4), (1,))
    world.pusher.deliver([over], world.newest())
    world.act(0)  # whatever happened since
    world.now = MORNING
    assert world.release()[0] == 1 and world.pushes.sent[0].data["kind"] == GAME_OVER


def test_at_most_one_email_per_seat_per_round_still_holds() -> None:
    world = World()
    (notice, *_) = world.notices()
    world.mailer().deliver([notice], world.newest())
    # The round's e-mail went out before (another turn, another time).
    world.markers.mark(MarkerKey.of_round(notice, EMAIL))
    world.now = MORNING
    world.release()
    assert world.mails.sent == []


def test_a_player_quiet_again_at_release_waits_for_the_new_end() -> None:
    world = World()
    (notice, *_) = world.notices()
    world.pusher.deliver([notice], world.newest())
    record = world.players.get(world.pid(notice.seat))
    assert record is not None
    world.players.replace(replace(record, quiet_hours="08:00-12:00", revision=record.revision + 1))
    world.now = MORNING
    assert world.release() == (0, 0, 1)
    (held,) = world.held.items.values()
    assert held.release_at == "2026-05-02T12:00:00Z" and world.pushes.sent == []


def test_a_newer_notice_replaces_an_older_one_never_the_reverse() -> None:
    store = MemoryHeldStore()
    older = HeldNotice(Notice("g", 3, 1, "market", 1, ()), PUSH, "p", RELEASE)
    newer = replace(older, notice=replace(older.notice, version=9))
    store.hold(newer)
    store.hold(older)
    assert [h.notice.version for h in store.items.values()] == [9]
    store.release(older)  # a release of the older one leaves the newer
    assert len(store.items) == 1
    store.release(newer)
    assert store.items == {}
