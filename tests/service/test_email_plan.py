"""Coalescing and exactly-once for e-mails: at most one per seat per round, every turn on opt-in, game over
always; a notice handled twice sends once; the link in each e-mail opens the game as its seat."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from domain.records import field, record
from infra.channels.base import GAME_OVER, YOUR_TURN, MarkerKey, Notice
from infra.channels.email import MemoryEmailSender
from infra.channels.memory import MemoryMarkers
from infra.links.memory import InMemoryLinkStore
from infra.players import PlayerRecord
from infra.players.memory import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.games.repository import Aggregate, load
from service.links import Links
from service.notices.delivery import Delivery, Policy, Seat, Table
from service.notices.email.channel import EMAIL, EmailChannel, recipient
from service.notices.email.render import Recipient
from service.notices.plan import plan
from tests.service.channels_support import Line, line
from tests.service.email_games import moves, new_game


def mailer(store: InMemoryEventStore, links: Links, players: InMemoryPlayerStore | None = None) -> Line:
    """The e-mail channel alone on the delivery loop, as the notifier wires it."""
    return line(EmailChannel(MemoryEmailSender()), read=store.commits, players=players, links=links)


def with_contacts(aggregate: Aggregate, seated: bool = False) -> Aggregate:
    """Each seat with an e-mail contact, and with a player when `seated` (whose address is used first)."""
    contacts = tuple({"email": f"seat{s}@example.net"} for s in range(aggregate.state.n))
    players = tuple(f"p{s:016d}" for s in range(aggregate.state.n)) if seated else ()
    return replace(aggregate, contacts=contacts, players=players)


def play_and_mail(seed: int, every_turn: bool = False) -> tuple[Line, list[Notice], InMemoryEventStore, str]:
    """A whole game; after every move, its notices go through the mailer (as the notifier does)."""
    store, game_id, _ = new_game(("Ann", "Bob", "Cy"), seed)
    links = Links(InMemoryLinkStore())
    players = InMemoryPlayerStore()
    mail = mailer(store, links, players)
    if every_turn:
        for seat in range(3):
            players.create(PlayerRecord(f"p{seat:016d}", "0" * 64, f"P{seat}", "UTC", "t", "t", email=f"p{seat}@x.net",
                                        email_confirmed=True, email_every_turn=True))
    told: list[Notice] = []
    rng = random.Random(seed)
    version = 1
    for _ in moves(store, game_id, rng):
        newest = load(store, game_id)
        found = plan(store, game_id, range(version, newest.version + 1)).notices
        version = newest.version + 1
        aggregate = with_contacts(newest, every_turn)
        for notices in found.values():
            told += notices
            mail.deliver(notices, aggregate)
    newest = load(store, game_id)
    final = [n for v, ns in plan(store, game_id, range(version, newest.version + 1)).notices.items() for n in ns]
    told += final
    mail.deliver(final, with_contacts(newest, every_turn))
    return mail, told, store, game_id


def test_at_most_one_email_per_seat_per_round_and_game_over_always() -> None:
    mail, told, _, _ = play_and_mail(21)
    sent = mail.sender.sent
    turns = [n for n in told if n.kind == YOUR_TURN]
    assert len(turns) > len({(n.seat, n.round) for n in turns})  # the game did give some seat several turns
    per_round = Counter((e.to, e.key.split(":")[1]) for e in sent if "game_over" not in e.key)
    rounds = {(n.seat, n.round) for n in turns}
    your_turn = [e for e in sent if "game_over" not in e.key]
    assert len(your_turn) == len(rounds)  # exactly one per (seat, round) with a turn
    assert max(per_round.values()) == 1
    over = [e for e in sent if "game_over" in e.key]
    assert sorted(e.to for e in over) == [f"seat{s}@example.net" for s in range(3)]
    assert all(e.subject.startswith("Game over") for e in over)


def test_every_turn_is_an_opt_in() -> None:
    mail, told, _, _ = play_and_mail(21, every_turn=True)
    sent = mail.sender.sent
    assert len(sent) == len(told)
    assert {e.to for e in sent} == {f"p{s}@x.net" for s in range(3)}  # the player's confirmed address first


def test_a_notice_handled_twice_sends_once() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    mail = mailer(store, Links(InMemoryLinkStore()))
    aggregate = with_contacts(load(store, game_id))
    notices = plan(store, game_id, [1]).notices[1]
    assert mail.deliver(notices, aggregate) == 2
    assert mail.deliver(notices, aggregate) == 0
    assert len(mail.sender.sent) == 2


def test_a_crash_between_send_and_mark_sends_again() -> None:
    """At-least-once: the markers are written after the send; without them the retry sends again."""
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    mail = mailer(store, Links(InMemoryLinkStore()))
    aggregate = with_contacts(load(store, game_id))
    notices = plan(store, game_id, [1]).notices[1]
    mail.deliver(notices, aggregate)
    mail.markers = MemoryMarkers()  # the marks were lost
    assert mail.deliver(notices, aggregate) == 2


@record
class Recording:
    """The e-mail channel's name and policy with a fixed recipient: what the loop sends it, nothing rendered."""

    to: Recipient
    name: str = EMAIL
    policy: Policy = EmailChannel(MemoryEmailSender()).policy
    sent: list[Notice] = field(default_factory=list)

    def recipient(self, seat: Seat) -> Recipient:
        return self.to

    def send(self, notice: Notice, to: Recipient, seat: Seat) -> int:
        self.sent.append(notice)
        return 1


