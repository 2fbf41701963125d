"""The fairness bench times a fair game against the very same game played as before: both must make the same
moves (else the ratio compares two games), and the chain's bytes are what the bench reports."""

from __future__ import annotations

from bench.fairness_bench import added_bytes, play


def test_the_game_as_before_replays_the_fair_games_moves() -> None:
    fair, store, game_id = play(5, fair=True)
    before, other, other_id = play(5, fair=False)
    assert len(fair) == len(before) > 20
    def moves(commits: object) -> list[list[dict[str, object]]]:
        return [[e for e in c.events if e["type"] not in ("contribution", "reveal")] for c in commits][1:]

    assert moves(store.commits(game_id)) == moves(other.commits(other_id))
    assert all(c.prev is None for c in other.commits(other_id)), "as before: no chain"
    mean, commits = added_bytes(store, game_id)
    assert commits == len(fair) + 1 and 52 < mean <= 64
