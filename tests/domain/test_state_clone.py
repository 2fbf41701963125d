"""The clones a decision works on (domain.state): every field copied, nothing mutable shared but what the
records say states share (options, Sale records, the opening, the undo point)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import fields
from typing import Any

from domain.clock_records import SeatClock
from domain.options import Options
from domain.state import GameState, Opening, Pending, Player, Sale, Solo, Spirit, Undo

SHARED = {"options", "opening", "undo", "clocks"}  # never changed once made (clocks: a tuple of frozen records)


def spirit() -> Spirit:
    return Spirit(7, 1, "whiskey", ["mixed_grains", "yeast"], "wood_barrel", 2, label=True, label_pending=True,
                  warehouse=1, flavors=["oak"], times_aged=1, known_flavors=["oak"])


def player() -> Player:
    """A player with no field at its default, so a field a clone forgets shows."""
    return Player(
        seat=1, name="P1", dealt=["nathan", "pilar"], distiller="pilar", money=9, sp=4, pantry=["yeast", "water"],
        storeroom=["wood_barrel"], upgrades=["worm_tub"], display=["glass_bottle"], cubes=["vodka"],
        goals=["a", "b"], label_spaces=["vodka", None, None, None, None, None, None], extra_labels=["gin"],
        signature_aside=False, signature_made=True, spirits=[spirit()], basics_bought=1, passed=True, traded=True,
        distilled=True, sales=[Sale("vodka", 3, 2, 2, 1, 0, False, True)],
        pending=Pending("keep_flavor", deck="items", card="x", cards=["oak"], cut=["yeast"], recipe="gin",
                        power="doig", spirit=7, top_only=True),
        tasting_due=True, discard_due=True, score={"sp": 3}, powers_used=["pilar"],
    )


def state() -> GameState:
    p = player()
    solo = Solo([["g1", "g2"]], [[True, False]], [[False, True]], ["b1"], ["g0"], 1, True, ["g3"], 5, 2)
    return GameState(
        options=Options(on_resign="end"), players=[p], phase="distill", round=3, first_player=1, turn=0,
        flight="B", rows={"items": ["x"]}, decks={"items": ["y", "z"]}, truck=["t"], flavor_deck=["f"],
        flavor_discard=["d"], flavor_discard_down=["e"], labels={"gin": 2}, awards=["award"],
        awards_won={"award": [0]}, next_spirit=8, winners=[0], aged_round=2, solo=solo,
        opening=Opening([p], [], 1, [], 0, None), resigned=[1], undo=Undo(0, GameState()),
        clocks=(SeatClock(deadline=5.0),),
    )


def assert_copied(original: Any, clone: Any, shared: Collection[str] = ()) -> None:
    """Equal, field by field; each mutable field a copy of its own."""
    assert clone == original and clone is not original
    for f in fields(original):
        mine, theirs = getattr(clone, f.name), getattr(original, f.name)
        assert mine == theirs, f.name
        if f.name not in shared and isinstance(theirs, list | dict):
            assert mine is not theirs, f.name


def test_a_player_clone_copies_every_field() -> None:
    p = player()
    assert all(getattr(p, f.name) != getattr(Player(0, ""), f.name) for f in fields(Player))
    q = p.clone()
    assert_copied(p, q)
    assert_copied(p.spirits[0], q.spirits[0])
    assert p.pending is not None and q.pending is not None
    assert_copied(p.pending, q.pending)
    assert q.sales[0] is p.sales[0]  # Sale records are replaced, never changed: clones share them


def test_a_state_clone_copies_every_field_and_shares_only_what_never_changes() -> None:
    s = state()
    assert all(getattr(s, f.name) != getattr(GameState(), f.name) for f in fields(GameState))
    c = s.clone()
    assert_copied(s, c, SHARED)
    assert all(getattr(c, name) is getattr(s, name) for name in SHARED)
    assert all(mine is not theirs for mine, theirs in zip(c.players, s.players, strict=True))
    assert c.rows["items"] is not s.rows["items"] and c.decks["items"] is not s.decks["items"]
    assert c.awards_won["award"] is not s.awards_won["award"]
    assert s.solo is not None and c.solo is not None
    assert_copied(s.solo, c.solo)
    assert all(mine is not theirs for mine, theirs in zip(c.solo.grid, s.solo.grid, strict=True))


def test_without_undo_shares_every_field_but_the_undo_point() -> None:
    s = state()
    shared = s.without_undo()
    assert shared.undo is None
    assert all(getattr(shared, f.name) is getattr(s, f.name) for f in fields(GameState) if f.name != "undo")
