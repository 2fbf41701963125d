"""One e-mail per reply (service/replies/fold.py, ADR 30): a reply that played and left the seat waiting is
answered at the top of the seat's next e-mail, or alone once REPLY_FOLD_SECONDS have passed; never when it must
be heard at once (a refusal, `show`, a turn to play)."""

from __future__ import annotations

import time

import pytest

from domain.legal import to_act
from infra.channels.email import Email
from infra.held_answers import HeldAnswer, MemoryHeldAnswers
from service.notices.email.channel import EmailChannel
from service.replies.fold import foldable, release_due
from service.replies.port import ACCEPTED, REFUSED, REPLAYED, SHOWN, Line
from service.times import iso_seconds
from tests.service.inbound_support import ADDRESSES, World, plain

DONE = "Your reply:\n- “1”: done."


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> World:
    return World(monkeypatch, fold=300)


class Notifier:
    """What the notifier does with the commits it has not yet seen: plan the notices, deliver them."""

    def __init__(self, world: World) -> None:
        self.world, self.told = world, 1

    def __call__(self) -> None:
        services, game_id = self.world.services, self.world.game_id
        channels = services.reactions.channels
        newest = services.games.load(game_id)
        planned = services.games.plan(game_id, set(range(self.told, newest.version + 1)), channels.history)
        self.told = newest.version + 1
        table = channels.table(newest, planned)
        for version in sorted(planned.notices):
            channels.deliver(planned.notices[version], table)


def mails_to(world: World, seat: int) -> list[Email]:
    return [e for e in world.sender.sent if e.to == ADDRESSES[seat]]


def reply(world: World, seat: int, body: str, number: int, to: str | None = None) -> str:
    return world.receive(plain(ADDRESSES[seat], to or world.address(seat), body, f"<r{number}@mail.example.net>"))


def held(world: World) -> dict[tuple[str, int], HeldAnswer]:
    answers = world.services.reactions.held_answers
    assert isinstance(answers, MemoryHeldAnswers)
    return dict(answers.items)


def test_a_reply_that_leaves_the_seat_waiting_is_said_by_its_next_turn_email(world: World) -> None:
    notify = Notifier(world)
    notify()
    before = {seat: len(mails_to(world, seat)) for seat in (0, 1)}
    assert to_act(world.game.state) == [0, 1]  # the setup: both choose at once
    version = world.game.version
    assert reply(world, 0, "1\n", 1) == "held"
    assert world.game.version == version + 1 and 0 not in to_act(world.game.state)
    assert len(mails_to(world, 0)) == before[0], "nothing sent yet: the answer waits for the seat's next e-mail"
    notify()
    # Seat 1 chooses, then plays its first market turn (answered at once: it still acts), then a second move
    # leaves it waiting: seat 0's turn.
    assert reply(world, 1, "1\n", 2) == "answered"
    notify()
    while 0 not in to_act(world.game.state):
        assert reply(world, 1, "1\n", 3 + len(world.sender.sent)) in ("answered", "held")
        notify()
    turn = mails_to(world, 0)[before[0]:]
    assert len(turn) == 1, "one e-mail: the turn, saying the answer"
    assert turn[0].text.startswith(DONE) and turn[0].in_reply_to == "<r1@mail.example.net>"
    assert "<h2>Your reply</h2><ul><li>“1”: done.</li></ul>" in turn[0].html
    assert turn[0].reply_to and "Your turn" in turn[0].subject
    assert (world.game_id, 0) not in held(world), "taken: a release later sends seat 0 nothing"
    release_due(world.services.reactions.held_answers, world.inbound.send_alone, iso_seconds(time.time() + 3600), 10)
    assert len(mails_to(world, 0)) == before[0] + 1


def test_an_answer_no_email_took_in_time_is_sent_alone(world: World) -> None:
    answers = world.services.reactions.held_answers
    assert reply(world, 0, "1\n", 1) == "held"
    assert release_due(answers, world.inbound.send_alone, iso_seconds(time.time() + 60), 10) == 0, "not due yet"
    assert world.sender.sent == []
    assert release_due(answers, world.inbound.send_alone, iso_seconds(time.time() + 301), 10) == 1
    (alone,) = world.sender.sent
    assert alone.to == ADDRESSES[0] and alone.in_reply_to == "<r1@mail.example.net>"
    assert alone.subject == "Re: Your turn" and DONE in alone.text and alone.reply_to
    assert release_due(answers, world.inbound.send_alone, iso_seconds(time.time() + 3600), 10) == 0


def test_a_refusal_is_answered_at_once_and_says_what_was_held(world: World) -> None:
    old = world.address(0)
    assert reply(world, 0, "1\n", 1) == "held"
    assert reply(world, 0, "1\n", 2, to=old) == "answered"  # the seat has chosen: not its turn now
    (answer,) = world.sender.sent
    assert answer.in_reply_to == "<r2@mail.example.net>"
    assert "“1”: done." in answer.text and "“1”: not played" in answer.text
    assert held(world) == {}


def test_show_is_answered_at_once(world: World) -> None:
    assert reply(world, 0, "show\n", 1) == "answered"
    assert len(world.sender.sent) == 1 and held(world) == {}


def test_a_turn_email_that_fails_to_send_leaves_the_answer_held(world: World) -> None:
    notify = Notifier(world)
    notify()
    assert reply(world, 0, "1\n", 1) == "held"
    assert reply(world, 1, "1\n", 2) == "answered"
    sent = world.sender.sent

    class Failing:
        def send(self, email: Email) -> None:
            if email.to == ADDRESSES[0]:
                raise ConnectionError("SES is down")
            sent.append(email)

    channel = next(c for c in world.services.reactions.channels.channels if isinstance(c, EmailChannel))
    real = channel.sender
    object.__setattr__(channel, "sender", Failing())
    try:
        while 0 not in to_act(world.game.state):
            assert reply(world, 1, "1\n", 3 + len(sent)) in ("answered", "held")
            with pytest.raises(ConnectionError):
                notify()
    finally:
        object.__setattr__(channel, "sender", real)
    assert (world.game_id, 0) in held(world), "not sent: still held, for the retry or the release"


@pytest.mark.parametrize(("outcomes", "waits", "folds"), [
    ((ACCEPTED,), False, True),
    ((REPLAYED, ACCEPTED), False, True),
    ((ACCEPTED,), True, False),  # the answer carries the seat's turn
    ((REPLAYED,), False, False),  # nothing new played: a repeat answered as before
    ((ACCEPTED, REFUSED), False, False),
    ((SHOWN,), False, False),
])
def test_what_may_wait(outcomes: tuple[str, ...], waits: bool, folds: bool) -> None:
    assert foldable([Line(str(i), o) for i, o in enumerate(outcomes)], waits) is folds
