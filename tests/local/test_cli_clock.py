"""`--clock` of `distilled new` and `distilled invite` (issue 22): its parser, good values and bad ones (each
with its message), and games and lobbies made with it against the real handlers in process: their options carry
the clock the API documents, read back through the API; a bad value is refused (exit 2) before any request."""

from __future__ import annotations

import argparse
import io
import json
import re
import shlex
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from urllib.request import Request

import pytest

from devtools import cli as command_line
from devtools import cli_games, cli_lobby, cli_play, cli_players
from devtools.client import ApiClient
from devtools.client.clocks import clock_line, duration_text, parse_clock
from devtools.client.lobbies import parse_invite
from tests.local.cli_gateway import Cli, cli_world, transport
from tests.service.gateway import Gateway

T0 = 1_900_000_000.0
HOUR = 3600.0

# --- the parser ---------------------------------------------------------------------------------------------

GOOD = [
    ("24h", {"mode": "per_move", "per_move_hours": 24}),
    ("90m", {"mode": "per_move", "per_move_hours": 1.5}),
    ("3d", {"mode": "per_move", "per_move_hours": 72}),
    ("3d12h", {"mode": "per_move", "per_move_hours": 84}),
    ("1h30m", {"mode": "per_move", "per_move_hours": 1.5}),
    ("1d2h30m", {"mode": "per_move", "per_move_hours": 26.5}),
    ("1m", {"mode": "per_move", "per_move_hours": 1 / 60}),
    ("30d", {"mode": "per_move", "per_move_hours": 720}),
    ("720h", {"mode": "per_move", "per_move_hours": 720}),
    (" 24H ", {"mode": "per_move", "per_move_hours": 24}),
    ("bank:3d+12h", {"mode": "bank", "bank_hours": 72, "bonus_hours": 12}),
    ("bank:1d+2h", {"mode": "bank", "bank_hours": 24, "bonus_hours": 2}),
    ("bank:3d12h+90m", {"mode": "bank", "bank_hours": 84, "bonus_hours": 1.5}),
    ("BANK:30d+30d", {"mode": "bank", "bank_hours": 720, "bonus_hours": 720}),
]

BAD = [
    ("", "the time per move is missing: a time per move like 24h, or bank:BANK+BONUS like bank:3d+12h"),
    ("24", "the time per move '24' is not a duration: whole numbers with units d, h, m, largest first: 90m, "
           "24h, 3d, 3d12h"),
    ("12h3d", "the time per move '12h3d' is not a duration: whole numbers with units d, h, m, largest first: "
              "90m, 24h, 3d, 3d12h"),
    ("1.5h", "the time per move '1.5h' is not a duration: whole numbers with units d, h, m, largest first: "
             "90m, 24h, 3d, 3d12h"),
    ("-1h", "the time per move '-1h' is not a duration: whole numbers with units d, h, m, largest first: "
            "90m, 24h, 3d, 3d12h"),
    ("1 day", "the time per move '1 day' is not a duration: whole numbers with units d, h, m, largest first: "
              "90m, 24h, 3d, 3d12h"),
    ("0h", "the time per move '0h' is no time: it must be more than zero"),
    ("0d0h0m", "the time per move '0d0h0m' is no time: it must be more than zero"),
    ("31d", "the time per move '31d' is too long: at most 30d, the longest a clock allows"),
    ("720h1m", "the time per move '720h1m' is too long: at most 30d, the longest a clock allows"),
    ("1d+2h", "'1d+2h': '+' adds a bonus per move, which only a bank has: bank:1d+2h (a bank of 1d, 2h added "
              "after each move) or 1d2h (1d2h for every move)"),
    ("24h+", "'24h+': '+' adds a bonus per move, which only a bank has: bank:BANK+BONUS like bank:3d+12h"),
    ("bank:3d", "'bank:3d' has no bonus: a bank needs one after '+', the time added after each move, e.g. "
                "bank:3d+12h"),
    ("bank:", "'bank:' has no bonus: a bank needs one after '+', the time added after each move, e.g. "
              "bank:3d+12h"),
    ("bank:+12h", "the bank is missing in 'bank:+12h': a time per move like 24h, or bank:BANK+BONUS like "
                  "bank:3d+12h"),
    ("bank:3d+", "the bonus is missing in 'bank:3d+': a time per move like 24h, or bank:BANK+BONUS like "
                 "bank:3d+12h"),
    ("bank:3d+0m", "the bonus '0m' in 'bank:3d+0m' is no time: it must be more than zero"),
    ("bank:31d+1h", "the bank '31d' in 'bank:31d+1h' is too long: at most 30d, the longest a clock allows"),
    ("bank:3x+12h", "the bank '3x' in 'bank:3x+12h' is not a duration: whole numbers with units d, h, m, largest "
                    "first: 90m, 24h, 3d, 3d12h"),
    ("bank:3d+12h+1h", "the bonus '12h+1h' in 'bank:3d+12h+1h' is not a duration: whole numbers with units d, "
                       "h, m, largest first: 90m, 24h, 3d, 3d12h"),
    ("fischer:3d+12h", "unknown clock 'fischer' in 'fischer:3d+12h': a time per move like 24h, or "
                       "bank:BANK+BONUS like bank:3d+12h"),
    ("per_move:24h", "unknown clock 'per_move' in 'per_move:24h': a time per move like 24h, or bank:BANK+BONUS "
                     "like bank:3d+12h"),
]


