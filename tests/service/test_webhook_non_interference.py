"""A webhook body carries only what its seat may see: through whole games played at random, every delivery the
notifier queues is its seat's notice (service/notices/plan.py) plus its delivery id and a link, and carries no seat
token, no other seat's goals and no hidden card (the same scan as the SNS notices, tests/service/leaks.py)."""

from __future__ import annotations

import json
import random

import pytest

from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from domain.options import Options, SeatSpec
from infra.channels.webhook_queue import MemoryWebhookQueue
from infra.links import InMemoryLinkStore
from infra.players import InMemoryPlayerStore
from infra.store import InMemoryEventStore
from service.games.pipeline import create_game, handle
from service.links import Links
from service.notices.plan import plan
from service.notices.webhook.channel import WebhookChannel, delivery_id
from service.players.service import Changes, Players
from tests.service.channels_support import line
from tests.service.leaks import Secrets, assert_no_leak
from tests.service.shadow import Shadow


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (3, 4)])
def test_every_webhook_body_is_its_seats_notice_and_leaks_nothing(seats: int, seed: int) -> None:
    rng, store, players = random.Random(seed), InMemoryEventStore(), InMemoryPlayerStore()
    service = Players(players)
    ids = []
    for i in range(seats):
        created = service.create(f"P{i}")
        service.update(created.key, Changes(webhook_url=f"https://hooks.example.org/{i}"), "https://api.example")
        ids.append(created.record.player_id)
    game = create_game(store, [SeatSpec(name=f"P{i}") for i in range(seats)], Options(flight="A"),
                       rng=random.Random(seed), players=ids)
    game_id, tokens = game.aggregate.game_id, list(game.tokens)
    queue = MemoryWebhookQueue()
    hooks = line(WebhookChannel(queue), read=store.commits, players=players, links=Links(InMemoryLinkStore()),
                 base="https://play.example")
    shadow = Shadow(store, game_id)
    secrets = Secrets.of(shadow.events, tokens)
    version, checked = 1, 0
    for _ in range(3000):
        planned = plan(store, game_id, [version])
        assert planned.newest is not None
        hooks.deliver(planned.notices[version], planned.newest)
        shadow.advance()
        told = {n.seat: n for n in planned.notices[version]}
        for message in queue.take():
            body, seat = message["body"], message["body"]["seat"]
            notice = told[seat]
            assert message["player_id"] == ids[seat] and message["delivery"] == delivery_id(notice)
            assert {k: v for k, v in body.items() if k not in ("delivery", "link")} == notice.message()
            assert body["link"].startswith(f"https://play.example/play/{game_id}#link=l~")
            assert_no_leak(json.dumps(message), secrets.needles(shadow.state, seat), f"webhook {message['delivery']}")
            checked += 1
        state = shadow.state
        if state.phase == "finished":
            break
        seat = rng.choice(to_act(state))
        outcome = handle(store, game_id, seat, concrete(rng.choice(game_actions(state, seat)), rng), None,
                         command_id=f"c{version}", rng=rng)
        version = int(outcome.aggregate.version)
    assert shadow.state.phase == "finished" and checked > 10
