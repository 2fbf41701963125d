"""Pushes: one per seat per round by default (every turn on opt-in), game over always, once per notice however
often it is handled, to every device of the seat's player, gone endpoints pruned; a push carries the notice's
public fields and the game id only, in the player's language."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

from infra.channels.base import GAME_OVER, YOUR_TURN, MarkerKey, Notice
from infra.channels.memory import MemoryMarkers
from infra.channels.push import APNS, GCM, MemoryPushSender, message
from infra.players import PlayerRecord
from infra.players.memory import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.games.repository import Aggregate, load
from service.notices.delivery import Delivery, Table
from service.notices.plan import plan
from service.notices.push.channel import PUSH, PushChannel
from service.notices.push.devices import Device, Devices, applications, devices, stored
from tests.service.channels_support import Line, line
from tests.service.email_games import moves, new_game

PUBLIC = {"kind", "game_id", "version", "seat", "phase", "round", "dedup_key", "scores", "winners"}


def pid(seat: int) -> str:
    return f"p{seat:016d}"


def endpoint(seat: int, n: int, platform: str = "APNS") -> str:
    return f"arn:aws:sns:eu-west-1:123456789012:endpoint/{platform}/distilled/s{seat}d{n}"


def seated_players(n: int, language: str | None = None, every_turn: bool = False) -> InMemoryPlayerStore:
    players = InMemoryPlayerStore()
    for seat in range(n):
        found = (Device(f"d{seat}a0", "apns", endpoint(seat, 0), "t"),
                 Device(f"d{seat}b1", "fcm", endpoint(seat, 1, GCM), "t"))
        players.create(PlayerRecord(pid(seat), "0" * 64, f"P{seat}", "UTC", "t", "t", language=language,
                                    push_every_turn=every_turn or None, devices=stored(found)))
    return players


def push_channel(players: InMemoryPlayerStore, sender: MemoryPushSender | None = None) -> PushChannel:
    devices_service = Devices(players, lambda _: (_ for _ in ()).throw(AssertionError()), None,  # type: ignore[arg-type]
                              applications({}))
    return PushChannel(sender or MemoryPushSender(), devices_service.prune)


def pusher(players: InMemoryPlayerStore, sender: MemoryPushSender | None = None, **wiring: Any) -> Line:
    """The push channel alone on the delivery loop, as the notifier wires it."""
    return line(push_channel(players, sender), players=players, **wiring)


def seated(aggregate: Aggregate) -> Aggregate:
    return replace(aggregate, players=tuple(pid(s) for s in range(aggregate.state.n)))


def play_and_push(seed: int, push: Line) -> tuple[list[Notice], InMemoryEventStore, str, tuple[str, ...]]:
    store, game_id, tokens = new_game(("Ann", "Bob", "Cy"), seed)
    told: list[Notice] = []
    version = 1

    def tell() -> None:
        nonlocal version
        newest = load(store, game_id)
        for notices in plan(store, game_id, range(version, newest.version + 1)).notices.values():
            told.extend(notices)
            push.deliver(notices, seated(newest))
        version = newest.version + 1

    for _ in moves(store, game_id, random.Random(seed)):
        tell()
    tell()
    return told, store, game_id, tokens


def test_one_push_per_seat_per_round_to_each_device_and_game_over_always() -> None:
    push = pusher(seated_players(3))
    told, _, _, _ = play_and_push(21, push)
    sent = push.sender.sent
    turns = {(n.seat, n.round) for n in told if n.kind == YOUR_TURN}
    assert len([n for n in told if n.kind == YOUR_TURN]) > len(turns)  # some seat had several turns a round
    per_device = Counter((p.endpoint_arn, p.data["round"]) for p in sent if p.data["kind"] == YOUR_TURN)
    assert max(per_device.values()) == 1
    assert len([p for p in sent if p.data["kind"] == YOUR_TURN]) == 2 * len(turns)  # two devices a seat
    over = [p for p in sent if p.data["kind"] == GAME_OVER]
    assert len(over) == 6 and {p.platform for p in over} == {APNS, GCM}


def test_every_turn_is_an_opt_in() -> None:
    push = pusher(seated_players(3, every_turn=True))
    told, _, _, _ = play_and_push(21, push)
    assert len(push.sender.sent) == 2 * len(told)


def test_a_push_carries_only_the_notices_public_fields_and_no_token() -> None:
    push = pusher(seated_players(3))
    told, _, game_id, tokens = play_and_push(8, push)
    for sent in push.sender.sent:
        assert set(sent.data) <= PUBLIC and sent.data["game_id"] == game_id
        text = message(sent)
        assert not any(token in text for token in tokens)
        notice = next(n for n in told if n.version == int(sent.data["version"]) and n.seat == int(sent.data["seat"])
                      and n.kind == sent.data["kind"])
        assert sent.data["phase"] == notice.phase and sent.data["round"] == str(notice.round)
    # Two seats told at one version get the same text: nothing of either seat's own hand is in it.
    first: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for sent in push.sender.sent:
        first.setdefault((sent.data["version"], sent.data["kind"]), set()).add((sent.title, sent.body))
    assert all(len(texts) == 1 for texts in first.values())


def test_the_text_is_in_the_players_language() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    for language, title in (("es", "Te toca"), ("ko", "내 차례"), (None, "Your turn")):
        push = pusher(seated_players(2, language))
        push.deliver(plan(store, game_id, [1]).notices[1], seated(load(store, game_id)))
        titles = {p.title for p in push.sender.sent}
        assert titles == {title}, language


def test_a_notice_handled_twice_pushes_once_and_a_lost_mark_pushes_again() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    push = pusher(seated_players(2))
    notices, aggregate = plan(store, game_id, [1]).notices[1], seated(load(store, game_id))
    first = push.deliver(notices, aggregate)
    assert first == 2 * len(notices) and push.deliver(notices, aggregate) == 0
    push.markers = MemoryMarkers()  # a crash after the send, before the marks: at-least-once
    assert push.deliver(notices, aggregate) == first


def test_a_gone_endpoint_is_deleted_and_its_device_pruned() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    players = seated_players(2)
    sender = MemoryPushSender(gone={endpoint(0, 0)})
    push = pusher(players, sender)
    assert push.deliver([Notice(game_id, 1, 0, "setup", 0, ())], seated(load(store, game_id))) == 1
    assert sender.deleted == [endpoint(0, 0)]
    left = players.get(pid(0))
    assert left is not None and left.revision == 2
    assert [d.endpoint_arn for d in devices(left)] == [endpoint(0, 1, GCM)]
    assert [p.endpoint_arn for p in sender.sent] == [endpoint(0, 1, GCM)]
    assert push.deliver([Notice(game_id, 2, 0, "setup", 0, (), GAME_OVER)], seated(load(store, game_id))) == 1
    assert sender.deleted == [endpoint(0, 0)]  # pruned: never tried again


def test_seats_without_a_player_or_devices_get_no_push() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    push = pusher(InMemoryPlayerStore())
    notices = plan(store, game_id, [1]).notices[1]
    assert push.deliver(notices, load(store, game_id)) == 0  # no player seated
    assert push.deliver(notices, seated(load(store, game_id))) == 0  # players unknown: no devices


def test_coalescing_markers_are_the_pushes_own() -> None:
    device = Device("d1aaaa", "apns", endpoint(1, 0), "t")
    record = PlayerRecord(pid(1), "0" * 64, "P", "UTC", "t", "t", devices=stored((device,)))
    markers = MemoryMarkers()
    first = Notice("g", 5, 1, "market", 2, ("buy",))

    def due(notice: Notice, record: PlayerRecord) -> bool:
        """Whether the loop would push it now (on a copy of the markers: asking marks nothing)."""
        players = InMemoryPlayerStore()
        players.create(record)
        channel = push_channel(players)
        table = Table(Aggregate("g", players=(None, pid(1))), players)
        Delivery(MemoryMarkers(set(markers.keys))).deliver(channel, [notice], table)
        return [p.data["version"] for p in channel.sender.sent] == [str(notice.version)]  # type: ignore[attr-defined]

    assert due(first, record)
    markers.mark(MarkerKey.of_round(first, PUSH))
    markers.mark(MarkerKey.of(first, PUSH))
    assert not due(first, record) and not due(replace(first, version=9), record)
    assert due(replace(first, version=9), replace(record, email_every_turn=True))
    assert not due(first, replace(record, email_every_turn=True))  # its own push went out: never twice
    assert not due(replace(first, version=9), replace(record, email_every_turn=True, push_every_turn=False))
    assert due(replace(first, version=14, round=3), record)
    assert MarkerKey.of_round(first, PUSH).text == "g:0:1:round2.push"
    assert MarkerKey.of(first, PUSH).text == "g:5:1:your_turn.push"
    assert MarkerKey.of(first, PUSH).sort_key == "V#0000000005#S1#your_turn.push"
    players = InMemoryPlayerStore()  # sending the round's first "your turn" writes exactly these two markers
    players.create(record)
    push = pusher(players)
    assert push.deliver([first], Aggregate("g", players=(None, pid(1)))) == 1
    assert push.markers.keys == {"g:0:1:round2.push", "g:5:1:your_turn.push"}  # type: ignore[attr-defined]
    assert json.loads(json.dumps(first.message()))["kind"] == YOUR_TURN
    assert json.loads(json.dumps(first.message()))["kind"] == YOUR_TURN
