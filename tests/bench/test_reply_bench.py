"""The reply bench plays a whole game by e-mail only and counts every e-mail the seats receive."""

from __future__ import annotations

import pytest

from bench.reply_bench import one_game


def test_a_game_played_only_by_reply_gets_one_email_per_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {"REPLY_DOMAIN": "reply.example.org", "PAGE_BASE_URL": "https://play.example",
                        "LIMIT_REPLIES_PER_PLAYER_HOUR": "0", "REPLY_FOLD_SECONDS": "300"}.items():
        monkeypatch.setenv(name, value)
    game = one_game(1)
    assert game["finished"] and game["accepted"] > 50 and game["at_start"] == 3
    # After the first turn notices, one e-mail per reply, each In-Reply-To a reply: an answer carrying the next
    # turn, or the next turn (or game over) saying the answer held for it (ADR 30).
    assert game["received"] == game["accepted"] == game["answers"]
    assert len(game["cpu"]) == game["accepted"]
