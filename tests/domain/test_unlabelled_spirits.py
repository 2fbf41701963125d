"""RULES D12: a spirit made when its recipe's labels had run out gets no label, yet while it stays in the warehouse
it counts for Spirit Awards and Distillery Goals as a spirit of its recipe; sold, it leaves nothing behind."""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.awards import CONDITIONS
from domain.labels import collected
from domain.options import Options
from domain.scoring import METRICS, final_scores
from domain.state import GameState
from tests.domain.builders import Cut, Game, add_spirit, edit, one, play, when, with_player
from tests.domain.positions import distilling, steps

BASIC = ["mixed_grains", "yeast", "water"]


def soju_without_label(warehouse: int = 1) -> GameState:
    """Seat 0 holds two placed bronze labels and an unlabelled Soju (bronze, Asia) aging in warehouse 1."""
    state = with_player(Game().start(), 0, label_spaces=["cachaca", "aquavit", None, None, None, None, None])
    return add_spirit(state, 0, "soju", ["rice", "yeast", "water"], "metal_barrel", warehouse=warehouse,
                      label=False)


def test_an_unlabelled_spirit_in_the_warehouse_counts_for_awards() -> None:
    state = soju_without_label()
    p = state.players[0]
    assert not p.spirits[0].label and collected(p) == ["cachaca", "aquavit", "soju"]
    assert CONDITIONS["quantity_over_quality"](p)  # three bronze: two labels and the Soju


def test_an_unlabelled_spirit_in_the_warehouse_counts_for_goals() -> None:
    p = soju_without_label().players[0]
    assert METRICS["east_champion"](p) == 1 and METRICS["juvenile"](p) == 3
    assert METRICS["diverse_portfolio"](p) == 3 and METRICS["skip_the_easy_stuff"](p) == 3


def test_a_fresh_spirit_not_yet_in_the_warehouse_does_not_count() -> None:
    p = soju_without_label(warehouse=0).players[0]
    assert collected(p) == ["cachaca", "aquavit"] and not CONDITIONS["quantity_over_quality"](p)


def test_once_sold_it_leaves_nothing_to_count_but_unsold_it_scores_as_stock() -> None:
    state = soju_without_label()
    stock = final_scores(state)[0][0]["unsold"]
    assert stock > 0
    sold = edit(state, lambda s: s.players[0].spirits.clear())
    assert collected(sold.players[0]) == ["cachaca", "aquavit"]
    assert not CONDITIONS["quantity_over_quality"](sold.players[0])


def test_labels_run_out_in_play_and_the_unlabelled_spirit_still_wins_the_award_at_round_end() -> None:
    """One Shochu label left, both seats make one: seat 1, later in turn order, gets none (D2), ages it, and
    with two bronze labels placed already meets Quantity over Quality at the round's end."""
    game = Game(flight="F", options=Options(flight="F"), awards=("quantity_over_quality",))
    start = game.start()
    for seat in (0, 1):
        start = with_player(start, seat, cubes=["shochu"], storeroom=["metal_barrel", "glass_bottle", "clay_barrel"])
    start = with_player(start, 1, label_spaces=["cachaca", "soju", None, None, None, None, None])
    state = distilling(BASIC, BASIC, start=edit(start, lambda s: s.labels.update(shochu=1)))
    for seat in (1, 0):
        state = play(state, c.Distill(seat=seat, washback=tuple(BASIC)), rng=Cut(top="yeast", bottom="water"))
        events = when(state, c.NameSpirit(seat=seat, recipe="shochu", barrel="clay_barrel"))
        state = play(state, c.NameSpirit(seat=seat, recipe="shochu", barrel="clay_barrel"))
    settled = one(events, ev.LabelsSettled)
    assert settled.unlabelled == (state.players[1].spirits[0].id,)
    assert not state.players[1].spirits[0].label
    scored = next(one(e, ev.AwardsScored) for e, s in steps(state) if any(isinstance(x, ev.AwardsScored) for x in e))
    assert scored.awards == {"quantity_over_quality": (1,)}
