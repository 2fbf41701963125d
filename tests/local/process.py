"""The local server in a child process on a free port, as a user runs it; stopped with SIGINT like Ctrl-C."""

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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cli_serves() -> bool:
    from devtools.cli import parser

    subcommands = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return any("serve" in a.choices for a in subcommands)


def serve_command(port: int) -> list[str]:
    """`python -m devtools.cli serve` once devtools/cli.py registers it, else the same server through infra.local."""
    entry = ["devtools.cli", "serve"] if _cli_serves() else ["infra.local"]
    return [sys.executable, "-m", *entry, "--port", str(port)]


class ServerProcess:
    def __init__(self, *extra: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - outlives __init__, closed by kill()
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        self.process = subprocess.Popen([*serve_command(self.port), *extra], cwd=ROOT, env=env,
                                        stdout=self.output, stderr=subprocess.STDOUT, text=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.text()}")
            try:
                self.get("/_local/health")
                return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError(f"the server did not answer within {timeout} s:\n{self.text()}")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=5) as response:
            return json.loads(response.read())

    def outbox(self) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = self.get("/_local/outbox")
        return entries

    def interrupt(self, timeout: float = 10.0, sig: signal.Signals = signal.SIGINT) -> int:
        """Ctrl-C (or another signal); the exit code. Raises if it does not stop in time."""
        self.process.send_signal(sig)
        return self.process.wait(timeout=timeout)

    def text(self) -> str:
        self.output.seek(0)
        return self.output.read()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.output.close()


def eventually(check: Any, timeout: float = 10.0, every: float = 0.1) -> Any:
    """The first truthy result of check() within the timeout, else its last result."""
    deadline = time.monotonic() + timeout
    result = check()
    while not result and time.monotonic() < deadline:
        time.sleep(every)
        result = check()
    return result
