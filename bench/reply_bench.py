"""Play by e-mail: what an e-mail-only seat receives per accepted reply, and the inbound service's CPU per reply.

Three players with confirmed addresses play whole games only by replying (in memory, through the composition
root: service/replies/inbound.py for each reply, and after it the notifier's own planning and delivery of the
commits it wrote, on the same e-mail channel and markers). Each reply is written as a mail client writes it (the
words of the first listed choice that plays the game on, above a quoted original and a signature, sent to the
address the seat's newest e-mail gave it), so every e-mail a seat receives is counted: the answers and the turn
notices after the game's first ones (`emails_per_move_by_email`; an answer held for the seat's next e-mail is
said by it, docs/adr/0030-folded-answers.md, and what is still held at the end is sent alone), and the CPU of
`Inbound.receive` (parsing the mail, the checks, reading the lines, the commands, the answer).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import time
from email.message import EmailMessage
from typing import Any

from bench.report import emit, spread
from domain.commands import ANYTIME
from domain.legal import to_act
from domain.options import Options, SeatSpec
from infra.auth import new_token, token_hash
from infra.channels.email import MemoryEmailSender
from infra.channels.memory import MemoryMarkers, Outbox
from infra.limits import MemoryLimiter
from infra.links import InMemoryLinkStore
from infra.players import InMemoryPlayerStore, PlayerRecord
from infra.store import InMemoryEventStore
from service.bootstrap import Given, Services
from service.games.pipeline import create_game
from service.replies.fold import fold_seconds, release_due
from service.replies.inbound import Verdicts
from service.replies.words import choices
from service.times import iso_seconds

FULL = os.environ.get("BENCH_FULL") == "1"
GAMES = 4 if FULL else 1
PLAYERS = 3
REPLIES = 3000  # a bound only: a game ends long before
COLD_RUNS = 11 if FULL else 5
DOMAIN = "reply.example.org"
PASS = Verdicts(spf="PASS", dkim="PASS", spam="PASS", virus="PASS")


def _reply(sender: str, to: str, words: str, number: int, quoted: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: Your turn"
    message["Message-ID"] = f"<r{number}@mail.example.net>"
    original = "\n".join(f"> {line}" for line in quoted.splitlines()[:40])
    message.set_content(f"{words}\n\nCheers\n-- \nsent from a phone\n\nOn Mon, someone wrote:\n{original}\n")
    return message.as_bytes()


def one_game(seed: int) -> dict[str, Any]:
    ids = [f"p{chr(65 + i) * 16}" for i in range(PLAYERS)]
    addresses = [f"seat{i}@example.net" for i in range(PLAYERS)]
    store, players = InMemoryEventStore(), InMemoryPlayerStore()
    for player_id, address in zip(ids, addresses, strict=True):
        players.create(PlayerRecord(player_id, "0" * 64, player_id[1], "UTC", "t", "t", email=address,
                                    email_confirmed=True, email_every_turn=True))
    tokens = [new_token() for _ in ids]
    rng = random.Random(seed)
    game_id = create_game(store, [SeatSpec(name=f"P{i}") for i in range(PLAYERS)], Options(flight="A"), rng=rng,
                          token_hashes=[token_hash(t) for t in tokens], players=ids).aggregate.game_id
    sender = MemoryEmailSender()
    services = Services(Given(store=store, rng=rng, player_store=players, link_store=InMemoryLinkStore(),
                              markers=MemoryMarkers(), limiter=MemoryLimiter(), email_sender=sender,
                              publisher=Outbox()))
    inbound, channels = services.reactions.inbound, services.reactions.channels
    assert inbound is not None
    told, accepted, cpu = 1, 0, []

    def notify() -> None:  # what the notifier does with the commits since the last call
        nonlocal told
        newest = services.games.load(game_id)
        planned = services.games.plan(game_id, set(range(told, newest.version + 1)), channels.history)
        told = newest.version + 1
        table = channels.table(newest, planned)
        for version in sorted(planned.notices):
            channels.deliver(planned.notices[version], table)

    notify()
    at_start = len(sender.sent)  # the game's first turn notices: no reply's
    for number in range(REPLIES):
        game = services.games.load(game_id)
        if game.state.phase == "finished":
            break
        seat = rng.choice(to_act(game.state))
        newest = next(e for e in reversed(sender.sent) if e.to == addresses[seat] and e.reply_to)
        listed = [c for c in choices(game.state, seat) if c.action.get("type") not in ANYTIME]
        raw = _reply(addresses[seat], newest.reply_to or "", rng.choice(listed).words, number, newest.text)
        started = time.process_time()
        outcome = inbound.receive(raw, PASS)
        cpu.append(time.process_time() - started)
        moved = services.games.load(game_id).version > game.version
        assert outcome in ("answered", "held") and moved, (outcome, seat)  # the listed words played
        accepted += 1
        notify()
    # What is still held when the game is over (no e-mail left to carry it) goes alone, as the release sends it.
    later = iso_seconds(time.time() + 2 * fold_seconds() + 60)
    alone = release_due(services.reactions.held_answers, inbound.send_alone, later, 1000)
    received = sum(1 for e in sender.sent[at_start:] if e.to in addresses)
    answers = sum(1 for e in sender.sent if e.in_reply_to)
    return {"accepted": accepted, "received": received, "answers": answers, "cpu": cpu, "at_start": at_start,
            "alone": alone, "finished": services.games.load(game_id).state.phase == "finished"}


def _import_cpu(module: str) -> float:
    """CPU (user+sys) of a fresh process importing `module` (its init, as a cold container runs it)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    environment = {**os.environ, "AWS_DEFAULT_REGION": "eu-west-1", "TABLE_NAME": "bench-games"}
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True, env=environment)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cold() -> dict[str, list[float]]:
    """The inbound function's init against a command function's, alternating (this venv, not the artifact)."""
    found: dict[str, list[float]] = {"inbound": [], "command": []}
    for _ in range(COLD_RUNS):
        found["inbound"].append(_import_cpu("functions.mail.inbound"))
        found["command"].append(_import_cpu("functions.commands.buy"))
    return found


