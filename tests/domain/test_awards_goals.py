"""Spirit Awards at round end (RULES §1.13, §3.8) and the Distillery Goal metrics (§1.12)."""

from __future__ import annotations

import pytest

from domain import commands as c
from domain import events as ev
from domain.awards import CONDITIONS, share
from domain.scoring import METRICS
from domain.state import GameState, Player, Sale
from tests.domain.builders import Game, add_spirit, after, one, play, when, with_player
from tests.domain.positions import OLD, at, drive, pass_market, selling

AWARDS = ("pennysaver", "sophisticated", "double_sale")


def rich(*seats: int) -> GameState:
    state = Game(awards=AWARDS).start()
    for seat in seats:
        state = with_player(state, seat, money=25)
    return play(state, c.PassTurn(seat=0))


def test_an_award_met_by_two_players_is_split_rounded_up_and_flipped() -> None:
    state = rich(0, 1)
    events = when(state, c.PassTurn(seat=1))
    scored = one(events, ev.AwardsScored)
    assert scored == ev.AwardsScored(round=1, awards={"pennysaver": (0, 1)}, shares={"pennysaver": 4})
    state = after(state, events)
    assert [p.sp for p in state.players] == [4, 4]
    assert state.awards == ["sophisticated", "double_sale"] and state.awards_won == {"pennysaver": [0, 1]}
    state = drive(state, at("market", 2))
    events = when(play(state, c.PassTurn(seat=1)), c.PassTurn(seat=0))
    assert not any(isinstance(e, ev.AwardsScored) for e in events)  # still rich, but the award is gone


def test_a_single_winner_takes_all_of_the_award() -> None:
    state = rich(0)
    events = when(state, c.PassTurn(seat=1))
    assert one(events, ev.AwardsScored).shares == {"pennysaver": 7}
    assert [p.sp for p in after(state, events).players] == [7, 0]


@pytest.mark.parametrize(("sp", "winners", "each"), [(7, 2, 4), (5, 2, 3), (7, 3, 3), (5, 3, 2), (6, 2, 3),
                                                    (7, 1, 7)])
def test_award_shares_round_up(sp: int, winners: int, each: int) -> None:
    assert share(sp, winners) == each


def test_two_players_selling_an_aged_spirit_the_same_round_split_sophisticated() -> None:
    state = Game(awards=AWARDS).start()
    state = add_spirit(add_spirit(state, 0, **OLD), 1, warehouse=1, **OLD)
    state = pass_market(state)
    state = play(state, c.Sell(seat=0, spirit=1, bottle="glass_bottle"), c.PlaceLabel(seat=0, space=0),
                 c.Sell(seat=1, spirit=2, bottle="glass_bottle"))
    events = when(state, c.PlaceLabel(seat=1, space=0))
    assert one(events, ev.AwardsScored).shares == {"sophisticated": 3}