def test_coalescing_is_recorded_per_game_round_seat_and_email() -> None:
    markers = MemoryMarkers()
    first = Notice("g", 5, 1, "market", 2, ("buy",))
    later, next_round = replace(first, version=9), replace(first, version=14, round=3)
    to = Recipient("a@example.net")

    def due(notice: Notice, to: Recipient) -> bool:
        """Whether the loop would send it now (on a copy of the markers: asking marks nothing)."""
        channel = Recording(to)
        Delivery(MemoryMarkers(set(markers.keys))).deliver(channel, [notice], Table(Aggregate("g")))
        return channel.sent == [notice]

    assert due(first, to)
    markers.mark(MarkerKey.of_round(first, EMAIL))
    markers.mark(MarkerKey.of(first, EMAIL))
    assert not due(first, to) and not due(later, to) and due(next_round, to)
    assert due(later, Recipient("a@example.net", every_turn=True))
    assert not due(first, Recipient("a@example.net", every_turn=True))  # its own e-mail went out: never twice
    assert due(replace(later, kind=GAME_OVER), to)
    assert MarkerKey.of_round(first, EMAIL).text == "g:0:1:round2.email"
    assert MarkerKey.of(first, EMAIL).text == "g:5:1:your_turn.email"
    written = MemoryMarkers()  # sending the round's first "your turn" writes exactly these two
    Delivery(written).deliver(Recording(to), [first], Table(Aggregate("g")))
    assert written.keys == {"g:0:1:round2.email", "g:5:1:your_turn.email"}


def test_the_link_opens_the_game_as_that_seat_and_no_seat_has_no_email() -> None:
    store, game_id, tokens = new_game(("Ann", "Bob"), 4)
    links = Links(InMemoryLinkStore())
    mail = mailer(store, links)
    aggregate = load(store, game_id)
    aggregate = replace(aggregate, contacts=(None, {"email": "bob@example.net"}))
    assert recipient(aggregate, 0, None) is None
    assert mail.deliver(plan(store, game_id, [1]).notices[1], aggregate) == 1
    (email,) = mail.sender.sent
    token = email.text.split("#link=")[1].split()[0]
    session = links.exchange(token, lambda _: load(store, game_id))
    assert session.grant.seat == 1 and session.grant.game_id == game_id
    assert not any(t in email.text or t in email.html for t in tokens)
