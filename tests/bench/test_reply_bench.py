"""The reply bench plays a whole game by e-mail only and counts every e-mail the seats receive."""

from __future__ import annotations

import pytest

from bench.reply_bench import one_game


def test_a_game_played_only_by_reply_ends_with_one_answer_per_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {"REPLY_DOMAIN": "reply.example.org", "PAGE_BASE_URL": "https://play.example",
                        "LIMIT_REPLIES_PER_PLAYER_HOUR": "0"}.items():
        monkeypatch.setenv(name, value)
    game = one_game(1)
    assert game["finished"] and game["accepted"] > 50
    assert game["answers"] == game["accepted"]  # every reply answered once, each reply played
    assert game["accepted"] <= game["received"] < 2 * game["accepted"]  # some answers carried the next turn
    assert len(game["cpu"]) == game["accepted"]
