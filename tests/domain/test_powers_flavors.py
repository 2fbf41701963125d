"""Flavors drawn by powers (RULES §1.7, §3.4 step 6, §3.7, §5.9, D8): Malting Floor and Doig Ventilator at the
end of Distill, Metal Rickhouse's extra card the first time a spirit ages, Angus Douglas's keep-1-of-3. Cards
drawn by a power are known to their owner and hidden from everyone else."""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.legal import game_actions as legal_actions
from domain.legal import to_act
from domain.options import Options
from domain.redact import HIDDEN, SECRET_STEP, redact, redact_history
from domain.state import GameState
from domain.view import view
from tests.domain.builders import Cut, Game, after, assert_legal_agree, one, play, then_rejected, types, when
from tests.domain.positions import OLD, distilling, selling

BASIC = ["mixed_grains", "yeast", "water"]
DECK = ("flavor_vanilla", "flavor_honey", "flavor_cherry", "flavor_manure", "flavor_oaky")  # top: Oaky, Manure, …
ANGUS = Game(distillers=("angus", "pilar"), flavor_deck=DECK)


def named(upgrades: list[str], auto_best: bool = False, deck: tuple[str, ...] = DECK,
          other: list[str] | None = None) -> tuple[list[object], GameState]:
    """Seat 0 distils a Vodka holding `upgrades` (seat 1 has `other` in its pantry): the events of naming it,
    and the state after."""
    game = Game(flavor_deck=deck, options=Options(flight="A", auto_best=auto_best))
    state = play(distilling(BASIC, other, game=game, upgrades=upgrades), c.Distill(seat=0, washback=tuple(BASIC)),
                 rng=Cut(top="yeast", bottom="water"))
    events = when(state, c.NameSpirit(seat=0, recipe="vodka", barrel="metal_barrel"))
    return events, after(state, events)


def test_malting_floor_adds_a_known_flavor_to_the_spirit_just_made_even_a_non_aged_one() -> None:
    events, state = named(["malting_floor"])
    assert events[1:3] == [
        ev.FlavorsDrawn(seat=0, round=1, spirit_id=1, power="malting_floor", cards=("flavor_oaky",)),
        ev.FlavorKept(seat=0, round=1, spirit_id=1, power="malting_floor", card="flavor_oaky")]
    spirit = state.players[0].spirits[0]
    assert (spirit.flavors, spirit.known_flavors) == (["flavor_oaky"], ["flavor_oaky"])
    assert state.flavor_deck == list(DECK[:-1]) and state.phase == "sell"
    sale = one(when(state, c.Sell(seat=0, spirit=1, bottle="glass_bottle")), ev.SpiritSold)
    assert sale.flavors == ("flavor_oaky",) and sale.breakdown["flavor_money"] == 1
    assert sale.breakdown["flavor_bonus_sp"] == 0 and sale.money == 0 + 1 + 1 + 1 + 1 + 1  # ..., Vodka, Oaky


def test_doig_ventilator_draws_2_and_its_owner_keeps_1() -> None:
    events, state = named(["doig_ventilator"])
    assert one(events, ev.FlavorsDrawn).cards == ("flavor_oaky", "flavor_manure")
    assert (state.phase, to_act(state)) == ("distill", [0])  # the Sell phase waits for the choice
    assert legal_actions(state, 0) == [c.KeepFlavor(seat=0, card="flavor_manure"),
                                       c.KeepFlavor(seat=0, card="flavor_oaky")]
    assert assert_legal_agree(state) == 2
    then_rejected(state, c.KeepFlavor(seat=0, card="flavor_vanilla"), "flavor_choice")
    then_rejected(state, c.KeepFlavor(seat=1, card="flavor_oaky"), "no_flavor_choice")
    events = when(state, c.KeepFlavor(seat=0, card="flavor_manure"))
    assert events[0] == ev.FlavorKept(seat=0, round=1, spirit_id=1, power="doig_ventilator", card="flavor_manure",
                                      discarded=("flavor_oaky",))
    state = after(state, events)
    assert state.players[0].spirits[0].known_flavors == ["flavor_manure"]
    assert (state.flavor_discard, state.flavor_discard_down) == ([], ["flavor_oaky"])  # face down: no one else saw it
    assert state.phase == "sell"


def test_with_auto_best_doig_keeps_the_higher_money_and_the_second_card_on_a_tie() -> None:
    events, _ = named(["doig_ventilator"], auto_best=True)
    assert one(events, ev.FlavorKept).card == "flavor_oaky"  # Oaky 1 over Manure 0
    tie = ("flavor_vanilla", "flavor_honey", "flavor_cherry")  # Cherry then Honey, both 2
    events, state = named(["doig_ventilator"], auto_best=True, deck=tie)
    kept = one(events, ev.FlavorKept)
    assert (kept.card, kept.discarded) == ("flavor_honey", ("flavor_cherry",)) and state.phase == "sell"


