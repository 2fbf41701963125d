"""A turn clock's reminder reaches the seat's channels: a `reminder` notice per ReminderDue, e-mailed even when
the round's "your turn" e-mail already went out (reminders are never coalesced away), in the reader's language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from domain.options import Clock, Options, SeatSpec
from infra.channels.base import REMINDER, YOUR_TURN
from infra.channels.email import MemoryEmailSender
from infra.players import PlayerRecord
from infra.players.memory import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.clock import use_clock
from service.clocks.tick import tick
from service.games import pipeline
from service.games.repository import Aggregate, load
from service.notices.email.channel import EmailChannel
from service.notices.plan import plan
from tests.service.channels_support import Line, line

T0 = 1_800_000_000.0
HOUR = 3600.0


@pytest.fixture(autouse=True)
def fixed_time() -> Iterator[None]:
    use_clock(lambda: T0)
    yield
    use_clock(None)


def game() -> tuple[InMemoryEventStore, str]:
    store = InMemoryEventStore()
    created = pipeline.create_game(store, [SeatSpec(name="Ann"), SeatSpec(name="Bob")],
                                   Options(clock=Clock(per_move_hours=24)), rng=random.Random(2))
    return store, created.aggregate.game_id


def mailer(store: InMemoryEventStore, players: InMemoryPlayerStore) -> Line:
    """The e-mail channel alone on the delivery loop, as the notifier wires it."""
    return line(EmailChannel(MemoryEmailSender()), read=store.commits, players=players)


def with_contacts(aggregate: Aggregate) -> Aggregate:
    return replace(aggregate, contacts=tuple({"email": f"seat{s}@example.net"} for s in range(aggregate.state.n)))


def test_each_reminder_becomes_a_reminder_notice_for_its_seat() -> None:
    store, game_id = game()
    tick(store, game_id, T0 + 12 * HOUR)
    found = plan(store, game_id, [2, 3]).notices
    (first,), (second,) = found[2], found[3]
    assert (first.kind, first.seat, first.deadline) == (REMINDER, 0, T0 + 24 * HOUR)
    assert second.seat == 1 and first.key != second.key
    assert first.message() == {
        "kind": "reminder", "game_id": game_id, "version": 2, "seat": 0, "phase": "setup", "round": 0,
        "actions": ["choose_distiller"], "dedup_key": f"{game_id}:2:0:reminder", "deadline": T0 + 24 * HOUR,
        "head": {"version": 2, "hash": first.head}}
    from service.fairness.chain import commit_hash

    assert first.head == commit_hash(store.commits(game_id, 1)[0]), "the hash of the commit at version 2"


def test_a_reminder_is_e_mailed_after_the_rounds_your_turn_e_mail() -> None:
    store, game_id = game()
    players = InMemoryPlayerStore()
    mail = mailer(store, players)
    turns = plan(store, game_id, [1]).notices[1]
    assert [n.kind for n in turns] == [YOUR_TURN, YOUR_TURN]
    assert mail.deliver(turns, with_contacts(load(store, game_id))) == 2
    tick(store, game_id, T0 + 12 * HOUR)
    tick(store, game_id, T0 + 22 * HOUR)
    newest = with_contacts(load(store, game_id))
    reminders = [n for ns in plan(store, game_id, range(2, newest.version + 1)).notices.values() for n in ns]
    assert [(n.kind, n.seat) for n in reminders] == [(REMINDER, 0), (REMINDER, 1)] * 2
    assert mail.deliver(reminders, newest) == 4
    sent = mail.sender.sent
    assert [e.subject.split(":")[0] for e in sent] == ["Your turn"] * 2 + ["Reminder"] * 4
    assert "Your time runs out at 2027-01-16 08:00 UTC" in sent[2].text


@pytest.mark.parametrize(("language", "word"), [("es", "Recordatorio"), ("ko", "알림")])
def test_the_reminder_e_mail_is_in_the_players_language(language: str, word: str) -> None:
    store, game_id = game()
    players = InMemoryPlayerStore()
    player_id = "p" + "c" * 16
    players.create(PlayerRecord(player_id, "0" * 64, "Ann", "UTC", "t", "t", email="ann@example.net",
                                email_confirmed=True, language=language))
    mail = mailer(store, players)
    tick(store, game_id, T0 + 12 * HOUR)
    newest = replace(load(store, game_id), players=(player_id, None))
    assert mail.deliver(plan(store, game_id, [2]).notices[2], newest) == 1
    (email,) = mail.sender.sent
    assert email.subject.startswith(word) and "2027-01-16 08:00 UTC" in email.text
