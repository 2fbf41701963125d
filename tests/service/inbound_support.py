"""A two-player game whose seats are played by players with confirmed addresses, the composition root over
fakes, and mails written as mail clients write them: for the inbound replies' tests."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from email.message import EmailMessage
from typing import Any

from domain.legal import legal_actions, to_act
from domain.options import Options, SeatSpec
from domain.records import record
from domain.state import GameState
from infra.auth import new_token, token_hash
from infra.channels.email import MemoryEmailSender
from infra.channels.memory import MemoryMarkers, Outbox
from infra.limits import MemoryLimiter
from infra.links import InMemoryLinkStore
from infra.players import InMemoryPlayerStore, PlayerRecord
from infra.store import InMemoryEventStore
from service.bootstrap import Given, Services
from service.games.pipeline import create_game
from service.replies.inbound import Verdicts

DOMAIN = "reply.example.org"
IDS = ("pAAAAAAAAAAAAAAAA", "pBBBBBBBBBBBBBBBB")
ADDRESSES = ("ann@example.net", "bo@example.com")
PASS = Verdicts(spf="PASS", dkim="PASS", spam="PASS", virus="PASS")


@record(frozen=True)
class Choice:
    number: int
    body: Mapping[str, Any]


@record(frozen=True)
class Command:
    body: Mapping[str, Any]


@record(frozen=True)
class Show:
    pass


@record(frozen=True)
class Unreadable:
    reason: str


class FakeReader:
    """Numbers only: `N` is the N-th concrete legal action; `bad` a command the rules refuse; `show`."""

    def choices(self, state: GameState, seat: int) -> Sequence[Choice]:
        bodies = [a.model_dump(mode="json", exclude={"seat"}) for a in legal_actions(state, seat)]
        return [Choice(i, b) for i, b in enumerate((b for b in bodies if not b.get("open")), start=1)]

    def read(self, line: str, choices: Sequence[Any]) -> Any:
        word = line.strip().lower()
        if word == "show":
            return Show()
        if word == "bad":
            return Command({"type": "buy", "card": "no-such-card"})
        if word.isdigit() and 1 <= int(word) <= len(choices):
            return Command(dict(choices[int(word) - 1].body))
        return Unreadable("not_a_choice")


class World:
    def __init__(self, monkeypatch: Any, seed: int = 3, real_words: bool = False, fold: int = 0) -> None:
        """`real_words`: the composition root's own reader (service/replies/words.py), not FakeReader; `fold`:
        REPLY_FOLD_SECONDS (0: every reply answered at once, as most of these tests look at)."""
        monkeypatch.setenv("REPLY_DOMAIN", DOMAIN)
        monkeypatch.setenv("REPLY_FOLD_SECONDS", str(fold))
        monkeypatch.setenv("PAGE_BASE_URL", "https://play.example.org")
        self.store, self.players = InMemoryEventStore(), InMemoryPlayerStore()
        for player_id, address in zip(IDS, ADDRESSES, strict=True):
            self.players.create(PlayerRecord(player_id, "0" * 64, player_id[1], "UTC", "t", "t", email=address,
                                             email_confirmed=True))
        self.tokens = [new_token() for _ in IDS]
        created = create_game(self.store, [SeatSpec(name="Ann"), SeatSpec(name="Bo")], Options(flight="A"),
                              rng=random.Random(seed), token_hashes=[token_hash(t) for t in self.tokens],
                              players=IDS)
        self.game_id = created.aggregate.game_id
        self.sender, self.markers, self.limiter = MemoryEmailSender(), MemoryMarkers(), MemoryLimiter()
        self.services = Services(Given(store=self.store, rng=random.Random(seed), player_store=self.players,
                                       link_store=InMemoryLinkStore(), markers=self.markers, limiter=self.limiter,
                                       email_sender=self.sender, publisher=Outbox(),
                                       reader=None if real_words else FakeReader()))
        inbound = self.services.reactions.inbound
        assert inbound is not None
        self.inbound = inbound

    @property
    def game(self) -> Any:
        return self.services.games.load(self.game_id)

    def address(self, seat: int = 0) -> str:
        tokens = self.services.reactions.reply_tokens
        assert tokens is not None
        return tokens.address(self.game, seat, self.game.version)

    def acting(self) -> int:
        return to_act(self.game.state)[0]

    def receive(self, raw: bytes, verdicts: Verdicts = PASS) -> str:
        return self.inbound.receive(raw, verdicts)


def plain(sender: str, to: str, body: str, message_id: str = "<m1@mail.example.net>",
          headers: Mapping[str, str] | None = None) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: Your turn"
    message["Message-ID"] = message_id
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message.as_bytes()
