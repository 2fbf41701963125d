"""The `distilled` command line against the real handlers in this process (tests.service's gateway over the
in-memory store), so CLI tests play real games with a seeded deal and no server or socket."""

from __future__ import annotations

import io
import random
import shlex
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, urlsplit
from urllib.request import Request

import pytest

from devtools import cli, cli_games, cli_lobby, cli_play, cli_players
from devtools.client import ApiClient
from functions import container
from tests.service.gateway import Gateway
from tests.service.support import memory_world

URL = "http://127.0.0.1:3000"


def transport(gateway: Gateway) -> Any:
    """An ApiClient transport that hands each request to the gateway instead of the network."""

    def send(request: Request, timeout: float) -> tuple[int, bytes]:
        parts = urlsplit(request.full_url)
        data = request.data
        assert data is None or isinstance(data, bytes)
        headers = {k: v for k, v in request.header_items() if k.lower() != "content-type"}
        with redirect_stdout(io.StringIO()):  # the handlers' metrics lines are the server's output, not the CLI's
            reply = gateway.request(request.get_method(), parts.path, raw=data.decode() if data else None,
                                    headers=headers, query=dict(parse_qsl(parts.query)) or None)
        return reply.status, reply.text.encode()

    return send


@dataclass
class Ran:
    status: int
    out: str
    err: str


@dataclass
class Cli:
    """Runs command lines as a user types them; the saved-games file lives in a temporary directory."""

    state_file: Path

    def __call__(self, line: str) -> Ran:
        words = shlex.split(line)
        assert words[0] == "distilled", line
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = cli.main(words[1:])
        return Ran(status, out.getvalue(), err.getvalue())

    def ok(self, line: str) -> str:
        ran = self(line)
        assert ran.status == 0, f"{line!r} failed ({ran.status}): {ran.err or ran.out}"
        return ran.out


def cli_world(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed: int) -> Iterator[Cli]:
    """A fresh game service whose deals follow `seed`, and a CLI wired to it."""
    world = memory_world(seed)
    next(world)
    gateway = Gateway()
    for module in (cli_play, cli_players, cli_lobby, cli_games):  # every command, the same handlers
        monkeypatch.setattr(module, "ApiClient", lambda url: ApiClient(url, transport=transport(gateway)))
    # The bots' choices follow the seed too (the tour's lines name no --seed).
    bots_rng = random.Random(seed)
    monkeypatch.setattr(cli_play, "random", SimpleNamespace(Random=lambda s=None: random.Random(
        s if s is not None else bots_rng.random())))
    state_file = tmp_path / "games.json"
    monkeypatch.setenv("DISTILLED_STATE_FILE", str(state_file))
    monkeypatch.setenv("DISTILLED_URL", URL)
    try:
        yield Cli(state_file)
    finally:
        next(world, None)
        container.reset()
