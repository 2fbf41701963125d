"""Solo goals (RULES §3.10): offers after Distill and Sell, Collect at any time, Earn at round end, C rewards,
declining, one goal per event type, unlocking neighbours, closed rows and the Swap card."""

from __future__ import annotations

from domain import commands as c
from domain import events as ev
from domain.catalogue import CARDS
from domain.catalogue.model import UpgradeKind
from domain.legal import game_actions as legal_actions
from domain.solo import claimable_at, target
from domain.state import GameState, Sale
from domain.view import view
from tests.domain.builders import (
    SOLO_GRID,
    Cut,
    Game,
    assert_legal_agree,
    edit,
    one,
    play,
    then_rejected,
    types,
    when,
    with_player,
)
from tests.domain.positions import BASIC, OLD, at, distilling, drive, selling

SOLO = Game(players=1)
EQUIPMENT = [k for k, d in CARDS.items() if d.upgrade_kind is UpgradeKind.EQUIPMENT][:3]


def grid(row0: tuple[str, ...]) -> Game:
    rest = [g for row in SOLO_GRID[1:] for g in row if g not in row0]
    spare = [g for g in SOLO_GRID[0] if g not in row0 and g not in rest]
    rest = rest + spare
    return Game(players=1, solo_grid=(row0, tuple(rest[:3]), tuple(rest[3:7]), tuple(rest[7:10]),
                                      tuple(rest[10:12])))


def sold_old_whiskey(game: Game = SOLO, **seat0: object) -> tuple[list[object], GameState]:
    state = selling(aging=[OLD], game=game, **seat0)
    spirit = state.players[0].spirits[0].id
    events = when(state, c.Sell(seat=0, spirit=spirit, bottle="glass_bottle"))
    return events, play(state, c.Sell(seat=0, spirit=spirit, bottle="glass_bottle"))


def test_sell_goals_are_offered_right_after_the_sale_and_block_everything_else() -> None:
    events, state = sold_old_whiskey()
    assert types(events) == ["spirit_sold", "goals_offered"]
    offer = one(events, ev.GoalsOffered)
    assert (offer.trigger, offer.goals) == ("sell", ("C8", "C18"))  # >= 8 SP; two grain sugars
    assert legal_actions(state, 0) == [c.ClaimGoal(goal="C8"), c.ClaimGoal(goal="C18"), c.DeclineGoals()]
    assert assert_legal_agree(state) == 3
    then_rejected(state, c.PlaceLabel(seat=0, space=0), "goals_offered")
    then_rejected(state, c.PassTurn(seat=0), "goals_offered")


def test_a_claimed_c_goal_pays_at_once_and_the_spirit_satisfies_one_sell_goal_only() -> None:
    _, state = sold_old_whiskey()
    money = state.players[0].money
    events = when(state, c.ClaimGoal(goal="C8"))
    claimed = one(events, ev.GoalClaimed)
    assert (claimed.row, claimed.position, claimed.money, claimed.sp) == (0, 0, 2, 0)
    state = play(state, c.ClaimGoal(goal="C8"))
    assert state.players[0].money == money + 2 and state.solo is not None
    assert state.solo.completed == ["C8"] and state.solo.offered == []  # C18 is spent for this sale
    assert state.players[0].pending is not None and state.players[0].pending.kind == "place_label"
    then_rejected(state, c.ClaimGoal(goal="C18"), "goal_not_offered")


def test_declining_clears_the_offer_but_a_collect_goal_met_stays_claimable() -> None:
    game = grid(("C18", "C5"))  # C5: 2 different labels
    _, state = sold_old_whiskey(game, label_spaces=["vodka", "gin", None, None, None, None, None])
    assert state.solo is not None and state.solo.offered == ["C18"]
    assert c.ClaimGoal(goal="C5") in legal_actions(state, 0)  # Collect goals: at any time
    state = play(state, c.DeclineGoals())
    assert state.solo is not None and state.solo.offered == []
    then_rejected(state, c.ClaimGoal(goal="C18"), "goal_not_offered")
    assert c.ClaimGoal(goal="C5") in legal_actions(state, 0)
    sp, money = state.players[0].sp, state.players[0].money
    state = play(state, c.ClaimGoal(goal="C5"))
    assert state.solo is not None and state.solo.completed == ["C5"]
    assert (state.players[0].sp, state.players[0].money) == (sp + 1, money + 1)
    then_rejected(state, c.DeclineGoals(), "no_offer")


def test_distill_goals_are_offered_right_after_the_spirit_is_named() -> None:
    game = grid(("C10", "C12"))
    state = distilling(["mixed_grains", *BASIC], game=game, cubes=["whiskey"],
                       storeroom=["metal_barrel", "glass_bottle", "wood_barrel"])
    state = play(state, c.Distill(seat=0, washback=("mixed_grains", *BASIC)), rng=Cut(top="yeast", bottom="water"))
    events = when(state, c.NameSpirit(seat=0, recipe="whiskey", barrel="wood_barrel"))
    assert types(events)[-1] == "goals_offered" and one(events, ev.GoalsOffered).goals == ("C10",)
    state = play(state, c.NameSpirit(seat=0, recipe="whiskey", barrel="wood_barrel"))
    assert state.phase == "distill"  # the flow waits for the answer
    money = state.players[0].money
    state = play(state, c.ClaimGoal(goal="C10"))
    assert state.players[0].money == money + 3 and state.phase != "distill"


