"""What a handler needs from its environment, built once per cold start on first use, never at import.

Tests (and the local server) start their fakes first, then call `reset()` or `override(...)`.
Clients are built once but bounded per invocation: `bounded(handler)` lets their calls see the running
invocation's remaining time (infra/budget.py), so a slow AWS call ends in time for the handler to answer.
"""

from __future__ import annotations

import functools
import math
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import boto3

from domain.rng import Rng
from infra.budget import CLIENT_CONFIG, bound
from infra.store import EventStore, StoreError
from infra.store.dynamodb import DynamoEventStore
from service.pipeline import production_rng
from service.repository import Recent

if TYPE_CHECKING:  # only the notifier needs these; command handlers do not import them at cold start
    from service.notices import Markers, Publisher


@dataclass
class _Runtime:
    store: EventStore | None = None
    rng: Rng | None = None
    sns: Any = None
    dynamodb: Any = None
    publisher: Publisher | None = None
    markers: Markers | None = None
    recent: Recent | None = None


_runtime = _Runtime()
# A context variable, not a global: tests run handlers in threads, and each invocation has its own clock.
_context: ContextVar[Any] = ContextVar("lambda_context", default=None)
Handler = TypeVar("Handler", bound=Callable[..., Any])


def time_left() -> float:
    """Seconds until the running invocation times out; unlimited outside one."""
    context = _context.get()
    if context is None:
        return math.inf
    return float(context.get_remaining_time_in_millis()) / 1000


@contextmanager
def invocation(context: Any) -> Iterator[None]:
    token = _context.set(context)
    try:
        yield
    finally:
        _context.reset(token)


def bounded(handler: Handler) -> Handler:
    """A Lambda handler whose AWS calls stop in time for it to answer before its timeout."""

    @functools.wraps(handler)
    def run(event: Any, context: Any) -> Any:
        with invocation(context):
            return handler(event, context)

    return run  # type: ignore[return-value]


def store() -> EventStore:
    if _runtime.store is None:
        _runtime.store = DynamoEventStore.from_env(dynamodb())
    return _runtime.store


def rng() -> Rng:
    if _runtime.rng is None:
        _runtime.rng = production_rng()
    return _runtime.rng


def dynamodb() -> Any:
    if _runtime.dynamodb is None:
        _runtime.dynamodb = bound(boto3.client("dynamodb", config=CLIENT_CONFIG), time_left)
    return _runtime.dynamodb


def sns() -> Any:
    if _runtime.sns is None:
        _runtime.sns = bound(boto3.client("sns", config=CLIENT_CONFIG), time_left)
    return _runtime.sns


def publisher() -> Publisher:
    if _runtime.publisher is None:
        from infra.channels.sns import SnsPublisher

        _runtime.publisher = SnsPublisher(sns(), topic_arn())
    return _runtime.publisher


def markers() -> Markers:
    if _runtime.markers is None:
        from infra.channels.sns import DynamoMarkers

        _runtime.markers = DynamoMarkers(dynamodb(), table_name())
    return _runtime.markers


def recent_games() -> Recent:
    """The games this warm container saw lately: loads then read only the commits written since."""
    if _runtime.recent is None:
        _runtime.recent = Recent()
    return _runtime.recent


def table_name() -> str:
    return _setting("TABLE_NAME")


def topic_arn() -> str:
    return _setting("TOPIC_ARN")


def _setting(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise StoreError(f"{name} is not set")
    return value


def override(*, store: EventStore | None = None, rng: random.Random | Rng | None = None, sns: Any = None,
             dynamodb: Any = None, publisher: Publisher | None = None, markers: Markers | None = None) -> None:
    """Use these instead of building from the environment (tests, in-process runs)."""
    given = {"store": store, "rng": rng, "sns": sns, "dynamodb": dynamodb, "publisher": publisher,
             "markers": markers}
    for name, value in given.items():
        if value is not None:
            setattr(_runtime, name, value)


def reset() -> None:
    """Forget everything built so far: the next call builds from the environment again."""
    global _runtime
    _runtime = _Runtime()
