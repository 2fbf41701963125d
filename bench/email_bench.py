"""E-mail figures from simulated games: how many e-mails a seat gets per round (coalesced: target <= 1), next to
the SNS notices per game, every seat with an e-mail address.

Each game is played by random bots through the service (in memory); after every commit its notices are planned
and delivered as the notifier does (the SNS fake's channel, then the e-mail channel, on one delivery loop with
its markers), so the counts are the channels', not an estimate.
"""

from __future__ import annotations

import random
import secrets
import statistics
from collections import Counter

from bench.report import emit
from devtools.bots import random_bot
from domain import to_act
from domain.options import Options, SeatSpec
from infra.channels.base import GAME_OVER, YOUR_TURN
from infra.channels.email import MemoryEmailSender
from infra.channels.memory import MemoryMarkers, Outbox
from infra.links.memory import InMemoryLinkStore
from infra.store import InMemoryEventStore
from service.games.pipeline import create_game, handle
from service.games.repository import load
from service.links import Links
from service.notices.delivery import Delivery
from service.notices.email.channel import EmailChannel
from service.notices.plan import plan
from service.notices.registry import Channels
from service.notices.topic import TopicChannel

GAMES = 6
PLAYERS = 3
MOVES = 5000  # a bound only: random games end long before


def one_game(seed: int) -> tuple[int, Counter[tuple[int, int]], int, int]:
    """(SNS notices, your-turn e-mails per (seat, round), game-over e-mails, (seat, round)s with a turn)."""
    rng, store = random.Random(seed), InMemoryEventStore()
    seats = [SeatSpec(name=f"P{i}") for i in range(PLAYERS)]
    contacts = [{"email": f"p{i}@example.net"} for i in range(PLAYERS)]
    game_id = create_game(store, seats, Options(flight="A"), contacts, rng=rng).aggregate.game_id
    outbox, sender = Outbox(), MemoryEmailSender()
    channels = Channels([TopicChannel(outbox), EmailChannel(sender)], Delivery(MemoryMarkers()), store.commits,
                        None, Links(InMemoryLinkStore()), "https://play.example")
    turns, told = set(), 1
    for _ in range(MOVES):
        newest = load(store, game_id)
        found = plan(store, game_id, range(told, newest.version + 1), whole=channels.history)
        told = newest.version + 1
        table = channels.table(newest, found)
        for notices in found.notices.values():
            channels.deliver(notices, table)
            turns |= {(n.seat, n.round) for n in notices if n.kind == YOUR_TURN}
        if newest.state.phase == "finished":
            break
        seat = rng.choice(to_act(newest.state))
        handle(store, game_id, seat, random_bot(newest.state, seat, rng), None, command_id=secrets.token_hex(8),
               rng=rng)
    per_seat_round: Counter[tuple[int, int]] = Counter()
    over = 0
    for email in sender.sent:
        seat = int(email.key.split(":")[2])
        if f":{GAME_OVER}" in email.key:
            over += 1
            continue
        sent_in = next(m for m in outbox.messages if m["dedup_key"] == email.key.removesuffix(":email"))
        per_seat_round[(seat, int(sent_in["round"]))] += 1
    return len(outbox.messages), per_seat_round, over, len(turns)


def run() -> None:
    games = [one_game(seed) for seed in range(GAMES)]
    emails = sum(sum(c.values()) for _, c, _, _ in games)
    seat_rounds = sum(turns for *_, turns in games)
    worst = max(max(c.values(), default=0) for _, c, _, _ in games)
    emit("emails_per_seat_round", round(emails / seat_rounds, 3), "e-mails", target="<= 1", worst=worst,
         games=GAMES, players=PLAYERS, seat_rounds_with_a_turn=seat_rounds, your_turn_emails=emails,
         game_over_emails=sum(o for _, _, o, _ in games), bot="random",
         notices_per_game=statistics.mean(n for n, *_ in games),
         emails_per_game=statistics.mean(sum(c.values()) + o for _, c, o, _ in games))
    emit("notices_per_game", statistics.mean(n for n, *_ in games), "notices", games=GAMES, players=PLAYERS,
         channel="SNS, uncoalesced (one per your turn)")
