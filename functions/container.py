"""What is the Lambda container's and the invocation's: this container's `Services` (the composition root,
service/bootstrap/), built once per cold start on first use, never at import; the running invocation's clock;
the end of the init phase.

Tests (and the local server) hand in their fakes as one `Given` with `install(...)`; `reset()` forgets them.
Clients are built once but bounded per invocation: `bounded(handler)` lets their calls see the running
invocation's remaining time (infra/budget.py), so a slow AWS call ends in time for the handler to answer.
"""

from __future__ import annotations

import functools
import gc
import importlib
import math
import os
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
    from infra.channels.base import Markers, Publisher
    from infra.limits import Limiter
    from infra.my_games import MyGamesStore
    from service.bootstrap.reactions import Reactions
    from service.links import Links
    from service.lobbies.service import Lobbies
    from service.looks import Looks
    from service.my_games import MyGames
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
        _services = build()
    return _services


def games() -> Games:
    """The application service: load, create, decide and append, history."""
    return services().games


def store() -> EventStore:
    return services().store


def rng() -> Rng | None:
    """The given chance (tests), or None: every game fair (service/fairness/)."""
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


def reactions() -> Reactions:
    """The reaction side: channels, e-mail operations, clocks' schedules, live updates."""
    return services().reactions


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


def looks() -> Looks:
    """The seats' last looks: recorded when a seat reads its view or acts, read by its catch-up."""
    return services().looks


def install(given: Given) -> None:
    """Use what `given` holds instead of building it from the environment (tests, in-process runs); everything
    built so far is forgotten and built again on first use."""
    global _given, _services
    _given, _services = given, None


def given() -> Given:
    """What was handed in (a test adds a fake with `install(replace(given(), ...))`)."""
    return _given


def build(given: Given | None = None) -> Services:
    """A container's services over `given` (none: the one installed), as `services()` builds them."""
    from functions.observability import count

    return Services(given if given is not None else _given, time_left,
                    on_conflict=lambda: count("ConcurrencyConflicts"))


def swap(services: Services | None) -> Services | None:
    """Make `services` this container's (None: built anew on first use); answers the ones it replaces. A host
    that runs several functions in one process (the local server, the benches) gives each its own, as Lambda
    gives each function containers of its own: what one function built from its environment is its alone."""
    global _services
    previous, _services = _services, services
    return previous


def reset() -> None:
    """Forget everything built and given so far: the next call builds from the environment again."""
    global _given, _services
    _given, _services = Given(), None
