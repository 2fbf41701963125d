"""End-game powers (RULES §3.9, §1.5.3): each upgrade scores its printed SP plus its formula (as BGA does),
Tour Guide converts money 3:1, the Trucker reveals the top premium ingredient, and Gear Head / Delegation
count the same upgrade SP."""

from __future__ import annotations

from functools import cache

import pytest

from domain import events as ev
from domain.catalogue import CARDS
from domain.powers.endgame import money_rate, upgrade_points
from domain.scoring import goals_won
from domain.state import GameState, Player, Spirit
from tests.domain.builders import Game, one, with_player
from tests.domain.positions import at, drive, finish


def player(upgrades: tuple[str, ...], labels: tuple[str, ...] = (), distiller: str = "guillermo",
           **fields: object) -> Player:
    spaces: list[str | None] = [*labels, *[None] * (7 - len(labels))]
    return Player(seat=0, name="P0", distiller=distiller, upgrades=list(upgrades), label_spaces=spaces,
                  **fields)  # type: ignore[arg-type]


def formula(p: Player, card: str) -> int:
    """The SP the player's one upgrade adds beyond its printed SP."""
    assert p.upgrades == [card]
    return upgrade_points(p) - CARDS[card].sp


@pytest.mark.parametrize(("p", "card", "sp"), [
    (player(("orchard",), ("gin", "grappa", "aquavit")), "orchard", 1),  # 3 Europe labels: 1 per 2
    (player(("orchard",), ("gin", "vodka"), distiller="angus"), "orchard", 1),  # Home = Europe for Angus
    (player(("greenhouse",), ("cachaca", "cachaca", "pisco", "rum")), "greenhouse", 2),
    (player(("farmer",), ("soju", "shochu", "gin")), "farmer", 1),
    # RULES D14: Home labels (Vodka, Moonshine, the signature) count as the owner's distiller's region.
    (player(("greenhouse",), ("pisco", "vodka")), "greenhouse", 1),  # Guillermo: Home = Americas
    (player(("greenhouse",), ("pisco", "vodka"), distiller="angus"), "greenhouse", 0),
    (player(("farmer",), ("soju", "moonshine"), distiller="jeong"), "farmer", 1),  # Jeong: Home = Asia
    (player(("farmer",), ("soju", "moonshine")), "farmer", 0),
    (player(("intern_researcher",), cubes=["gin", "brandy", "cachaca"]), "intern_researcher", 2),
    (player(("warehouse_manager",), ("whiskey", "rum", "cachaca")), "warehouse_manager", 2),
    (player(("master_blender",), ("gin", "gin", "gin", "vodka", "vodka")), "master_blender", 4),
    (player(("glassblower",), display=["pirate_bottle", "scandinavian_bottle", "skull_bottle", "jug"]),
     "glassblower", 2),  # Americas (Skull is Home = Americas), Europe; the Jug has no region
    (player(("co_op_manager",), ("vodka", "moonshine", "gin")), "co_op_manager", 2),
    (player(("cooper",), ("whiskey", "shochu", "vodka")), "cooper", 3),
    (player(("cooper",), ("gin", "vodka")), "cooper", 1),
    (player(("tour_guide",)), "tour_guide", 0),
])
def test_label_cube_and_bottle_formulas(p: Player, card: str, sp: int) -> None:
    assert formula(p, card) == sp


def test_formulas_on_the_upgrades_owned() -> None:
    three = player(("natural_spring", "worm_tub", "architect"))
    assert upgrade_points(three) == (0 + 2) + 1 + (0 + 3)  # Natural Spring: 2 equipment; Architect: 3 upgrades
    assert upgrade_points(player(("large_storage",))) == 2
    assert upgrade_points(player(("large_storage", "worm_tub"))) == 0 + 1  # no longer the only equipment
    assert upgrade_points(player(("coppersmith",))) == 2
    assert upgrade_points(player(("coppersmith", "biochemist"))) == 0 + 2  # Biochemist: 1 per specialist
    assert upgrade_points(player(("biochemist", "architect", "celebrity_promoter"))) == 3 + 3 + 1
    aging = player(("warehouse_manager",), ("gin",))
    aging.spirits = [Spirit(1, 0, "rum", ["mixed_plants"], "wood_barrel", 1, label=True, warehouse=1)]
    assert upgrade_points(aging) == 1  # labels on aging spirits count


def test_the_trucker_scores_the_money_of_the_revealed_premium_ingredient() -> None:
    p = player(("trucker",))
    assert upgrade_points(p, revealed="grapes") == 3 and upgrade_points(p, revealed="sorghum") == 0
    assert upgrade_points(p) == 0


@cache
def round_7() -> GameState:
    return drive(Game().start(), at("market", 7))


def test_tour_guide_converts_money_3_to_1() -> None:
    assert money_rate(player(("tour_guide",))) == 3 and money_rate(player(())) == 5
    _, final = finish(with_player(round_7(), 0, money=11, upgrades=["tour_guide"]))
    score = final.players[0].score
    assert score is not None and (score["money_sp"], score["money"]) == (3, 2)


def test_the_trucker_reveal_is_recorded_with_the_final_scores() -> None:
    state = with_player(round_7(), 0, upgrades=["trucker"])
    events, final = finish(state)
    ended = one(events, ev.GameEnded)
    assert ended.revealed is not None and CARDS[ended.revealed].kind.value == "sugar"
    assert ended.scores[0]["upgrades"] == CARDS[ended.revealed].money
    assert ended.revealed == final.decks["ingredients"][-1]  # revealed, not taken
    assert one(finish(round_7())[0], ev.GameEnded).revealed is None  # nobody holds a Trucker


def test_gear_head_and_delegation_count_the_upgrades_formulas_too() -> None:
    gear = player(("natural_spring", "large_storage"), goals=["gear_head", "delegation"])  # 2 + 0 SP, 0
    worm = Player(seat=1, name="P1", distiller="angus", upgrades=["worm_tub", "trucker"], goals=["gear_head"])
    state = GameState(players=[gear, worm])
    assert goals_won(state) == {0: 6, 1: 0}  # equipment SP: 2 against 1
    gear.goals = ["delegation"]
    worm.goals = ["delegation"]
    gear.upgrades = ["natural_spring", "celebrity_promoter"]  # specialist SP: 1
    assert goals_won(state, revealed="grapes") == {0: 0, 1: 6}  # the Trucker's 3 SP
    assert goals_won(state, revealed="sorghum") == {0: 6, 1: 0}
