"""The command lines the README tour needs for two machines, against the real handlers in process: the invite
link passed on in a file (`invite --link-file`, `join --link-file`), bots that also play another machine's seat
(`bots --also`), and `distilled undo` and `distilled resign` in a game played to its end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.client.lobbies import parse_invite
from tests.local.cli_gateway import Cli, cli_world


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    monkeypatch.chdir(tmp_path)
    yield from cli_world(monkeypatch, tmp_path, 5)


def shown(cli: Cli, args: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(cli.ok(f"distilled show --json {args}"))
    return answer


def meet(cli: Cli) -> str:
    cli.ok("distilled player create Ada")
    cli.ok("distilled player create Grace --state-file grace.json")
    printed = cli.ok("distilled invite --seats 2 --bot Linus --link-file invite.txt")
    link = Path("invite.txt").read_text()
    assert Path("invite.txt").stat().st_mode & 0o077 == 0  # the invite code is a secret: this user's only
    assert link.endswith("\n") and link.strip() in printed.splitlines()[-1]
    assert "the game has started" in cli.ok("distilled join --link-file invite.txt --state-file grace.json")
    cli.ok("distilled lobby")
    return parse_invite(link.strip())[1]


def test_the_invite_link_is_passed_on_in_a_file_and_joined_from_it(cli: Cli) -> None:
    game_id = meet(cli)
    assert shown(cli, "--state-file grace.json")["seat"] == 1 and shown(cli, "--seat 0")["seat"] == 0
    for line in ("distilled join --state-file grace.json",
                 "distilled join --link-file invite.txt --state-file grace.json x",
                 "distilled join --link-file nowhere.txt --state-file grace.json"):
        ran = cli(line)
        assert ran.status != 0 and ran.err.count("\n") == 1 and ran.err.startswith("error"), (line, ran.err)
    assert "cannot read the invite link from nowhere.txt" in cli(
        "distilled join --link-file nowhere.txt --state-file grace.json").err
    assert json.loads(Path("grace.json").read_text())["games"][game_id]["seat"] == 1


def test_bots_also_play_the_seats_another_state_file_holds(cli: Cli) -> None:
    meet(cli)
    refused = cli("distilled bots --seats 1,2")
    assert refused.status != 0 and "no saved token for seat(s) [1]" in refused.err
    assert "no state file nowhere.json" in cli("distilled bots --seats 1,2 --also nowhere.json").err
    cli.ok("distilled bots --until market --also grace.json")
    cli.ok("distilled bots --seats 1,2 --also grace.json")
    after = shown(cli, "--seat 0")
    assert after["phase"] == "market" and after["to_act"] == [0]  # only Ada is left to act


def quiet_purchase(view: dict[str, Any]) -> str:
    return next(a["card"] for a in view["legal_actions"]
                if a["type"] == "buy" and a.get("source") == "basic" and a.get("card") != "water")


def test_undo_takes_a_quiet_purchase_back_and_after_a_resignation_the_game_plays_to_its_end(cli: Cli) -> None:
    cli.ok("distilled new Ada Grace Linus")
    cli.ok("distilled bots --until market")
    cli.ok("distilled bots --seats 1,2")
    before = shown(cli, "--seat 0")
    card = quiet_purchase(before["view"])
    assert "take_back" not in [a["type"] for a in before["view"]["legal_actions"]]
    bought = json.loads(cli.ok(f"distilled buy --basic {card} --json"))
    assert "take_back" in [a["type"] for a in bought["view"]["legal_actions"]]
    assert "accepted" in cli.ok("distilled undo --quiet")
    back = shown(cli, "--seat 0")
    assert back["version"] == bought["version"] + 1 and back["view"]["players"] == before["view"]["players"]
    assert "take_back" not in [a["type"] for a in back["view"]["legal_actions"]]
    refused = cli("distilled undo")
    assert refused.status != 0 and refused.err.startswith("error 422"), refused.err  # nothing left to take back

    cli.ok("distilled resign --seat 1 --quiet")
    assert shown(cli, "--spectator")["phase"] != "finished"  # on_resign "bot": a stand-in plays Grace's seat
    cli.ok("distilled bots --seats 0,2")
    final = shown(cli, "--spectator")
    assert final["phase"] == "finished" and 1 not in final["view"]["result"]["winners"]
    assert final["view"]["players"][1]["resigned"] is True
