"""The `distilled` commands in a real game (the handlers in process): choosing a distiller, which seat a command
acts as, what `--quiet` says, and where bots stop."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.client import report
from devtools.client.bots import BotRun
from domain.catalogue import DISTILLERS
from tests.local.cli_gateway import Cli, cli_world

SEED = 7  # Ada (seat 0) plays first, and her distillers open no round-start choice


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    for cli in cli_world(monkeypatch, tmp_path, SEED):
        cli.ok("distilled new Ada Grace Linus")
        yield cli


def view(cli: Cli, seat: int) -> dict[str, Any]:
    """A seat's view, asked for with its token so that the saved default seat is not involved."""
    token = json.loads(cli.state_file.read_text())["games"][game(cli)]["tokens"][seat]
    # `--token=T`: a token may begin with "-"
    answer: dict[str, Any] = json.loads(cli.ok(f"distilled show --token={token} --json"))["view"]
    return answer


def game(cli: Cli) -> str:
    return str(json.loads(cli.state_file.read_text())["last_game"])


def mine(cli: Cli, seat: int = 0) -> dict[str, Any]:
    player: dict[str, Any] = view(cli, seat)["players"][seat]
    return player


def test_a_distiller_not_dealt_is_refused_naming_the_two_dealt(cli: Cli) -> None:
    dealt = mine(cli)["dealt_distillers"]
    other = next(d for d in DISTILLERS if d not in dealt)
    refused = cli(f"distilled choose-distiller {other}")
    assert refused.status == 1
    first, second = (f"{DISTILLERS[d].name} ({d})" for d in dealt)
    assert f"Choose one of the two distillers you were dealt: {first} or {second}." in refused.err


def test_a_distiller_is_chosen_by_its_number_in_show(cli: Cli) -> None:
    dealt = mine(cli)["dealt_distillers"]
    shown = cli.ok("distilled show")
    assert f"1 {dealt[0]} ({DISTILLERS[dealt[0]].name})" in shown and f"2 {dealt[1]} (" in shown
    refused = cli("distilled choose-distiller 3")
    assert refused.status == 1 and f"choose 1 ({dealt[0]}) or 2 ({dealt[1]})" in refused.err
    cli.ok("distilled choose-distiller 2")
    assert mine(cli)["distiller"] == dealt[1]


def test_reading_another_seat_does_not_change_the_seat_moves_act_as(cli: Cli) -> None:
    cli.ok("distilled show --seat 1")
    cli.ok("distilled log --seat 2")
    cli.ok("distilled do 0")
    assert mine(cli, 0)["distiller"] and not mine(cli, 1)["distiller"] and not mine(cli, 2)["distiller"]


def test_a_refusal_names_the_seat_it_acted_as(cli: Cli) -> None:
    refused = cli("distilled buy --basic water --seat 1")
    assert refused.status == 1
    assert refused.err == "error 422 wrong_phase (as seat 1 Grace): That is a Market action.\n"
    assert "token" not in refused.err


def test_quiet_says_which_choice_is_still_owed(cli: Cli) -> None:
    cli.ok("distilled do 0")
    cli.ok("distilled bots --seats 1,2")
    bought = cli.ok("distilled buy --basic water --quiet")
    assert bought.startswith("ok: buy accepted (version ") and bought.count("\n") == 1
    assert "you still have to choose: the water bonus" in bought and "distilled reveal" in bought
    revealed = cli.ok("distilled reveal ingredients --quiet")
    assert "distilled buy --revealed" in revealed and "distilled decline" in revealed
    assert cli.ok("distilled decline --quiet").endswith("; now waiting for seat 1 (Grace)\n")


def test_bots_stop_at_the_phase_named(cli: Cli) -> None:
    cli.ok("distilled do 0")
    said = cli.ok("distilled bots --until market")
    now = view(cli, 0)
    assert now["phase"] == "market" and all(p["distiller"] for p in now["players"])
    assert now["to_act"] == [0]
    assert said.endswith("now in the market phase, waiting for seat 0 (Ada)\n")


def test_a_bot_run_never_calls_a_bot_seat_you(capsys: pytest.CaptureFixture[str]) -> None:
    view = {"phase": "market", "to_act": [1], "you": 1, "players": [{"seat": 1, "name": "Grace"}]}
    report.bot_run(BotRun(view, version=3, commands=2), time.perf_counter())
    assert capsys.readouterr().out.endswith("; now in the market phase, waiting for seat 1 (Grace)\n")


def test_show_says_first_what_happened_since_the_seat_last_looked(cli: Cli) -> None:
    first = cli.ok("distilled show --seat 1")
    assert first.startswith("Since the game began:\n- ") and "Game created for Ada, Grace and Linus" in first
    assert cli.ok("distilled show --seat 1").startswith("Nothing new since you last looked.\n")
    cli.ok("distilled do 0")  # Ada chooses a distiller
    chose = next(line for line in cli.ok("distilled log --seat 1").splitlines() if "Ada chose" in line)
    again = cli.ok("distilled show --seat 1")
    title, line = again.splitlines()[:2]
    assert title.startswith("Since you last looked (version 1, ") and title.endswith(" UTC):")
    assert line == "- " + chose.split(maxsplit=1)[1], again  # as Grace's own history says it: no name yet
    assert "secret" in line and DISTILLERS[mine(cli, 0)["distiller"]].name not in again
    assert "Since" not in cli.ok("distilled show --seat 1 --json")  # JSON is the view alone
