"""The local server in a child process on a free port, as a user runs it; stopped with a signal like Ctrl-C.

Nothing here asserts how fast anything is. Every wait is on a condition (the server answers, the process
exits, the outbox holds a message) with a generous limit that only stops a hung test. A slow or busy
machine can stretch every limit: DISTILLED_TEST_TIMEOUT_SCALE=3 triples them.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_SCALE_ENV = "DISTILLED_TEST_TIMEOUT_SCALE"
START_LIMIT = 300.0  # seconds: importing every handler and starting moto on a loaded 2-core machine
STOP_LIMIT = 180.0
WAIT_LIMIT = 120.0

T = TypeVar("T")


def limit(seconds: float) -> float:
    """A wait limit, stretched by DISTILLED_TEST_TIMEOUT_SCALE (a float, default 1)."""
    return seconds * float(os.environ.get(TIMEOUT_SCALE_ENV) or 1)


def starts_server(thing: T) -> T:
    """Tags a fixture helper or class that starts a local server process: tests/conftest.py marks `local` every
    test that uses one (in its body, a fixture, or a helper of either)."""
    thing.starts_local_server = True  # type: ignore[attr-defined]
    return thing


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cli_serves() -> bool:
    from devtools.cli import parser

    subcommands = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return any("serve" in a.choices for a in subcommands)


def serve_command(port: int) -> list[str]:
    """`python -m devtools.cli serve` once devtools/cli.py registers it, else the same server through devtools.local."""
    entry = ["devtools.cli", "serve"] if _cli_serves() else ["devtools.local"]
    return [sys.executable, "-m", *entry, "--port", str(port)]


@starts_server
class ServerProcess:
    def __init__(self, *extra: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - outlives __init__, closed by kill()
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        # Any free port for the SMTP listener (its default, --port + 25, could be another test server's).
        smtp = () if any(a.startswith("--smtp-port") for a in extra) else ("--smtp-port", "0")
        self.process = subprocess.Popen([*serve_command(self.port), *smtp, *extra], cwd=ROOT, env=env,
                                        stdout=self.output, stderr=subprocess.STDOUT, text=True)

    def wait_ready(self, timeout: float | None = None) -> None:
        """Until /_local/health answers (the server is ready), the process dies, or the limit passes."""
        wait = limit(START_LIMIT) if timeout is None else timeout
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.text()}")
            try:
                self.get("/_local/health")
                return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError(f"the server did not answer within {wait} s:\n{self.text()}")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=limit(WAIT_LIMIT)) as response:
            return json.loads(response.read())

    def outbox(self) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = self.get("/_local/outbox")
        return entries

    def interrupt(self, timeout: float | None = None, sig: signal.Signals = signal.SIGINT) -> int:
        """Ctrl-C (or another signal); the exit code. Raises if it has not stopped within the limit."""
        self.process.send_signal(sig)
        return self.process.wait(timeout=limit(STOP_LIMIT) if timeout is None else timeout)

    def kill_hard(self) -> None:
        """kill -9: no handler runs, nothing is flushed or saved on the way out."""
        self.process.kill()
        self.process.wait(timeout=limit(STOP_LIMIT))

    def text(self) -> str:
        self.output.seek(0)
        return self.output.read()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.output.close()


@starts_server
def running_server(*args: str) -> Iterator[ServerProcess]:
    """A server for a fixture: ready before the tests use it, killed after them whatever happened."""
    process = ServerProcess(*args)
    try:
        process.wait_ready()
        yield process
    finally:
        process.kill()


def eventually(check: Any, timeout: float | None = None, every: float = 0.1) -> Any:
    """The first truthy result of check() within the limit, else its last result."""
    deadline = time.monotonic() + (limit(WAIT_LIMIT) if timeout is None else timeout)
    result = check()
    while not result and time.monotonic() < deadline:
        time.sleep(every)
        result = check()
    return result
