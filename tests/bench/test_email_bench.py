"""The e-mail bench counts what the planner does: one e-mail per seat per round with a turn, game over to all."""

from __future__ import annotations

from bench.email_bench import PLAYERS, one_game


def test_a_simulated_game_gives_each_seat_one_email_per_round_it_had_a_turn_in() -> None:
    notices, per_seat_round, over, seat_rounds = one_game(3)
    assert per_seat_round and max(per_seat_round.values()) == 1
    assert sum(per_seat_round.values()) == seat_rounds < notices  # coalesced: fewer e-mails than notices
    assert over == PLAYERS