def run() -> None:
    # Replies and e-mail on; no rate limit on replies (a whole game is hundreds of them within the hour).
    settings = {"REPLY_DOMAIN": DOMAIN, "PAGE_BASE_URL": "https://play.example", "LIMIT_REPLIES_PER_PLAYER_HOUR": "0",
                "REPLY_FOLD_SECONDS": "300"}
    before = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)
    try:
        games = [one_game(seed) for seed in range(GAMES)]
    finally:
        for name, value in before.items():
            if value is None:
                del os.environ[name]
            else:
                os.environ[name] = value
    accepted = sum(g["accepted"] for g in games)
    received = sum(g["received"] for g in games)
    cpu = [c * 1000 for g in games for c in g["cpu"]]
    emit("emails_per_move_by_email", round(received / accepted, 3), "e-mails", target="<= 1", games=GAMES,
         players=PLAYERS, accepted_replies=accepted, emails_received=received,
         in_reply_to=sum(g["answers"] for g in games), sent_alone=sum(g["alone"] for g in games),
         first_notices=sum(g["at_start"] for g in games), finished=all(g["finished"] for g in games),
         counted="every e-mail the seats received after the game's first turn notices: answers, turn notices "
                 "(saying the answers held for them: ADR 30), game over, answers sent alone by the release")
    emit("inbound_cpu_per_reply_ms", round(statistics.median(cpu), 2), "ms", **spread(cpu), replies=len(cpu),
         path="Inbound.receive in process, warm: parse, checks, read, command pipeline, answer (fakes for AWS)")
    init = cold()
    ratios = [i / c for i, c in zip(init["inbound"], init["command"], strict=True)]
    emit("inbound_init_ratio", round(statistics.median(ratios), 3), "x", **spread(ratios),
         inbound_ms=spread(init["inbound"], 1000, 1), command_ms=spread(init["command"], 1000, 1), runs=COLD_RUNS,
         path="CPU of a fresh process importing functions.mail.inbound / functions.commands.buy, paired (dev venv)")