def test_collect_goals_are_claimed_at_any_time_once_met() -> None:
    state = grid(("C1", "C5")).start()
    assert c.ClaimGoal(goal="C1") not in legal_actions(state, 0)
    then_rejected(state, c.ClaimGoal(goal="C1"), "goal_not_met")
    state = with_player(state, 0, label_spaces=["vodka", "gin", None, None, None, None, None])
    assert {c.ClaimGoal(goal="C1"), c.ClaimGoal(goal="C5")} <= set(legal_actions(state, 0))
    state = play(state, c.ClaimGoal(goal="C1"))
    assert state.players[0].sp == 2 and state.phase == "market" and state.turn == 0


def test_earn_goals_are_offered_only_at_the_end_of_the_round_for_that_round() -> None:
    state = grid(("C7", "C9")).start()
    then_rejected(state, c.ClaimGoal(goal="C7"), "goal_not_offered")
    sale = Sale(recipe="vodka", money=9, sp=3, alcohol=1, sugars=1, flavors=0, aged=False, region_match=False)
    state = with_player(state, 0, sp=10, sales=[sale])
    state = drive(state, lambda s: s.solo is not None and bool(s.solo.offered))
    assert state.phase == "round_end" and state.solo is not None and state.solo.offered == ["C7", "C9"]
    state = play(state, c.ClaimGoal(goal="C7"))
    assert state.solo is not None and state.solo.offered == ["C9"]  # not the same spirit: both count
    state = play(state, c.ClaimGoal(goal="C9"))
    assert (state.players[0].sp, state.round, state.phase) == (11, 2, "market")


def test_earn_counts_only_what_this_round_brought() -> None:
    state = grid(("C9", "C7")).start()
    state = drive(state, at("market", 2))
    state = with_player(state, 0, sp=state.players[0].sp + 7)  # 7 SP this round: not enough
    state = drive(state, at("market", 3))
    assert state.solo is not None and state.solo.completed == []


def test_completing_a_goal_unlocks_and_reveals_the_two_above_in_a_wider_row() -> None:
    _, state = sold_old_whiskey()
    events = when(state, c.ClaimGoal(goal="C8"))
    claimed = one(events, ev.GoalClaimed)
    assert claimed.unlocked == ((1, 0), (1, 1)) and claimed.revealed == ("C1", "C10")
    state = play(state, c.ClaimGoal(goal="C8"))
    cells = view(state, 0)["solo"]["rows"][1]
    assert [x["card"] for x in cells] == ["C1", "C10", None] and [x["available"] for x in cells] == [True, True, False]


def test_moving_up_closes_the_rows_below_and_a_narrower_row_unlocks_p_minus_1_and_p() -> None:
    def position(s: GameState) -> None:
        assert s.solo is not None
        s.solo.completed = ["C8", "C1"]
        s.solo.revealed[1] = [True, True, False]
        s.solo.available[1] = [True, True, False]
        s.solo.available[2] = [False, False, True, False]

    state = edit(SOLO.start(), position)
    state = with_player(state, 0, upgrades=EQUIPMENT)
    assert state.solo is not None and not claimable_at(state.solo, 0, 1)  # row 2 done: row 1 is closed
    then_rejected(state, c.ClaimGoal(goal="C18"), "goal_locked")
    events = when(state, c.ClaimGoal(goal="B4"))
    claimed = one(events, ev.GoalClaimed)
    assert claimed.unlocked == ((2, 1), (2, 3), (3, 1), (3, 2)) and claimed.revealed == ("C9", "C6")
    state = play(state, c.ClaimGoal(goal="B4"))
    assert state.solo is not None and target(state.solo) == 14
    assert not claimable_at(state.solo, 1, 1) and claimable_at(state.solo, 2, 1)


def test_the_swap_card_swaps_two_goals_of_a_row_once_and_adds_5_to_the_target() -> None:
    state = SOLO.start()
    swaps = [a for a in legal_actions(state, 0) if isinstance(a, c.SwapGoals)]
    assert len(swaps) == 1 + 6 + 1  # rows 1, 3 and 5 are face up; 2 and 4 are not
    then_rejected(state, c.SwapGoals(row=1, a=0, b=1), "cannot_swap")
    then_rejected(state, c.SwapGoals(row=0, a=1, b=1), "cannot_swap")
    events = when(state, c.SwapGoals(row=0, a=0, b=1))
    assert one(events, ev.GoalsSwapped).cards == ("C8", "C18")
    state = play(state, c.SwapGoals(row=0, a=0, b=1))
    assert state.solo is not None and state.solo.grid[0] == ["C18", "C8"] and target(state.solo) == 5
    assert not any(isinstance(a, c.SwapGoals) for a in legal_actions(state, 0))
    then_rejected(state, c.SwapGoals(row=2, a=0, b=1), "swap_used")


def test_goal_commands_are_refused_outside_solo() -> None:
    state = Game().start()
    then_rejected(state, c.ClaimGoal(goal="C8"), "not_solo")
    then_rejected(state, c.SwapGoals(row=0, a=0, b=1), "not_solo")
