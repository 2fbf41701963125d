"""The push channel and the quiet-hours hold as this container builds them (for the notifier and the release
function), each on first use, never at import. Push is on when a platform application is configured (or a
sender was handed in); the hold reads the held-notices store only when a player is in quiet hours."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from functions import container
from service.clock import now_epoch

if TYPE_CHECKING:
    from infra.channels.push import PushSender
    from infra.held import HeldNotice, HeldStore
    from infra.players import PlayerRecord
    from service.games.repository import Aggregate
    from service.notices.held import Hold
    from service.notices.plan import Notice
    from service.notices.push.plan import Pusher

_sender: PushSender | None = None
_held: HeldStore | None = None
_built_for: object | None = None  # the player store `_held` was built next to; None: handed in (use_held_store)
_clock: Callable[[], float] | None = None  # None: the service's clock (service/clock.py), as the game's time


def use_push_sender(sender: PushSender | None) -> None:
    """Push through `sender` (tests, the local server); None: through SNS again, built on first use."""
    global _sender
    _sender = sender


def use_held_store(store: HeldStore | None) -> None:
    global _held, _built_for
    _held, _built_for = store, None


def use_clock(clock: Callable[[], float] | None) -> None:
    """The wall clock quiet hours are judged by (tests); None: the service's (the local server's test clock
    moves it, so quiet hours end when the games' clocks say so)."""
    global _clock
    _clock = clock


def push_on() -> bool:
    from service.notices.push.devices import applications

    return _sender is not None or bool(applications(os.environ))


def push_sender() -> PushSender:
    global _sender
    if _sender is None:
        from infra.channels.push import SnsPushSender

        _sender = SnsPushSender(container.sns())
    return _sender


class _LazyHeld:
    """The held-notices store, built when a notice is first held (most invocations hold none)."""

    def _store(self) -> HeldStore:
        global _held, _built_for
        players = container.services().player_store
        if _held is None or (_built_for is not None and _built_for is not players):
            from infra.held import DynamoHeldStore, MemoryHeldStore
            from infra.players import InMemoryPlayerStore

            # Players in memory (tests, in-process demos): their held notices too, in this process. Built for
            # the container's services of now: a container rebuilt (another table, another world) rebuilds it.
            _held = MemoryHeldStore() if isinstance(players, InMemoryPlayerStore) \
                else DynamoHeldStore(container.dynamodb(), os.environ["TABLE_NAME"])
            _built_for = players
        return _held

    def hold(self, held: HeldNotice) -> None:
        self._store().hold(held)

    def due(self, now: str, limit: int) -> list[HeldNotice]:
        return self._store().due(now, limit)

    def release(self, held: HeldNotice) -> None:
        self._store().release(held)


def hold() -> Hold:
    from service.notices.held import Hold

    return Hold(container.services().player_store, _LazyHeld(), lambda: (_clock or now_epoch)())


def prune(player_id: str, endpoint_arn: str) -> None:
    """Drop a gone endpoint's device from its player: on DynamoDB by the narrow update the notifier is granted."""
    from infra.players.dynamodb import DynamoPlayerStore
    from service.notices.push.devices import Devices, applications

    services = container.services()
    store = services.player_store
    write: Callable[[PlayerRecord], None] | None = None
    if isinstance(store, DynamoPlayerStore):
        from infra.players.devices import DynamoDeviceWriter

        write = DynamoDeviceWriter(store.client, store.table)
    Devices(store, services.players.authenticate, _NoEndpoints(), applications(os.environ),
            prune_write=write).prune(player_id, endpoint_arn)


class _NoEndpoints:
    """Pruning makes and deletes no endpoint through the devices service (the planner deleted it already)."""

    def create(self, application_arn: str, token: str, user_data: str) -> str:
        raise NotImplementedError

    def delete(self, endpoint_arn: str) -> None:
        raise NotImplementedError


def pusher(hold_with: Hold | None = None) -> Pusher | None:
    """The push channel, when on; None: no pushes."""
    if not push_on():
        return None
    from functions.mail import wiring
    from service.notices.push.plan import Pusher

    return Pusher(push_sender(), container.markers(), container.services().player_store, prune,
                  hold_with if hold_with is not None else hold(), state=wiring.mail_state(),
                  dead_letters=wiring.dead_letters())


def send_pushes(notices: list[Notice], newest: Aggregate | None, channel: Any = None) -> int:
    """Push the notices of one game (`newest`: the game now); how many pushes went out."""
    found = channel if channel is not None else pusher()
    if found is None or not notices or newest is None:
        return 0
    sent: int = found.deliver(notices, newest)
    if sent:
        from aws_lambda_powertools.metrics import MetricUnit

        from functions.observability import metrics

        metrics.add_metric(name="PushesSent", unit=MetricUnit.Count, value=sent)
    return sent
