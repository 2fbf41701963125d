"""What a test (or the local server) hands the composition root (service/bootstrap/): one object of fakes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domain.records import record
from domain.rng import Rng

if TYPE_CHECKING:
    from infra.channels.base import DeadLetters, Markers, Publisher
    from infra.channels.email import EmailSender
    from infra.channels.push import PushSender
    from infra.channels.webhook_queue import WebhookQueue
    from infra.connections import ConnectionStore
    from infra.held import HeldStore
    from infra.inbound_mail import RawMail
    from infra.last_seen import LastSeen
    from infra.limits import Limiter
    from infra.links import LinkStore
    from infra.lobbies import LobbyStore
    from infra.mail_state import MailState
    from infra.my_games import MyGamesStore
    from infra.players import PlayerStore
    from infra.push_endpoints import Endpoints
    from infra.schedules import Schedules
    from infra.schedules.index import ClockIndex
    from infra.seeds import SeedStore
    from infra.store import EventStore
    from service.notices.webhook.delivery import Sender
    from service.replies.port import Reader, RenderAnswer


@record
class Given:
    """What a test (or the local server) hands in; anything left None is built from the environment."""

    store: EventStore | None = None
    rng: Rng | None = None  # None: fair games (service/fairness/); a given rng's games are not
    seeds: SeedStore | None = None  # fair games' seeds; None: beside the given store, else in the games table
    dynamodb: Any = None
    sns: Any = None
    publisher: Publisher | None = None
    markers: Markers | None = None
    player_store: PlayerStore | None = None
    lobby_store: LobbyStore | None = None
    my_games_store: MyGamesStore | None = None
    limiter: Limiter | None = None
    link_store: LinkStore | None = None
    last_seen: LastSeen | None = None  # the seats' last looks; None: beside the given store, else the table
    sqs: Any = None
    # The reaction side's (service/bootstrap/reactions.py): None, built from the environment.
    email_sender: EmailSender | None = None
    push_sender: PushSender | None = None
    endpoints: Endpoints | None = None  # push devices' platform endpoints
    webhook_queue: WebhookQueue | None = None
    webhook_sender: Sender | None = None
    held_store: HeldStore | None = None
    mail_state: MailState | None = None
    dead_letters: DeadLetters | None = None
    schedules: Schedules | None = None
    clock_index: ClockIndex | None = None
    connections: ConnectionStore | None = None
    management: Any = None  # the live stage's API Gateway management client
    # Replies (service/replies/): the reader of reply words and the answer's renderer (None: service/replies/words.py
    # and answer_email.py), and the received mail.
    reader: Reader | None = None
    render_answer: RenderAnswer | None = None
    raw_mail: RawMail | None = None
    wall_clock: Callable[[], float] | None = None  # quiet hours' "now"; None: the service's (service/clock.py)
