"""`distilled new`, `distilled link` and the lobby commands print page links (`<url>/play/<id>#link=<token>`)
against the real handlers in process: each link is a link token of the seat it is printed for, which the page
exchanges for a session of that seat; the seat token never travels in one."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.local.cli_gateway import URL, Cli, cli_world
from tests.service.gateway import Gateway

PAGE = re.compile(r"(\S+/play/(\S+)#link=(\S+))")


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    for cli in cli_world(monkeypatch, tmp_path, 7):
        monkeypatch.chdir(tmp_path)
        yield cli


def links(out: str) -> list[tuple[str, str, str]]:
    return PAGE.findall(out)


def seat_of(link_token: str) -> tuple[str, int]:
    """The game and seat a link opens: as the page does, by exchanging it for a session."""
    started = Gateway().post("/sessions", {"link_token": link_token})
    assert started.status == 201, started.body
    token = started.body["session_token"]
    game_id = started.body["game_id"]
    assert Gateway().get(f"/games/{game_id}", token=token).body["seat"] == started.body["seat"]
    return game_id, int(started.body["seat"])


def test_new_prints_each_seats_page_link_beside_its_token(cli: Cli) -> None:
    out = cli.ok("distilled new Ada Grace")
    saved = json.loads(cli.state_file.read_text())
    game_id = saved["last_game"]
    found = links(out)
    assert [urlsplit(url).netloc for url, _, _ in found] == [urlsplit(URL).netloc] * 2
    assert [g for _, g, _ in found] == [game_id, game_id]
    assert [seat_of(token) for _, _, token in found] == [(game_id, 0), (game_id, 1)]
    lines = out.splitlines()
    for seat, token in enumerate(saved["games"][game_id]["tokens"]):
        row = next(i for i, line in enumerate(lines) if line.startswith(f"  seat {seat} "))
        assert lines[row].endswith(f"token {token}") and token not in lines[row + 1]
        assert PAGE.search(lines[row + 1]) and lines[row + 1].index("page") == lines[row].index("token")


def test_link_prints_a_fresh_link_for_a_saved_seat(cli: Cli) -> None:
    cli.ok("distilled new Ada Grace")
    first, second = links(cli.ok("distilled link --seat 1")), links(cli.ok("distilled link --seat 1"))
    assert len(first) == len(second) == 1 and first[0][2] != second[0][2]
    game_id = json.loads(cli.state_file.read_text())["last_game"]
    assert seat_of(first[0][2]) == seat_of(second[0][2]) == (game_id, 1)
    assert seat_of(links(cli.ok("distilled link"))[0][2]) == (game_id, 0)  # the saved default seat
    minted = json.loads(cli.ok("distilled link --seat 0 --json"))
    assert minted["seat"] == 0 and minted["path"] == f"/play/{game_id}#link={minted['link_token']}"
    refused = cli("distilled link --seat 5")
    assert refused.status != 0 and "no token saved for seat 5" in refused.err


def test_the_lobby_commands_print_the_players_own_link_once_the_game_exists(cli: Cli, tmp_path: Path) -> None:
    grace = f"--state-file {tmp_path / 'grace.json'}"
    cli.ok("distilled player create Ada")
    cli.ok(f"distilled player create Grace {grace}")
    invited = cli.ok("distilled invite --seats 2 --link-file invite.txt")
    assert not links(invited)  # no game yet
    joined = cli.ok(f"distilled join --link-file invite.txt {grace}")
    game_id = json.loads(cli.state_file.read_text())["last_game"]
    (grace_link,) = links(joined)
    assert seat_of(grace_link[2]) == (game_id, 1)
    (ada_link,) = links(cli.ok("distilled lobby"))
    assert seat_of(ada_link[2]) == (game_id, 0)
    keys = [json.loads(f.read_text())["player"]["key"] for f in (cli.state_file, tmp_path / "grace.json")]
    assert not any(key in out for key in keys for out in (joined, invited))