@pytest.mark.parametrize(("text", "clock"), GOOD)
def test_a_good_clock_is_the_apis_clock(text: str, clock: dict[str, Any]) -> None:
    from functions.api.create_body import ClockIn

    parsed = parse_clock(text)
    assert parsed == clock
    ClockIn.model_validate(parsed)  # what POST /games and POST /lobbies accept, strictly (numbers, not strings)


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_bad_clock_says_why(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        parse_clock(text)
    assert str(refused.value) == message


def test_durations_and_clocks_read_back_in_the_same_syntax() -> None:
    assert [duration_text(h) for h in (24, 1.5, 84, 720, 1 / 60, 26.5)] == ["1d", "1h30m", "3d12h", "30d", "1m",
                                                                            "1d2h30m"]
    assert clock_line(parse_clock("24h")) == "clock: 1d per move"
    assert clock_line(parse_clock("bank:3d+12h")) == "clock: a bank of 3d per seat, 12h added after each move"
    assert clock_line(None) is None


@pytest.mark.parametrize("command", ["new", "invite"])
def test_the_help_shows_the_syntax_with_examples(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        command_line.main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--clock DURATION|bank:BANK+BONUS" in shown
    for example in ("24h", "bank:3d+12h", "90m", "3d12h", "1h30m", "at most 30d"):
        assert example in shown, example


# --- the command line against the handlers ------------------------------------------------------------------


def recording(send: Any, sent: list[str]) -> Any:
    """The transport `send`, each request it is given noted in `sent` first."""

    def recorded(request: Request, timeout: float) -> tuple[int, bytes]:
        sent.append(f"{request.get_method()} {request.full_url}")
        return send(request, timeout)  # type: ignore[no-any-return]

    return recorded


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Cli]:
    from service.clock import use_clock

    for cli in cli_world(monkeypatch, tmp_path, 5):
        gateway = Gateway()
        sent: list[str] = []
        send = recording(transport(gateway), sent)
        for module in (cli_play, cli_players, cli_lobby, cli_games):
            monkeypatch.setattr(module, "ApiClient", lambda url, send=send: ApiClient(url, transport=send))
        cli.gateway = gateway  # type: ignore[attr-defined]
        cli.sent = sent  # type: ignore[attr-defined]
        use_clock(lambda: T0)  # the service's now, so that the deadlines and the time left are exact
        try:
            yield cli
        finally:
            use_clock(None)


def refused(line: str) -> tuple[int, str]:
    """An argparse refusal: its exit status and what it printed on stderr."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as stopped, redirect_stdout(io.StringIO()), redirect_stderr(err):
        command_line.main(shlex.split(line)[1:])
    code = stopped.value.code
    assert isinstance(code, int)
    return code, err.getvalue()


def api(cli: Cli, path: str) -> Any:
    reply = cli.gateway.get(path)  # type: ignore[attr-defined]
    assert reply.status == 200, reply.text
    return reply.body


def clock_of(options: dict[str, Any]) -> dict[str, Any]:
    """The clock of some options, and that it is the API's Clock with its defaults for what was not given."""
    from domain.options import Clock

    clock: dict[str, Any] = options["clock"]
    assert clock == Clock.model_validate(clock).model_dump(mode="json")
    return clock


@pytest.mark.parametrize(("given", "hours"), [("24h", 24), ("90m", 1.5), ("3d12h", 84)])
def test_new_with_a_clock_per_move(cli: Cli, given: str, hours: float) -> None:
    out = cli.ok(f"distilled new Ada Grace --clock {given}")
    assert f"  clock: {duration_text(hours)} per move\n" in out
    game_id = json.loads(cli.state_file.read_text())["last_game"]
    view = api(cli, f"/games/{game_id}")["view"]
    clock = clock_of(view["options"])
    assert (clock["mode"], clock["per_move_hours"]) == ("per_move", hours)
    assert clock["reminders"] == [0.5, 0.9] and clock["on_replace"] == "bot"  # the API's defaults
    deadlines = [c["deadline"] for c in view["clocks"] if c["deadline"] is not None]
    assert deadlines and all(d == T0 + hours * HOUR for d in deadlines)


def test_new_without_a_clock_has_none(cli: Cli) -> None:
    out = cli.ok("distilled new Ada Grace")
    assert "clock:" not in out
    game_id = json.loads(cli.state_file.read_text())["last_game"]
    view = api(cli, f"/games/{game_id}")["view"]
    assert view["options"].get("clock") is None
    assert all(c["deadline"] is None for c in view.get("clocks") or [])


def test_invite_with_a_bank_clock_and_its_game_in_distilled_games(cli: Cli) -> None:
    from functions import container
    from functions.my_games_feed import keep_game
    from service.games.repository import load

    cli.ok("distilled player create Hana")
    out = cli.ok("distilled invite --seats 2 --bot Robo --clock bank:3d+12h")
    assert "  clock: a bank of 3d per seat, 12h added after each move\n" in out
    game_id = parse_invite(re.findall(r"\S+#invite=\S+", out)[0])[1]
    lobby = api(cli, f"/lobbies/{game_id}")
    clock = clock_of(lobby["options"])
    assert (clock["mode"], clock["bank_hours"], clock["bonus_hours"]) == ("bank", 72, 12)
    assert "  clock: a bank of 3d per seat" in cli.ok(f"distilled lobby {game_id}")  # as a joining player sees it

    cli.ok(f"distilled start {game_id}")
    view = api(cli, f"/games/{game_id}")["view"]
    assert view["options"]["clock"] == clock  # the lobby's clock is its game's
    running = [c for c in view["clocks"] if c["deadline"] is not None]
    assert running and all(c["deadline"] == T0 + 72 * HOUR and c["bank_left"] == 72 * HOUR for c in running)

    store = container.store()  # what the notifier does from the stream (not run in process)
    keep_game(load(store, game_id), store.commits(game_id)[-1].recorded_at)
    (line,) = [g for g in cli.ok("distilled games").splitlines() if game_id in g]
    assert "3 d 0 h left" in line, line


@pytest.mark.parametrize("bad", ["1d+2h", "0h", "bank:3d", "fortnight"])
def test_a_bad_clock_sends_nothing_and_writes_nothing(cli: Cli, bad: str) -> None:
    code, err = refused(f"distilled new Ada Grace --clock {bad}")
    assert code == 2
    assert err.splitlines()[-1] == f"distilled new: error: argument --clock: {_message(bad)}"
    assert cli.sent == [] and not cli.state_file.exists()  # type: ignore[attr-defined]

    cli.ok("distilled player create Hana")
    saved = cli.state_file.read_text()
    before = list(cli.sent)  # type: ignore[attr-defined]
    code, err = refused(f"distilled invite --seats 2 --clock {bad}")
    assert code == 2 and err.splitlines()[-1] == f"distilled invite: error: argument --clock: {_message(bad)}"
    assert cli.sent == before  # type: ignore[attr-defined]
    assert cli.state_file.read_text() == saved
    assert "no games yet" in cli.ok("distilled games")  # no lobby either


def _message(bad: str) -> str:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        parse_clock(bad)
    return str(refused.value)
