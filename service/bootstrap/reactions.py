"""The composition root's reaction side: the channels and every adapter the stream's reactions, the held
notices' release, the re-drive, the e-mail operations, the webhook sender and the live functions use. Each is
built on first use, once per container (a `Services`), from the environment or from what `Given` hands in.

Configuration (template.yaml, sam-local-env.json): the e-mail channel is on with PAGE_BASE_URL and EMAIL_FROM
(or a sender given), push with a platform application (or a sender given), webhooks with WEBHOOK_QUEUE_URL (or
a queue given); EMAIL_DEAD_LETTER_QUEUE_URL names the notices' dead-letter queue; the clocks' scheduler takes
CLOCK_SCHEDULE_GROUP, CLOCK_TICK_ARN, CLOCK_SCHEDULER_ROLE_ARN and optionally CLOCK_DEAD_LETTER_ARN.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from service.bootstrap.core import Core, page_base_url

if TYPE_CHECKING:
    from infra.channels.base import DeadLetters
    from infra.channels.email import EmailSender
    from infra.channels.push import PushSender
    from infra.channels.webhook_queue import WebhookQueue
    from infra.connections import ConnectionStore
    from infra.held import HeldStore
    from infra.held_answers import HeldAnswers
    from infra.inbound_mail import RawMail
    from infra.mail_state import MailState
    from infra.players import PlayerRecord
    from infra.push_endpoints import Endpoints
    from service.clocks.schedule import ClockSchedule
    from service.notices.delivery import Channel
    from service.notices.email.unsubscribe import Unsubscribes
    from service.notices.held import Hold
    from service.notices.push.devices import Devices
    from service.notices.registry import Channels
    from service.notices.webhook.delivery import Sender
    from service.replies.inbound import Inbound
    from service.replies.tokens import ReplyTokens


class Reactions:
    """Everything off the table's stream, over one container's `Services`."""

    def __init__(self, services: Core) -> None:
        self.services, self.given = services, services.given

    def _client(self, name: str) -> Any:
        return self.services.client(name)

    @property
    def in_process(self) -> bool:
        """The stores were handed in (tests, in-process demos): keep the reaction side's state in memory too."""
        return self.given.store is not None

    # --- what the channels keep ------------------------------------------------------------------------------
    @cached_property
    def mail_state(self) -> MailState:
        """Suppressions, unsubscribe grants, send attempts (infra/mail_state.py)."""
        if self.given.mail_state is not None:
            return self.given.mail_state
        if self.in_process:
            from infra.mail_state import MemoryMailState

            return MemoryMailState()
        from infra.mail_state import DynamoMailState
        from service.bootstrap.settings import setting

        return DynamoMailState(self.services.dynamodb, setting("TABLE_NAME"))

    @cached_property
    def dead_letters(self) -> DeadLetters | None:
        """The notices' dead-letter queue, when EMAIL_DEAD_LETTER_QUEUE_URL names one."""
        if self.given.dead_letters is not None:
            return self.given.dead_letters
        url = os.environ.get("EMAIL_DEAD_LETTER_QUEUE_URL", "").strip()
        if not url:
            return None
        from infra.mail_state import SqsDeadLetters

        return SqsDeadLetters(self.services.sqs, url)

    @cached_property
    def unsubscribes(self) -> Unsubscribes:
        from service.notices.email.unsubscribe import Unsubscribes

        return Unsubscribes(self.mail_state, self.services.player_store)

    @cached_property
    def held_store(self) -> HeldStore:
        if self.given.held_store is not None:
            return self.given.held_store
        from infra.players import InMemoryPlayerStore

        if isinstance(self.services.player_store, InMemoryPlayerStore):
            from infra.held import MemoryHeldStore

            return MemoryHeldStore()
        from infra.held import DynamoHeldStore
        from service.bootstrap.settings import setting

        return DynamoHeldStore(self.services.dynamodb, setting("TABLE_NAME"))

    @cached_property
    def hold(self) -> Hold:
        """Quiet hours, judged by the given wall clock or the service's (the local server's test clock moves it)."""
        from service.clock import now_epoch
        from service.notices.held import Hold

        clock = self.given.wall_clock
        return Hold(self.services.player_store, self.held_store, clock if clock is not None else now_epoch)

    # --- the channels ----------------------------------------------------------------------------------------
    @cached_property
    def email_sender(self) -> EmailSender | None:
        """The e-mail sender when the channel is configured (the outbox's confirmation e-mails use it too)."""
        if not page_base_url():
            return None
        if self.given.email_sender is not None:
            return self.given.email_sender
        if not os.environ.get("EMAIL_FROM"):
            return None
        from infra.channels.email import SesEmailSender

        return SesEmailSender(self._client("sesv2"), os.environ["EMAIL_FROM"], os.environ.get("SES_CONFIGURATION_SET"))

    # --- replies (service/bootstrap/replies.py) -------------------------------------------------------------
    @cached_property
    def reply_tokens(self) -> ReplyTokens | None:
        """Reply addresses (service/replies/tokens.py), when REPLY_DOMAIN names where replies are received."""
        from service.bootstrap.replies import reply_tokens

        return reply_tokens(self.services.link_store)

    @cached_property
    def inbound(self) -> Inbound | None:
        """Replies taken in (service/replies/inbound.py): with REPLY_DOMAIN and an e-mail sender for the answers."""
        from service.bootstrap.replies import inbound

        tokens, sender, services = self.reply_tokens, self.email_sender, self.services
        if tokens is None or sender is None:
            return None
        return inbound(self.given, tokens, sender, services.games, services.store, services.player_store,
                       services.markers, services.limiter, self.held_answers)

    @cached_property
    def held_answers(self) -> HeldAnswers:
        """Answers to replies held for the seat's next e-mail (service/replies/fold.py)."""
        from service.bootstrap.replies import held_answers

        return held_answers(self.services)

    @cached_property
    def raw_mail(self) -> RawMail:
        """Where SES stored received mail (INBOUND_MAIL_BUCKET, INBOUND_MAIL_PREFIX)."""
        from service.bootstrap.replies import raw_mail

        return self.given.raw_mail if self.given.raw_mail is not None else raw_mail(self._client("s3"))

    @cached_property
    def push_sender(self) -> PushSender | None:
        if self.given.push_sender is not None:
            return self.given.push_sender
        from service.notices.push.devices import applications

        if not applications(os.environ):
            return None
        from infra.channels.push import SnsPushSender

        return SnsPushSender(self.services.sns)

    @cached_property
    def webhook_queue(self) -> WebhookQueue | None:
        if self.given.webhook_queue is not None:
            return self.given.webhook_queue
        url = os.environ.get("WEBHOOK_QUEUE_URL", "").strip()
        if not url:
            return None
        from infra.channels.webhook_queue import SqsWebhookQueue

        return SqsWebhookQueue(self.services.sqs, url)

    @cached_property
    def channels(self) -> Channels:
        """Every configured channel, in the order they are tried: topic, e-mail, push, webhook."""
        from service.notices.delivery import Delivery
        from service.notices.registry import Channels
        from service.notices.topic import TopicChannel

        found: list[Channel] = [TopicChannel(self.services.publisher)]
        if self.email_sender is not None:
            from service.notices.email.channel import EmailChannel

            found.append(EmailChannel(self.email_sender, self.mail_state, self.unsubscribes, replies=self.reply_tokens,
                                      answers=self.held_answers if self.reply_tokens is not None else None,
                                      looks=self.services.looks))
        if self.push_sender is not None:
            from service.notices.push.channel import PushChannel

            found.append(PushChannel(self.push_sender, self.prune))
        if self.webhook_queue is not None:
            from service.notices.webhook.channel import WebhookChannel

            found.append(WebhookChannel(self.webhook_queue))
        delivery = Delivery(self.services.markers, self.hold, self.mail_state, self.dead_letters)
        return Channels(found, delivery, self.services.store.commits, self.services.player_store,
                        self.services.links, page_base_url())

    def without_hold(self) -> Channels:
        """The channels for a re-drive: sent now or left queued, never held nor dead-lettered again."""
        from dataclasses import replace

        from service.notices.delivery import Delivery

        channels = self.channels
        return replace(channels, delivery=Delivery(channels.delivery.markers, state=self.mail_state))

    # --- push devices ----------------------------------------------------------------------------------------
    @cached_property
    def endpoints(self) -> Endpoints:
        if self.given.endpoints is not None:
            return self.given.endpoints
        from infra.push_endpoints import SnsEndpoints

        return SnsEndpoints(self.services.sns)

    @cached_property
    def devices(self) -> Devices:
        """A player's push devices (the API's routes; pruning by the push channel)."""
        from service.notices.push.devices import Devices, applications

        write: Callable[[PlayerRecord], None] | None = None
        from infra.players.dynamodb import DynamoPlayerStore

        store = self.services.player_store
        if isinstance(store, DynamoPlayerStore):  # the narrow update the notifier is granted
            from infra.players.devices import DynamoDeviceWriter

            write = DynamoDeviceWriter(store.client, store.table)
        return Devices(store, self.services.players.authenticate, self.endpoints, applications(os.environ),
                       prune_write=write)

    def prune(self, player_id: str, endpoint_arn: str) -> None:
        """Drop a gone endpoint's device from its player (the push channel deleted the endpoint already)."""
        self.devices.prune(player_id, endpoint_arn)

    # --- clocks ----------------------------------------------------------------------------------------------
    @cached_property
    def clock_schedule(self) -> ClockSchedule:
        from service.clocks.schedule import ClockSchedule

        index, schedules = self.given.clock_index, self.given.schedules
        if index is None:
            from infra.schedules.index import DynamoClockIndex

            index = DynamoClockIndex.from_env(self.services.dynamodb)
        if schedules is None:
            from infra.schedules.eventbridge import EventBridgeSchedules
            from service.bootstrap.settings import setting
            from service.clock import now_epoch

            schedules = EventBridgeSchedules(self._client("scheduler"), setting("CLOCK_SCHEDULE_GROUP"),
                                             setting("CLOCK_TICK_ARN"), setting("CLOCK_SCHEDULER_ROLE_ARN"),
                                             os.environ.get("CLOCK_DEAD_LETTER_ARN") or None, now_epoch)
        return ClockSchedule(index, schedules)

    # --- webhooks' sender ------------------------------------------------------------------------------------
    @cached_property
    def webhook_sender(self) -> Sender:
        """The webhook queue's consumer (functions/webhook_sender.py): sign, POST, retry, give up."""
        if self.given.webhook_sender is not None:
            return self.given.webhook_sender
        from service.bootstrap.webhooks import webhook_sender

        return webhook_sender(self.services)

    # --- live updates ----------------------------------------------------------------------------------------
    @cached_property
    def connections(self) -> ConnectionStore:
        if self.given.connections is not None:
            return self.given.connections
        from infra.connections.dynamodb import DynamoConnectionStore

        return DynamoConnectionStore.from_env(self.services.dynamodb)

    @cached_property
    def management(self) -> Any:
        """The management API of the stage the connections are on (LIVE_ENDPOINT: its https URL; locally the
        local server's emulation), bounded by the invocation's time like the other clients."""
        if self.given.management is not None:
            return self.given.management
        endpoint = os.environ.get("LIVE_ENDPOINT")
        if not endpoint:
            raise RuntimeError("LIVE_ENDPOINT is not set")
        return self.services.client("apigatewaymanagementapi", endpoint_url=endpoint)
