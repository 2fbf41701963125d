"""`distilled log`: the served (redacted) history as sentences, one per event, never telling more than it holds."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from devtools.client.history import FORMS, Seats, sentence
from domain.events import Event
from domain.redact import SECRET_STEP
from tests.local.cli_gateway import Cli, cli_world

WHO = Seats(["Ada", "Grace", "Linus"])
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an id or a field name: text meant for code, not for people


@pytest.mark.parametrize(("event", "text"), [
    ({"type": "card_bought", "seat": 0, "source": "ingredients", "card": "barley", "cost": 3},
     "Ada bought Barley for 3"),
    ({"type": "card_bought", "seat": 1, "source": "basic", "card": "yeast", "cost": 0, "bonus_money": 1},
     "Grace bought Yeast for 0 (+1 money bonus)"),
    ({"type": "card_bought", "seat": 1, "source": "cube", "recipe": "gin", "cost": 4},
     "Grace bought the Gin recipe cube for 4"),
    ({"type": "round_started", "round": 2, "first_player": 2}, "round 2 started, first player Linus"),
    ({"type": SECRET_STEP, "seat": 2, "hidden": True}, "Linus took a secret distill step"),
    ({"type": "distiller_chosen", "seat": 1, "distiller": "hidden"},
     "Grace chose a distiller (secret until everyone has chosen)"),
    ({"type": "spirit_named", "seat": 1, "round": 1, "spirit_id": 4, "recipe": "gin", "barrel": "metal_barrel"},
     "Grace distilled a Gin (spirit #4) in a Metal Barrel"),
    ({"type": "label_placed", "seat": 0, "recipe": "vodka", "space": 0, "take_sp": False},
     "Ada placed the Vodka label on space 0: +5 money"),
    ({"type": "deck_looked", "seat": 2, "deck": "items", "cards": 2},
     "Linus looked at the top 2 cards of the items deck"),
    ({"type": "goal_discarded", "seat": 0, "goal": "hidden"}, "Ada discarded a goal (secret until the end)"),
])
def test_events_read_as_sentences(event: dict[str, object], text: str) -> None:
    assert sentence(event, WHO) == text


def test_every_event_the_domain_records_has_a_sentence() -> None:
    models = typing.get_args(typing.get_args(Event)[0])
    types = {model.model_fields["type"].default for model in models}
    assert types | {SECRET_STEP} == set(FORMS)


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
        assert any(line.endswith("Grace took a secret distill step") for line in lines)
        assert any(line.endswith("Linus took a secret distill step") for line in lines)
        assert not [line for line in lines if re.search(r"(Grace|Linus) (filled|distilled|traded|did not)", line)]
        assert any(re.search(r"Ada bought .+ for \d", line) for line in lines)


def test_a_whole_game_reads_as_sentences_for_every_seat(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for cli in cli_world(monkeypatch, tmp_path, 3):
        cli.ok("distilled new Ada Grace Linus")
        cli.ok("distilled bots")
        for flags in (("--seat", "0"), ("--seat", "2"), ("--spectator",)):
            lines = log(cli, *flags)
            assert "the game is over" in lines[-1] and "won by" in lines[-1]
        assert log(cli, "--after", "5")[0].startswith("v6 ")
