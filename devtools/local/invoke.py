"""Lambda invocations in this process: each function's environment, its handler imported once, one at a time."""

from __future__ import annotations

import importlib
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from devtools.local.apigw import LambdaContext
from devtools.local.sam import FunctionSpec

Handler = Callable[[dict[str, Any], Any], Any]


class Invoker:
    """Runs handlers the way Lambda would, serialised: moto is not thread-safe, and neither is os.environ."""

    def __init__(self, specs: dict[str, FunctionSpec], environments: dict[str, dict[str, str]],
                 region: str, stack: str = "distilled-local", after: Callable[[str], None] | None = None) -> None:
        """`after(logical_id)` runs at the end of every invocation, still inside the lock, before its result
        is returned (the local server makes its writes durable there, before any answer can leave)."""
        self.specs, self.environments, self.region, self.stack = specs, environments, region, stack
        self.after = after
        self.lock = threading.RLock()
        self._handlers: dict[str, Handler] = {}
        self.invocations = 0
        self._running = threading.local()  # the function this thread's invocation runs
        # Each function's container services (functions/container.py), as Lambda keeps a container per function:
        # what a function built from its own environment (its channels, say) is never another's.
        self._containers: dict[str, Any] = {}
        self.given: dict[str, Any] = {}  # a function's fakes (functions.container Given), before its first call

    def _enter(self, logical_id: str | None) -> None:
        """The function's environment and container services in place (the lock is held)."""
        if logical_id is None:
            return
        from functions import container  # the handlers' own module (their code root is on sys.path)

        os.environ.update(self.environments.get(logical_id, {}))
        if logical_id not in self._containers:
            self._containers[logical_id] = container.build(self.given.get(logical_id))
        container.swap(self._containers[logical_id])

    def _handler(self, spec: FunctionSpec) -> Handler:
        handler = self._handlers.get(spec.logical_id)
        if handler is None:
            root = str(spec.code_root)
            if root not in sys.path:
                sys.path.insert(0, root)
            # Imported with its own environment in place: handlers build clients and read config at cold start.
            handler = getattr(importlib.import_module(spec.module), spec.attr)
            self._handlers[spec.logical_id] = handler
        return handler

    def invoke(self, logical_id: str, event: dict[str, Any]) -> Any:
        spec = self.specs[logical_id]
        with self.lock:
            os.environ.update(self.environments.get(logical_id, {}))
            outer, self._running.function = getattr(self._running, "function", None), logical_id
            handler = self._handler(spec)
            self._enter(logical_id)
            context = LambdaContext(function_name=f"{self.stack}-{logical_id}", memory_limit_in_mb=spec.memory,
                                    timeout_seconds=spec.timeout, region=self.region)
            self.invocations += 1
            try:
                return handler(event, context)
            finally:
                self._running.function = outer
                self._enter(outer)
                if self.after is not None:
                    self.after(logical_id)

    def pause(self, seconds: float) -> None:
        """A handler's sleep (functions/container.py `pause`), with the lock given up meanwhile: a long poll
        must not hold every other request back. Its function's environment is put back on waking, since the
        invocations that ran meanwhile put theirs."""
        function = getattr(self._running, "function", None)
        if function is None:  # not inside an invocation: nothing to give up
            time.sleep(seconds)
            return
        self.lock.release()
        try:
            time.sleep(seconds)
        finally:
            self.lock.acquire()
            self._enter(function)

    def warm(self) -> None:
        """Import every handler now, so a broken one fails at start rather than on its first request."""
        for logical_id, spec in self.specs.items():
            with self.lock:
                os.environ.update(self.environments.get(logical_id, {}))
                self._handler(spec)


def report_crash(function: str, error: BaseException) -> str:
    """Print the traceback a Lambda log would hold; return the one line a caller may see."""
    print(f"[lambda] {function} raised:", file=sys.stderr)
    traceback.print_exception(error, file=sys.stderr)
    return f"{function} failed: {type(error).__name__}"
