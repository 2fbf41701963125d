"""The handler-path fairness bench plays a fair game through the command handlers and finds fairness code to time
in them (a bench that attributed nothing would report a ratio of 1 whatever the code did)."""

from __future__ import annotations

import json

import pytest

from bench import fairness_handler_bench


def test_it_plays_a_fair_game_and_times_the_fairness_code(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(fairness_handler_bench, "SEEDS", (40,))
    fairness_handler_bench.run()
    (line,) = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert line["name"] == "fairness_cpu_ratio_handler" and line["games"] == 1
    assert line["value"] > 1 and line["added_us_per_command"]["median"] > 0
