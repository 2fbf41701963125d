"""`distilled log`: the served (redacted) history as sentences, one per event, never telling more than it holds,
in the page's words (web/static/texts/<lang>.json) and in the language asked for or the player's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from devtools import cli as command_line
from devtools.client.history import lines
from domain.redact import SECRET_STEP
from service.texts.history import sentence
from service.texts.words import TEXTS_DIR, Seats, texts
from tests.history_samples import samples
from tests.local.cli_gateway import Cli, cli_world

NAMES = ["Ada", "Grace", "Linus"]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an id or a field name: text meant for code, not for people


@pytest.mark.parametrize(("language", "event", "text"), [
    ("en", {"type": "card_bought", "seat": 0, "source": "ingredients", "card": "barley", "cost": 3},
     "Ada bought Barley for 3."),
    ("es", {"type": "card_bought", "seat": 0, "source": "ingredients", "card": "barley", "cost": 3},
     "Ada ha comprado Cebada por 3."),
    ("ko", {"type": "card_bought", "seat": 0, "source": "ingredients", "card": "barley", "cost": 3},
     "Ada이(가) 보리을(를) 3에 샀습니다."),
    ("en", {"type": SECRET_STEP, "seat": 2, "hidden": True}, "Linus took a secret distill step."),
    ("en", {"type": "distiller_chosen", "seat": 1, "distiller": "hidden"},
     "Grace chose a distiller (secret until everyone has chosen)."),
    ("es", {"type": "goal_discarded", "seat": 0, "goal": "hidden"},
     "Ada ha descartado un objetivo (secreto hasta el final)."),
])
def test_events_read_as_the_pages_sentences(language: str, event: dict[str, object], text: str) -> None:
    assert lines([{"version": 12, "events": [event]}], NAMES, language) == [f"v12   {text}"]


@pytest.mark.parametrize("language", ["en", "es", "ko"])
def test_each_line_is_the_page_texts_sentence_on_one_line(language: str) -> None:
    # Seat 3's player is called "Eve\nv99 ...": a name must not forge a line of the log, nor drive the terminal.
    events = [*samples(), {"type": "tasting_held", "seat": 3, "sp": 2}]
    words = texts(language)
    printed = lines([{"version": 7, "events": events}], [*NAMES, "Eve\nv99 \x1b[2J"], language)
    assert len(printed) == len(events)
    for line, event in zip(printed, events, strict=True):
        assert line == f"v7    {sentence(words, event, Seats(words, [*NAMES, 'Eve v99  [2J']))}"


def test_the_seats_are_named_by_the_game_created_event_when_no_names_are_given() -> None:
    created = next(e for e in samples() if e["type"] == "game_created")
    printed = lines([{"version": 1, "events": [created, {"type": "seat_resigned", "seat": 1}]}])
    assert printed[1] == f"v1    {created['setup']['names'][1]} resigned."


def log(cli: Cli, *flags: str) -> list[str]:
    lines = cli.ok(" ".join(("distilled log", *flags))).splitlines()
    for line in lines:
        assert re.match(r"v\d+ +\S", line) and not SNAKE.search(line) and "{" not in line, line
    return lines


def test_others_distill_steps_stay_secret_in_the_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for cli in cli_world(monkeypatch, tmp_path, 3):  # a deal where Grace and Linus both can distill
        cli.ok("distilled new Ada Grace Linus")
        cli.ok("distilled bots --until distill")
        cli.ok("distilled bots --seats 1,2")
        assert '"phase": "distill"' in cli.ok("distilled show --json"), "seed 3 no longer stops Ada in Distill"
        lines = log(cli)
        assert any(line.endswith("Grace took a secret distill step.") for line in lines)
        assert any(line.endswith("Linus took a secret distill step.") for line in lines)
        assert not [line for line in lines if re.search(r"(Grace|Linus) (filled|distilled|traded|did not)", line)]
        assert any(re.search(r"Ada bought .+ for \d", line) for line in lines)


def test_a_whole_game_reads_as_sentences_for_every_seat(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for cli in cli_world(monkeypatch, tmp_path, 3):
        cli.ok("distilled new Ada Grace Linus")
        cli.ok("distilled bots")
        for flags in (("--seat", "0"), ("--seat", "2"), ("--spectator",)):
            lines = log(cli, *flags)
            assert lines[-1].split(None, 1)[1].startswith("The game is over: ") and "won by" in lines[-1]
        assert log(cli, "--after", "5")[0].startswith("v6 ")


def test_the_log_speaks_the_language_asked_for_else_the_players(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    spanish = json.loads((TEXTS_DIR / "es.json").read_text(encoding="utf-8"))["events"]
    for cli in cli_world(monkeypatch, tmp_path, 3):
        cli.ok("distilled new Ada Grace Linus")
        setup = json.loads(cli.ok("distilled log --json"))["commits"][0]["events"][0]["setup"]
        flight, first = setup["flight"], NAMES[setup["first_player"]]
        english = cli.ok("distilled log")
        said = f"Game created for Ada, Grace and Linus, flight {flight}; {first} plays first."
        assert english.splitlines()[0] == f"v1    {said}"
        created = spanish["game_created"].format(names="Ada, Grace y Linus", flight=flight, first=first)
        assert cli.ok("distilled log --lang es").splitlines()[0] == f"v1    {created}"
        cli.ok("distilled player create Ada")
        assert cli.ok("distilled log") == english  # the profile's language: English until it is set
        cli.ok("distilled player set --language ko")
        assert "의 게임이 만들어졌습니다" in cli.ok("distilled log")
        assert cli.ok("distilled log --lang en") == english
        with pytest.raises(SystemExit) as refused:
            cli("distilled log --lang fr")
        assert refused.value.code == 2


def test_the_help_names_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        command_line.main(["log", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--lang {en,es,ko}" in shown and "default: your saved player's profile language" in shown
