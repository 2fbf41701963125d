"""`distilled player ...` against the real handlers in process: the key saved (0600) and never printed, the
profile edited, the e-mail confirmed with the code of its message, the key rotated."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools import cli_players
from devtools.client import ApiClient
from functions import container
from infra.players import InMemoryPlayerStore
from tests.local.cli_gateway import Cli, cli_world, transport
from tests.service.gateway import Gateway


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    for cli in cli_world(monkeypatch, tmp_path, 1):
        send = transport(Gateway())
        monkeypatch.setattr(cli_players, "ApiClient", lambda url, send=send: ApiClient(url, transport=send))
        yield cli


def saved(cli: Cli) -> dict[str, Any]:
    player: dict[str, Any] = json.loads(cli.state_file.read_text())["player"]
    return player


def outbox() -> list[dict[str, Any]]:
    store = container.services().player_store
    assert isinstance(store, InMemoryPlayerStore)
    return store.drain_outbox()


def test_a_player_from_creation_to_a_confirmed_address(cli: Cli) -> None:
    out = cli.ok("distilled player create 'Ada Lovelace' --time-zone Europe/Paris")
    player = saved(cli)
    assert player["name"] == "Ada Lovelace" and player["key"].startswith(player["player_id"] + ".")
    assert stat.S_IMODE(cli.state_file.stat().st_mode) == 0o600
    assert player["key"] not in out and "Europe/Paris" in out and "key saved in" in out
    assert "pending" in cli.ok("distilled player set --email ada@example.org --webhook https://hooks.example.org/a")
    [message] = outbox()
    shown = cli.ok("distilled player show")
    assert "ada@example.org (pending" in shown and "https://hooks.example.org/a" in shown
    assert message["code"] not in shown
    assert cli.ok(f"distilled player confirm {message['code']}").strip() == "Your e-mail address is confirmed."
    assert "ada@example.org (confirmed)" in cli.ok("distilled player show")
    assert "webhook    none" in cli.ok("distilled player set --webhook ''")
    as_json = cli.ok("distilled player show --json")
    assert json.loads(as_json)["contacts"]["email"]["confirmed"] and player["key"] not in as_json


def test_rotating_the_key_saves_the_new_one_and_the_old_one_is_refused(cli: Cli) -> None:
    cli.ok("distilled player create Ada")
    old = saved(cli)["key"]
    out = cli.ok("distilled player rotate-key")
    new = saved(cli)["key"]
    assert new != old and new not in out and old not in out
    assert "Ada" in cli.ok("distilled player show")
    refused = Gateway().get("/players/me", token=old)
    assert refused.status == 401


def test_mistakes_are_one_line_and_change_nothing(cli: Cli) -> None:
    no_player = cli("distilled player show")
    assert no_player.status == 1 and "run `distilled player create NAME` first" in no_player.err
    cli.ok("distilled player create Ada")
    again = cli("distilled player create Grace")
    assert again.status == 1 and "--replace" in again.err and saved(cli)["name"] == "Ada"
    bad = cli("distilled player set --time-zone Mars/Olympus")
    assert bad.status == 1 and bad.err.startswith("error 422 unknown_time_zone") and len(bad.err.splitlines()) == 1
    assert cli("distilled player set").status == 2
    wrong = cli("distilled player confirm 0123456789abcdef")
    assert wrong.status == 1 and wrong.err.startswith("error 422 invalid_code")
    assert "revision   1" in cli.ok("distilled player show")
    replaced = cli.ok("distilled player create Grace --replace")
    assert saved(cli)["name"] == "Grace" and "Grace" in replaced


def test_the_email_preferences_from_the_command_line(cli: Cli) -> None:
    cli.ok("distilled player create Ada")
    assert "e-mails    one per round, in en" in cli.ok("distilled player show")
    assert "e-mails    every turn, in ko" in cli.ok("distilled player set --language ko --every-turn on")
    assert "e-mails    off, in ko" in cli.ok("distilled player set --emails off")
    shown = json.loads(cli.ok("distilled player set --emails on --every-turn off --json"))
    assert shown["preferences"] == {"language": "ko", "email_every_turn": False, "email_enabled": True}
