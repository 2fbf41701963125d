"""The Lambda side of the composition root: this container's `Services` (service/bootstrap.py), built once per
cold start on first use, never at import, and the running invocation's clock.

Tests (and the local server) start their fakes first, then call `reset()` or `override(...)`.
Clients are built once but bounded per invocation: `bounded(handler)` lets their calls see the running
invocation's remaining time (infra/budget.py), so a slow AWS call ends in time for the handler to answer.
"""

from __future__ import annotations

import functools
import gc
import importlib
import math
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from domain.rng import Rng
from infra.store import EventStore
from service.bootstrap import Games, Given, Services
from service.games.recent import Recent

if TYPE_CHECKING:  # only the notifier needs these; command handlers do not import them at cold start
    from infra.limits import Limiter
    from infra.links import LinkStore
    from infra.lobbies import LobbyStore
    from infra.my_games import MyGamesStore
    from infra.players import PlayerStore
    from service.links import Links
    from service.lobbies.service import Lobbies
    from service.my_games import MyGames
    from service.notices.plan import Markers, Publisher
    from service.players.service import Players


_given = Given()
_services: Services | None = None
# A context variable, not a global: tests run handlers in threads, and each invocation has its own clock.
_context: ContextVar[Any] = ContextVar("lambda_context", default=None)
Handler = TypeVar("Handler", bound=Callable[..., Any])


def initialized(*first_use: str) -> None:
    """The end of a Lambda container's init phase (each handler module's last line calls it).

    The import ran without garbage collection (functions/__init__.py). What it built lives as long as the
    container: frozen, so no later collection walks it again, and collection back on for the requests. Only in
    Lambda, where a container imports once; a test process imports handlers among other work and keeps its
    collector as is.

    `first_use`: modules the first request imports anyway (the DynamoDB store, with boto3): imported here, still
    without collections, and frozen with the rest, rather than by the first request, whose collections would
    walk all of boto3 (docs/adr/0022-init-without-garbage-collection.md has the figures).
    """
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        for module in first_use:
            importlib.import_module(module)
        gc.freeze()
        gc.enable()


_pause: Callable[[float], None] = time.sleep


def pause(seconds: float) -> None:
    """Sleep in a handler (a long poll's wait). A hook, not `time.sleep`: the local server runs every invocation
    under one lock (moto is not thread-safe), and its pause gives that lock up while sleeping."""
    _pause(seconds)


def set_pause(sleep: Callable[[float], None]) -> Callable[[float], None]:
    """Install how `pause` sleeps; answers the one it replaces. Not undone by `reset()`: it belongs to the host
    the handlers run in, not to the services."""
    global _pause
    previous, _pause = _pause, sleep
    return previous


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


def services() -> Services:
    global _services
    if _services is None:
        from functions.observability import count

        _services = Services(_given, time_left, on_conflict=lambda: count("ConcurrencyConflicts"))
    return _services


def games() -> Games:
    """The application service: load, create, decide and append, history."""
    return services().games


def store() -> EventStore:
    return services().store


def rng() -> Rng:
    return services().rng


def dynamodb() -> Any:
    return services().dynamodb


def sns() -> Any:
    return services().sns


def publisher() -> Publisher:
    return services().publisher


def markers() -> Markers:
    return services().markers


def recent_games() -> Recent:
    return services().recent


def players() -> Players:
    """The players' application service: create, authenticate, profile, key rotation, e-mail confirmation."""
    return services().players


def lobbies() -> Lobbies:
    """The lobbies' application service: create, join, seat changes, start."""
    return services().lobbies


def my_games() -> MyGames:
    """Each player's games, awaiting its move first."""
    return services().my_games


def my_games_store() -> MyGamesStore:
    return services().my_games_store


def limiter() -> Limiter:
    """The limits on creating players and games."""
    return services().limiter


def links() -> Links:
    """Link tokens and sessions: mint, exchange, the seat of a session."""
    return services().links


def override(*, store: EventStore | None = None, rng: random.Random | Rng | None = None, sns: Any = None,
             dynamodb: Any = None, publisher: Publisher | None = None, markers: Markers | None = None,
             player_store: PlayerStore | None = None, lobby_store: LobbyStore | None = None,
             my_games_store: MyGamesStore | None = None, limiter: Limiter | None = None,
             link_store: LinkStore | None = None) -> None:
    """Use these instead of building from the environment (tests, in-process runs); the rest is rebuilt."""
    global _services
    given = {"store": store, "rng": rng, "sns": sns, "dynamodb": dynamodb, "publisher": publisher,
             "markers": markers, "player_store": player_store, "lobby_store": lobby_store,
             "my_games_store": my_games_store, "limiter": limiter, "link_store": link_store}
    for name, value in given.items():
        if value is not None:
            setattr(_given, name, value)
    _services = None


def reset() -> None:
    """Forget everything built and given so far: the next call builds from the environment again."""
    global _given, _services
    _given, _services = Given(), None
