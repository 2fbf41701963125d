"""The composition root's replies (service/replies/): the reply addresses, the inbound service with its reader
of reply words and its answer's renderer, the answers held for a seat's next e-mail, and the received mail's
store. Built by `Reactions`
(service/bootstrap/reactions.py) on first use.

The reader and the renderer are the given ones (tests), else service/replies/words.py and
service/replies/answer_email.py.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from infra.channels.base import Markers
    from infra.channels.email import EmailSender
    from infra.held_answers import HeldAnswers
    from infra.inbound_mail import RawMail
    from infra.limits import Limiter
    from infra.links import LinkStore
    from infra.players import PlayerStore
    from infra.store import EventStore
    from service.bootstrap.core import Core
    from service.bootstrap.given import Given
    from service.games.aggregate import Aggregate
    from service.replies.inbound import Inbound
    from service.replies.port import Reader, RenderAnswer
    from service.replies.run import GamesPort
    from service.replies.tokens import ReplyTokens


def reply_tokens(store: LinkStore) -> ReplyTokens | None:
    from service.replies.tokens import ReplyTokens, reply_domain

    domain = reply_domain()
    return ReplyTokens(store, domain) if domain else None


def inbound(given: Given, tokens: ReplyTokens, sender: EmailSender, games: GamesPort, store: EventStore,
            players: PlayerStore, markers: Markers, limiter: Limiter, held: HeldAnswers) -> Inbound:
    from service.games.repository import replayed
    from service.replies.inbound import Inbound

    def at_version(game_id: str, version: int) -> Aggregate:
        return replayed(game_id, [c for c in store.commits(game_id) if c.version <= version])

    return Inbound(tokens, games, players, markers, limiter, sender,
                   given.reader if given.reader is not None else reader(),
                   given.render_answer if given.render_answer is not None else render_answer(), at_version, held)


def held_answers(services: Core) -> HeldAnswers:
    """Held answers (service/replies/fold.py): in memory beside an in-memory player store (as the quiet hours'
    held notices), else in the games table."""
    from infra.players import InMemoryPlayerStore

    if isinstance(services.player_store, InMemoryPlayerStore):
        from infra.held_answers import MemoryHeldAnswers

        return MemoryHeldAnswers()
    from infra.held_answers import DynamoHeldAnswers
    from service.bootstrap.settings import setting

    return DynamoHeldAnswers(services.dynamodb, setting("TABLE_NAME"))


def reader() -> Reader:
    from service.replies import words

    found: Reader = words  # the module: its `choices` and `read` are the protocol's
    return found


def render_answer() -> RenderAnswer:
    from service.replies.answer_email import email_answer

    return email_answer


def raw_mail(s3: Any) -> RawMail:
    from infra.inbound_mail import S3RawMail
    from service.bootstrap.settings import setting

    return S3RawMail(s3, setting("INBOUND_MAIL_BUCKET"), os.environ.get("INBOUND_MAIL_PREFIX", ""))