def test_malting_floor_draws_before_doig_leaves_its_choice_to_the_owner() -> None:
    events, state = named(["doig_ventilator", "malting_floor"])
    assert [(e.power, e.cards) for e in events if isinstance(e, ev.FlavorsDrawn)] == [
        ("malting_floor", ("flavor_oaky",)), ("doig_ventilator", ("flavor_manure", "flavor_cherry"))]
    assert state.players[0].pending.cards == ["flavor_manure", "flavor_cherry"]  # type: ignore[union-attr]


def test_known_flavors_are_shown_to_their_owner_only() -> None:
    events, state = named(["malting_floor"], other=BASIC)
    assert state.phase == "distill"  # seat 1 may still distil: results stay secret (D2)
    drawn, kept = one(events, ev.FlavorsDrawn), one(events, ev.FlavorKept)
    for seat in (1, None):
        assert redact_history([(0, events)], seat, state) == [[{"type": SECRET_STEP, "seat": 0, HIDDEN: True}]]
    state = play(state, c.SkipDistill(seat=1))
    assert state.phase == "sell"
    assert view(state, 0)["players"][0]["spirits"][0]["known_flavors"] == ["flavor_oaky"]
    for seat in (1, None):
        assert view(state, seat)["players"][0]["spirits"][0]["known_flavors"] is None
        assert "flavor_oaky" not in str(view(state, seat))
        assert redact(drawn, seat, state)["cards"] == 1 and redact(kept, seat, state)["card"] == HIDDEN
    assert redact(kept, 0, state)["card"] == "flavor_oaky"


def test_metal_rickhouse_adds_a_face_down_flavor_the_first_time_a_spirit_ages() -> None:
    state = play(selling("whiskey", aging=[OLD], upgrades=["metal_rickhouse"]), c.PassTurn(seat=0))
    events = when(state, c.Age(seat=0, warehouse=2))
    assert one(events, ev.FlavorAdded).spirit_ids == (1, 2, 2)  # the old Whiskey once, the new one twice
    spirits = after(state, events).players[0].spirits
    assert [len(s.flavors) for s in spirits] == [2, 2] and all(s.known_flavors == [] for s in spirits)


def angus_aging(*spirits: dict[str, object]) -> GameState:
    """Angus (seat 0) passes the Sell phase with these spirits aging: the Age phase draws for him."""
    return play(selling(aging=list(spirits), game=ANGUS), c.PassTurn(seat=0))


def test_angus_draws_3_flavors_keeps_1_and_discards_2_instead_of_the_face_down_card() -> None:
    state = angus_aging(OLD)
    assert state.phase == "age" and to_act(state) == [0]
    assert state.players[0].pending.cards == ["flavor_oaky", "flavor_manure", "flavor_cherry"]  # type: ignore
    assert legal_actions(state, 0) == [c.KeepFlavor(seat=0, card=f) for f in
                                       ("flavor_cherry", "flavor_manure", "flavor_oaky")]
    events = when(state, c.KeepFlavor(seat=0, card="flavor_cherry"))
    assert events[0] == ev.FlavorKept(seat=0, round=1, spirit_id=1, power="angus", card="flavor_cherry",
                                      discarded=("flavor_oaky", "flavor_manure"))
    new = after(state, events)
    spirit = new.players[0].spirits[0]
    assert (spirit.flavors, spirit.known_flavors, spirit.times_aged) == (
        ["flavor_oaky", "flavor_cherry"], ["flavor_cherry"], 2)
    assert new.round == 2 and new.flavor_deck == ["flavor_vanilla", "flavor_honey"]


def test_angus_always_chooses_even_with_auto_best_one_spirit_at_a_time() -> None:
    game = Game(distillers=("angus", "pilar"), flavor_deck=DECK * 2, options=Options(flight="A", auto_best=True))
    second = {**OLD, "flavors": ["flavor_honey"]}
    start = selling(aging=[OLD, second], game=game)
    events = when(start, c.PassTurn(seat=0))
    assert types(events)[-2:] == ["flavor_added", "flavors_drawn"]
    assert one(events, ev.FlavorAdded) == ev.FlavorAdded(spirit_ids=(), aged=(1, 2))  # no face-down card for Angus
    state = after(start, events)
    assert state.players[0].pending.spirit == 1  # type: ignore[union-attr]
    state = play(state, c.KeepFlavor(seat=0, card="flavor_oaky"))
    assert state.phase == "age" and state.players[0].pending.spirit == 2  # type: ignore[union-attr]
    state = play(state, c.KeepFlavor(seat=0, card="flavor_vanilla"))
    assert [s.known_flavors for s in state.players[0].spirits] == [["flavor_oaky"], ["flavor_vanilla"]]
    assert state.round == 2