def test_sale_awards_look_at_this_round_only() -> None:
    game = Game(awards=AWARDS)
    state = play(selling("vodka", game=game), c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    events = when(state, c.PlaceLabel(seat=0, space=0))
    assert not any(isinstance(e, ev.AwardsScored) for e in events)  # one sale in round 1
    state = add_spirit(after(state, events), 0, **OLD)
    state = pass_market(state)
    events = when(play(state, c.Sell(seat=0, spirit=2, bottle="glass_bottle")), c.PlaceLabel(seat=0, space=3,
                                                                                            card="yeast"))
    assert not any(isinstance(e, ev.AwardsScored) and "double_sale" in e.awards for e in events)
    twice = play(selling("vodka", game=game, aging=[OLD]), c.Sell(seat=0, spirit=2, bottle="glass_bottle"),
                 c.PlaceLabel(seat=0, space=0), c.Sell(seat=0, spirit=1, bottle="glass_bottle"))
    events = when(twice, c.PlaceLabel(seat=0, space=1))
    assert one(events, ev.AwardsScored).awards == {"sophisticated": (0,), "double_sale": (0,)}


def test_patience_needs_both_warehouses_occupied() -> None:
    one_aging = add_spirit(Game().start(), 0, **OLD)
    two_aging = add_spirit(one_aging, 0, warehouse=2, **OLD)
    assert CONDITIONS["patience"](two_aging.players[0]) and not CONDITIONS["patience"](one_aging.players[0])


def player(**fields: object) -> Player:
    p = Player(seat=0, name="P0", distiller="angus")  # Europe
    for name, value in fields.items():
        setattr(p, name, value)
    return p


def sale(**fields: object) -> Sale:
    base = {"recipe": "vodka", "money": 4, "sp": 2, "alcohol": 1, "sugars": 1, "flavors": 0, "aged": False,
            "region_match": False}
    return Sale(**{**base, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(("award", "met", "missed"), [
    ("land_grab", player(label_spaces=["vodka", "cachaca", None, None, None, None, None]),
     player(label_spaces=["vodka", "gin", None, None, None, None, None])),  # Home Vodka = Europe for Angus
    ("globetrotter", player(extra_labels=["gin", "cachaca", "soju"]), player(extra_labels=["gin", "cachaca"])),
    ("north_and_south", player(extra_labels=["cachaca", "rum", "tequila"]),
     player(extra_labels=["cachaca", "rum", "whiskey"])),  # Home labels never count here
    ("recipe_book", player(cubes=["gin", "rum", "soju", "brandy"]), player(cubes=["gin", "rum", "soju"])),
    ("collector", player(display=["jug", "pirate_bottle", "skull_bottle", "mason_jar"]), player(display=["jug"])),
    ("builder", player(upgrades=["spirit_safe", "worm_tub", "orchard"]),
     player(upgrades=["spirit_safe", "worm_tub", "cooper"])),
    ("recruiter", player(upgrades=["cooper", "architect", "biochemist"]), player(upgrades=["cooper"])),
    ("olympic_spirit", player(extra_labels=["soju", "gin", "brandy"]), player(extra_labels=["soju", "gin"])),
    ("silver_spoon", player(extra_labels=["gin", "rum", "gin"]), player(extra_labels=["gin", "rum", "brandy"])),
    ("gold_digger", player(extra_labels=["brandy", "baijiu"]), player(extra_labels=["brandy"])),
    ("quantity_over_quality", player(extra_labels=["soju"] * 3), player(extra_labels=["soju", "soju"])),
    ("pennysaver", player(money=25), player(money=24)),
    ("proof_120", player(sales=[sale(alcohol=6)]), player(sales=[sale(alcohol=5)])),
    ("sweet", player(sales=[sale(sugars=5)]), player(sales=[sale(sugars=4)])),
    ("mouth_party", player(sales=[sale(flavors=4)]), player(sales=[sale(flavors=3)])),
    ("high_class", player(sales=[sale(sp=12)]), player(sales=[sale(sp=11)])),
    ("top_shelf", player(sales=[sale(money=15)]), player(sales=[sale(money=14)])),
    ("perfect_pair", player(sales=[sale(recipe="gin", region_match=True)]),
     player(sales=[sale(region_match=True)])),  # never with Vodka
])
def test_award_conditions(award: str, met: Player, missed: Player) -> None:
    assert CONDITIONS[award](met) and not CONDITIONS[award](missed)


@pytest.mark.parametrize(("goal", "p", "value"), [
    ("monarch", player(extra_labels=["gin", "aquavit", "vodka"]), 2),  # Home Vodka excluded
    ("photosynthesis", player(extra_labels=["aquavit", "cachaca", "vodka", "gin"]), 2),
    ("for_the_farmers", player(extra_labels=["aquavit", "whiskey", "vodka", "moonshine"]), 2),
    ("just_desserts", player(extra_labels=["gin", "brandy", "vodka"]), 2),
    ("red_glass", player(display=["faceted_bottle", "skull_bottle", "pirate_bottle"]), 2),
    ("green_glass", player(display=["pirate_bottle", "pig_bottle", "jug"]), 2),
    ("blue_glass", player(display=["rounded_bottle", "pirate_bottle"]), 1),
    ("skip_the_easy_stuff", player(extra_labels=["soju", "gin", "brandy", "vodka", "single_malt_whisky"]), 3),
    ("thirst_for_knowledge", player(cubes=["gin", "whiskey"]), 2),
    ("wealthy", player(money=13), 13),
    ("from_the_earth", player(extra_labels=["shochu", "grappa", "gin"]), 2),
    ("woody", player(extra_labels=["whiskey", "rum", "gin"]), 2),
    ("geriatric", player(extra_labels=["whiskey", "shochu", "gin"]), 2),
    ("juvenile", player(extra_labels=["whiskey", "vodka", "gin"]), 2),
    ("close_to_home", player(extra_labels=["gin", "vodka", "cachaca"]), 2),
    ("diverse_portfolio", player(extra_labels=["gin", "gin", "vodka", "single_malt_whisky"]), 3),
    ("east_champion", player(extra_labels=["soju", "baijiu", "gin"]), 2),
    ("west_champion", player(extra_labels=["rum", "whiskey"]), 1),
    ("gear_head", player(upgrades=["spirit_safe", "worm_tub", "orchard"]), 2),
    ("delegation", player(upgrades=["market_buyer", "cooper", "spirit_safe"]), 1),
])
def test_goal_metrics(goal: str, p: Player, value: int) -> None:
    assert METRICS[goal](p) == value
